package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.HtmlReport;
import io.workbench.mainjob.report.MarkdownReport;
import io.workbench.mainjob.report.results.ConcurrencyCap;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.suite.generator.GeneratorProcess;
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
                "and a stream scenario against every target, each a JVM of its own, all started together, warmed,",
                "then measured in rounds, and writes results.json, report.md and report.html (one self-contained",
                "page) into results/<timestamp>/."})
public final class RunCommand implements Callable<Integer> {

    static final int EXIT_INTERRUPTED = 130;
    /** The generator JVM's own stderr, in the run's directory (each load run's is in its own directory). */
    static final String GENERATOR_STDERR = "generator.stderr";

    @Spec
    private CommandSpec spec;

    @Option(names = "--profile", paramLabel = "P", defaultValue = "quick",
            description = "quick (default: 4 targets, every scenario, 3 rounds, at most 10 min), standard (5 rounds of "
                    + "about 10 s runs) or study (the 2016 values, 10 rounds and its 100,000 req/s overload; hours)")
    private String profileName;

    @Option(names = "--targets", paramLabel = "LIST", split = ",",
            description = "server:strategy cells, e.g. iocore:sync,netty:async-complete, or all (default: the profile's); "
                    + "a cell listed twice runs twice, the second as cell#2")
    private List<String> targetNames;

    @Option(names = "--scenarios", paramLabel = "LIST", split = ",",
            description = "scenarios to run, in the study's order (default: concurrency-level, slow-requests, "
                    + "high-concurrency, overhead, stream; and overload in the study profile)")
    private List<String> scenarioNames;

    @Option(names = "--repeat", paramLabel = "N",
            description = "rounds: measured runs of each target per scenario, one per round (default: the profile's)")
    private Integer repeat;

    @Option(names = "--out", paramLabel = "DIR", description = "where the results go (default: results/<timestamp>)")
    private Path out;

    @Option(names = "--network", paramLabel = "N", defaultValue = "loopback",
            description = "loopback (default): target and generator on 127.0.0.0/8; netns: each in a network namespace "
                    + "of its own, joined by a veth pair the run creates and removes (root only)")
    private String network;

    @Option(names = "--trace",
            description = "start every target with --trace and trace every measured run: the report shows where each request's "
                    + "time went, part by part (see docs/loadgen.md); costs the target a little CPU per request")
    private boolean trace;

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
        List<Scenario> scenarios = scenarios(profile);
        JvmLaunch launch = JvmLaunch.current(targetClasspath);
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
        TargetGroups groups = TargetGroups.of(targets, TargetGroups.heapBytes(launch.targetFlags(), 4L << 30),
                TargetGroups.heapBytes(launch.loadFlags(), 1L << 30) + TargetGroups.NATIVE_BYTES, TargetGroups.availableMemory());
        // Built once every option is known to be good, so a bad option leaves nothing to remove, and before the
        // results directory, so a refused network leaves no empty run behind.
        try (Network connection = network(shape, launch, pinning, dir)) {
            Files.createDirectories(dir);
            SuitePlan plan = new SuitePlan(commandText(), profile, scale, targets, groups, presets, cap, dir, launch, pinning, connection,
                    Duration.ofSeconds(readyTimeoutSeconds), trace);
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
        GeneratorProcess generator = new GeneratorProcess(LaunchLines.generator(plan.network(), plan.pinning(), plan.launch()),
                dir.resolve(GENERATOR_STDERR));
        Interruption interruption = Interruption.install(() -> {
            err.println("\nworkbench run: interrupted: stopping the run under way, keeping what finished, writing the report");
            generator.stopCurrent();
        });
        progress.say("profile " + profile + (scale != 1 ? " scaled by " + scale : "") + ", " + targets.size() + " target(s) x "
                + presets.size() + " scenario(s), planned " + Math.round(plan.plannedSeconds() / 60.0) + " min; results in " + dir);
        boolean runnerPinned = plan.pinning().pinRunner();
        progress.say(plan.pinning().record().pinned()
                ? "pinning: targets on CPU " + plan.pinning().record().targetCpus() + ", generator on CPU " + plan.pinning().record().loadCpus()
                        + (runnerPinned ? ", this runner beside the generator" : "")
                : "no pinning: " + plan.pinning().record().note());
        TargetGroups groups = plan.groups();
        progress.say(groups.split()
                ? targets.size() + " targets in " + groups.groups().size() + " groups, run one after another and compared within "
                        + "each only: " + groups.reason()
                : "all " + targets.size() + " target(s) at once, interleaved round by round, the idle ones waiting on the target CPU "
                        + "beside the one measured (" + groups.reason() + ")");
        progress.say("network: " + plan.network().description());
        if (cap.capped()) {
            progress.say("concurrency-level: " + cap.explanation());
        }
        for (Preset preset : presets) {
            GeneratorReach.REFERENCE.beyond(preset).ifPresent(why -> progress.say(preset.scenario()
                    + ": run as asked and marked in the report: " + why));
        }
        RunResults results = new SuiteRunner(plan, progress, interruption, generator).run();
        progress.say(String.format(Locale.ROOT, "done in %.0f s: %s and %s", (results.finishedEpochMillis() - results.startedEpochMillis()) / 1000.0,
                dir.resolve(MarkdownReport.FILE_NAME), dir.resolve(HtmlReport.FILE_NAME)));
        return results.interrupted() ? EXIT_INTERRUPTED : 0;
    }

    private List<Scenario> scenarios(Profile profile) {
        if (scenarioNames == null || scenarioNames.isEmpty()) {
            return profile.defaultScenarios();
        }
        LinkedHashSet<Scenario> chosen = new LinkedHashSet<>();
        for (String name : scenarioNames) {
            chosen.add(Scenario.byName(name.trim()).orElseThrow(() -> invalid(
                    "unknown scenario '" + name + "' (known: " + Scenario.names() + ")")));
        }
        // Always in the study's order: concurrency-level first, as the study ran it.
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
        List<TargetId> targets = new ArrayList<>();
        for (String name : names) {
            if (explicit) {
                // Run as given: a cell the target command refuses is recorded as refused, with its reason. A cell
                // listed again is another target, its second copy (#2): an A/A test of the whole chain.
                TargetId cell;
                try {
                    cell = TargetId.parse(name.trim());
                } catch (IllegalArgumentException bad) {
                    throw invalid(bad.getMessage());
                }
                long listed = targets.stream().filter(target -> target.cell().equals(cell.cell())).count();
                targets.add(cell.withCopy((int) listed + 1));
                continue;
            }
            // A profile's entry may name alternatives for servers that are not there yet: the first offered.
            Arrays.stream(name.split("\\|")).map(TargetId::parse).filter(offered::contains).filter(cell -> !targets.contains(cell))
                    .findFirst().ifPresent(targets::add);
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
            if (argument.startsWith("--target-classpath") || argument.startsWith("--results-root")) {
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
