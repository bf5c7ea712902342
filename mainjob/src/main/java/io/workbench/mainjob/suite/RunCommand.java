package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.HtmlReport;
import io.workbench.mainjob.report.MarkdownReport;
import io.workbench.mainjob.report.results.ConcurrencyCap;
import io.workbench.mainjob.report.results.RunResults;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./workbench run}: the 2016 study's scenarios against every target, each target a JVM of
 * its own, results and reports in {@code results/<timestamp>/}. Exit status 0 when the run went
 * through (failed targets are in the report), 130 when interrupted (the report is still written),
 * 2 for bad options, 1 when nothing could run.
 */
@Command(name = "run", sortOptions = false, usageHelpWidth = 100,
        description = {"Runs the 2016 study's scenarios (concurrency-level, slow-requests, high-concurrency, overhead)",
                "and a stream scenario against each target, one target JVM at a time, and writes results.json,",
                "report.md and report.html (one self-contained page) into results/<timestamp>/."})
public final class RunCommand implements Callable<Integer> {

    static final int EXIT_INTERRUPTED = 130;

    @Spec
    private CommandSpec spec;

    @Option(names = "--profile", paramLabel = "P", defaultValue = "quick",
            description = "quick (default: 4 targets, every scenario, well under 15 min), standard (about a minute per "
                    + "target and scenario) or study (the 2016 values; hours)")
    private String profileName;

    @Option(names = "--targets", paramLabel = "LIST", split = ",",
            description = "server:strategy cells, e.g. iocore:sync,netty:async-complete, or all (default: the profile's)")
    private List<String> targetNames;

    @Option(names = "--scenarios", paramLabel = "LIST", split = ",",
            description = "scenarios to run, in the study's order (default: all of " + "concurrency-level, slow-requests, "
                    + "high-concurrency, overhead, stream)")
    private List<String> scenarioNames;

    @Option(names = "--repeat", paramLabel = "N", description = "measured repetitions of each scenario (default: the profile's)")
    private Integer repeat;

    @Option(names = "--out", paramLabel = "DIR", description = "where the results go (default: results/<timestamp>)")
    private Path out;

    @Option(names = "--network", paramLabel = "N", defaultValue = "loopback",
            description = "loopback (default): target and generator on 127.0.0.0/8; netns: each in a network namespace "
                    + "of its own, joined by a veth pair the run creates and removes (root only)")
    private String network;

    @Option(names = "--shape-rate", paramLabel = "RATE",
            description = "netns only: limit each direction of the veth to RATE (e.g. 1gbit, 100mbit) with tc tbf")
    private String shapeRate;

    /** Test-only: every count multiplied by this, so a smoke test runs the whole path in seconds. */
    @Option(names = "--scale", hidden = true, defaultValue = "1")
    private double scale;

    @Option(names = "--results-root", hidden = true, defaultValue = "results")
    private Path resultsRoot;

    @Option(names = "--target-classpath", hidden = true, required = true)
    private String targetClasspath;

    @Option(names = "--load-classpath", hidden = true, required = true)
    private String loadClasspath;

    @Option(names = "--ready-timeout", hidden = true, defaultValue = "120",
            description = "seconds a target may take to print READY")
    private long readyTimeoutSeconds;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    private boolean help;

    private final PrintStream err;
    private final String[] arguments;

    RunCommand(PrintStream err, String[] arguments) {
        this.err = err;
        this.arguments = arguments;
    }

    public static void main(String[] args) {
        System.exit(commandLine(System.err, args).execute(args));
    }

    static CommandLine commandLine(PrintStream err, String[] args) {
        CommandLine commandLine = new CommandLine(new RunCommand(err, args));
        commandLine.setOut(new PrintWriter(System.out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setParameterExceptionHandler((invalid, ignored) -> {
            err.println("run: " + invalid.getMessage() + " (see --help)");
            return invalid.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        commandLine.setExecutionExceptionHandler((failed, line, parsed) -> {
            err.println("run: " + failed.getMessage());
            return 1;
        });
        return commandLine;
    }

    @Override
    public Integer call() throws IOException {
        Profile profile = Profile.byName(profileName).orElseThrow(() -> invalid(
                "unknown profile '" + profileName + "' (known: quick, standard, study)"));
        if (!network.equals("loopback") && !network.equals("netns")) {
            throw invalid("unknown --network '" + network + "' (known: loopback, netns)");
        }
        ShapeRate shape = null;
        if (shapeRate != null) {
            if (!network.equals("netns")) {
                throw invalid("--shape-rate shapes the veth pair of --network netns; loopback is not shaped");
            }
            try {
                shape = ShapeRate.parse(shapeRate);
            } catch (IllegalArgumentException bad) {
                throw invalid(bad.getMessage());
            }
        }
        if (!(scale > 0 && scale <= 1)) {
            throw invalid("--scale must be in (0, 1], was " + scale);
        }
        if (repeat != null && (repeat < 1 || repeat > 100)) {
            throw invalid("--repeat must be between 1 and 100, was " + repeat);
        }
        if (readyTimeoutSeconds < 1) {
            throw invalid("--ready-timeout must be at least 1 s");
        }
        List<Scenario> scenarios = scenarios();
        JvmLaunch launch = JvmLaunch.current(targetClasspath, loadClasspath);
        List<TargetId> targets = targets(profile, launch);

        ConcurrencyCap cap = ConcurrencyLimit.cap(
                Math.max(1, Math.round(profile.preset(Scenario.CONCURRENCY_LEVEL).requests() * scale)),
                ConcurrencyLimit.hardDescriptorLimit());
        List<Preset> presets = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            Preset preset = profile.preset(scenario).scaled(scale);
            if (scenario == Scenario.CONCURRENCY_LEVEL) {
                preset = preset.withRequests(cap.cap());
            }
            if (repeat != null) {
                preset = preset.withRepetitions(repeat);
            }
            presets.add(preset);
        }
        Path dir = out != null ? out : resultsRoot.resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (Files.exists(dir.resolve(RunResults.FILE_NAME))) {
            throw invalid(dir + " already holds a run; give another --out");
        }
        dir = dir.toAbsolutePath().normalize();

        Pinning pinning = Pinning.detect();
        // Built once every option is known to be good, so a bad option leaves nothing to remove, and before the
        // results directory, so a refused network leaves no empty run behind.
        try (Network connection = network(shape, launch, pinning, dir)) {
            Files.createDirectories(dir);
            SuitePlan plan = new SuitePlan(commandText(), profile, scale, targets, presets, cap, dir, launch, pinning, connection,
                    Duration.ofSeconds(readyTimeoutSeconds));
            return run(plan, profile, targets, presets, cap, dir);
        }
    }

    private Network network(ShapeRate shape, JvmLaunch launch, Pinning pinning, Path dir) {
        if (network.equals("loopback")) {
            return new LoopbackNetwork(Preset.SOURCE_ADDRESSES);
        }
        try {
            return NetnsNetwork.create(new NetnsLayout(ProcessHandle.current().pid(), shape), launch, pinning,
                    dir.resolve("stats-relay.stderr"));
        } catch (NetnsNetwork.Refused refused) {
            throw invalid(refused.getMessage());
        }
    }

    private int run(SuitePlan plan, Profile profile, List<TargetId> targets, List<Preset> presets, ConcurrencyCap cap, Path dir)
            throws IOException {
        Progress progress = new Progress(err, plan.plannedSeconds());
        LoadProcess load = new LoadProcess();
        Interruption interruption = Interruption.install(() -> {
            err.println("\nworkbench run: interrupted: stopping the current target, keeping what finished, writing the report");
            load.stopCurrent();
        });
        progress.say("profile " + profile + (scale != 1 ? " scaled by " + scale : "") + ", " + targets.size() + " target(s) x "
                + presets.size() + " scenario(s), planned " + Math.round(plan.plannedSeconds() / 60.0) + " min; results in " + dir);
        progress.say(plan.pinning().record().pinned()
                ? "pinning: targets on CPU " + plan.pinning().record().targetCpus() + ", generator on CPU " + plan.pinning().record().loadCpus()
                : "no pinning: " + plan.pinning().record().note());
        progress.say("network: " + plan.network().description());
        if (cap.capped()) {
            progress.say("concurrency-level: " + cap.explanation());
        }
        for (Preset preset : presets) {
            GeneratorReach.REFERENCE.beyond(preset).ifPresent(why -> progress.say(preset.scenario()
                    + ": run as asked and marked in the report: " + why));
        }
        RunResults results = new SuiteRunner(plan, progress, interruption, load).run();
        progress.say(String.format(Locale.ROOT, "done in %.0f s: %s and %s", (results.finishedEpochMillis() - results.startedEpochMillis()) / 1000.0,
                dir.resolve(MarkdownReport.FILE_NAME), dir.resolve(HtmlReport.FILE_NAME)));
        return results.interrupted() ? EXIT_INTERRUPTED : 0;
    }

    private List<Scenario> scenarios() {
        if (scenarioNames == null || scenarioNames.isEmpty()) {
            return List.of(Scenario.values());
        }
        LinkedHashSet<Scenario> chosen = new LinkedHashSet<>();
        for (String name : scenarioNames) {
            chosen.add(Scenario.byName(name.trim()).orElseThrow(() -> invalid(
                    "unknown scenario '" + name + "' (known: " + Scenario.names() + ")")));
        }
        // Always in the study's order: concurrency-level first, on a fresh JVM, as the study ran it.
        return Arrays.stream(Scenario.values()).filter(chosen::contains).toList();
    }

    private List<TargetId> targets(Profile profile, JvmLaunch launch) throws IOException {
        List<String> names = targetNames == null || targetNames.isEmpty() ? profile.defaultTargets() : targetNames;
        boolean explicit = targetNames != null && !targetNames.isEmpty();
        List<TargetId> offered = null;
        if (names.contains(TargetId.ALL) || !explicit) {
            offered = TargetCatalog.all(launch);
        }
        if (names.contains(TargetId.ALL)) {
            return offered;
        }
        LinkedHashSet<TargetId> targets = new LinkedHashSet<>();
        for (String name : names) {
            if (explicit) {
                // Run as given: a cell the target command refuses is recorded as refused, with its reason.
                try {
                    targets.add(TargetId.parse(name.trim()));
                } catch (IllegalArgumentException bad) {
                    throw invalid(bad.getMessage());
                }
                continue;
            }
            // A profile's entry may name alternatives for servers that are not there yet: the first offered.
            Arrays.stream(name.split("\\|")).map(TargetId::parse).filter(offered::contains).findFirst().ifPresent(targets::add);
        }
        if (targets.isEmpty()) {
            throw invalid("none of the profile's targets is offered by the target command; give --targets");
        }
        return List.copyOf(targets);
    }

    private String commandText() {
        List<String> shown = new ArrayList<>();
        shown.add("./workbench run");
        for (int i = 0; i < arguments.length; i++) {
            String argument = arguments[i];
            // The class paths are the launcher's plumbing, long and machine-specific: not part of the command a reader reruns.
            if (argument.startsWith("--target-classpath") || argument.startsWith("--load-classpath")
                    || argument.startsWith("--results-root")) {
                if (!argument.contains("=")) {
                    i++;
                }
                continue;
            }
            shown.add(argument);
        }
        return String.join(" ", shown);
    }

    private ParameterException invalid(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
