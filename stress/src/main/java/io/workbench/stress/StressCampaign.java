package io.workbench.stress;

import io.workbench.stress.harness.Batch;
import io.workbench.stress.harness.Effort;
import io.workbench.stress.harness.Jcstress;
import io.workbench.stress.harness.StressCheck;
import io.workbench.stress.harness.Subject;
import io.workbench.stress.harness.SubjectReport;
import io.workbench.stress.harness.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Unmatched;

/**
 * {@code ./workbench stress} and {@code -Pjcstress}: runs the catalog's real implementations at the
 * effort the user asks for (jcstress's quick mode unless told otherwise), then each machine's
 * control copy and its mutants at the CI effort, writes jcstress's HTML reports and a summary under
 * the results directory, prints the summary, and exits 0 only if the real code and the controls
 * showed no FORBIDDEN outcome and every mutant was caught.
 *
 * <p>The copies run at the CI effort whatever the mode: their job is to show that the tests can
 * catch each bug, which a short run already shows; a tough mode would only make it slower.
 */
public final class StressCampaign {

    /** One run may take this long; a tough run of the whole suite takes hours on two cores. */
    private static final Duration RUN_TIMEOUT = Duration.ofHours(24);

    /** The command line, as picocli parses it; what it does not know goes to jcstress. */
    @Command(name = "./workbench stress", usageHelpWidth = 100, sortOptions = false,
            customSynopsis = "./workbench stress [options] [jcstress options]",
            description = {"",
                    "Runs the real state machines at the effort asked for (jcstress's quick mode unless told otherwise),",
                    "then each machine's control copy and its mutants at the CI effort (quick mode, one JVM configuration)."},
            footer = {"", "Other options go to jcstress for the real code, e.g. -m default, -m tough (default: -m quick).",
                    "The control copies and the mutants always run at the CI effort: quick mode, one JVM configuration."})
    static final class Options {
        @Option(names = "-t", paramLabel = "REGEX",
                description = "only the tests whose class names contain a match, for the real code and the copies")
        String test = "";
        @Option(names = "--real-only", description = "skip the control copies and the mutants")
        boolean realOnly;
        @Option(names = "--matrix", description = "run every mutant against every test of its machine: which tests catch which bug")
        boolean matrix;
        @Option(names = "--ci", description = "run the real code at the CI effort too (what ./workbench test runs)")
        boolean ci;
        @Option(names = "--results", paramLabel = "DIR", description = "where the reports and the summary go (default: results)")
        Path results = Path.of("results");
        @Option(names = "-l", description = "list the tests (jcstress -l)")
        boolean list;
        @Option(names = {"-h", "--help"}, description = "this text, then jcstress's options")
        boolean help;
        @Unmatched
        List<String> jcstressArgs = new ArrayList<>();

        /** Parses {@code args}; a wrong command line throws picocli's ParameterException, saying what is wrong. */
        static Options parse(String... args) {
            Options options = new Options();
            CommandLine line = commandLine(options);
            line.parseArgs(args);
            if (options.realOnly && options.matrix) {
                throw new ParameterException(line, "--real-only and --matrix exclude each other");
            }
            try {
                Pattern.compile(options.test);
            } catch (PatternSyntaxException e) {
                throw new ParameterException(line, "-t " + options.test + ": " + e.getDescription());
            }
            if (options.ci && !options.jcstressArgs.isEmpty()) {
                throw new ParameterException(line, "--ci runs the CI effort; it takes no jcstress options (got " + options.jcstressArgs + ")");
            }
            return options;
        }

        StressCheck.Scope scope() {
            return realOnly ? StressCheck.Scope.REAL : matrix ? StressCheck.Scope.MATRIX : StressCheck.Scope.MUTANTS;
        }
    }

    private StressCampaign() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args, System.out));
    }

    /** The command line: unknown options and their values go to jcstress; {@code --results} may be given again (the last wins). */
    static CommandLine commandLine(Options options) {
        return new CommandLine(options).setOverwrittenOptionsAllowed(true).setUnmatchedOptionsArePositionalParams(true)
                .setExpandAtFiles(false);
    }

    static int run(String[] arguments, PrintStream out) throws IOException, InterruptedException {
        Path jar = ownJar();
        Options options;
        try {
            options = Options.parse(arguments);
        } catch (ParameterException e) {
            return usageError(e.getMessage());
        }
        if (options.help) {
            commandLine(new Options()).usage(out);
            out.println();
            return jcstressItself(jar, List.of("-h"));
        }
        Pattern filter = Pattern.compile(options.test);
        if (options.list) {
            return jcstressItself(jar, List.of("-l", "-t", filter.pattern()));
        }
        Effort copies = Effort.ci();
        Effort real;
        try {
            real = options.ci ? copies : Effort.of(options.jcstressArgs);
        } catch (IllegalArgumentException e) {
            return usageError(e.getMessage());
        }

        List<Subject> plan = StressCheck.plan(Catalog.MACHINES, filter, options.scope());
        if (plan.isEmpty()) {
            return usageError("-t " + filter + " matches no test of the catalog");
        }
        Path results = options.results;
        Files.createDirectories(results);
        StressCheck check = new StressCheck(new Jcstress(jar), results, out, true, RUN_TIMEOUT);
        List<SubjectReport> reports = new ArrayList<>();
        long start = System.nanoTime();
        for (Batch batch : Batch.of(plan)) {
            boolean realRun = batch.subjects().get(0).kind() == Subject.Kind.REAL;
            reports.addAll(realRun ? check.run(batch, real) : check.runUntilCaught(batch, copies, Effort.ciRetries()));
        }
        Summary summary = new Summary(Catalog.MACHINES, reports);
        Files.writeString(results.resolve("summary.txt"), summary.text());
        Files.writeString(results.resolve("summary.md"), summary.markdown());
        out.println();
        out.print(summary.text());
        out.printf("took %d s; reports: %s (summary.md, real/index.html, control/, mutants/)%n",
                Duration.ofNanos(System.nanoTime() - start).toSeconds(), results.toAbsolutePath());
        return summary.passed() ? 0 : 1;
    }

    /** Runs jcstress's own main with {@code args} in this terminal: listing, help. */
    private static int jcstressItself(Path jar, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Jcstress.jvmFlags());
        command.addAll(List.of("-cp", jar.toString(), "org.openjdk.jcstress.Main"));
        command.addAll(args);
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    /** The jcstress uber-jar this class was loaded from: the class path jcstress's forks will get. */
    private static Path ownJar() {
        try {
            Path location = Path.of(StressCampaign.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(location) || !location.toString().endsWith(".jar")) {
                throw new IllegalStateException("run StressCampaign from stress/target/jcstress.jar, not from "
                        + location + ": jcstress's forked VMs need the uber-jar on their class path");
            }
            return location;
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the jar of " + StressCampaign.class, e);
        }
    }

    private static int usageError(String message) {
        System.err.println("stress: " + message);
        commandLine(new Options()).usage(System.err);
        return 2;
    }
}
