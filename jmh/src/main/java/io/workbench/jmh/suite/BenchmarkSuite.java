package io.workbench.jmh.suite;

import io.workbench.jmh.callback.CallbackPatternsBenchmark;
import io.workbench.jmh.http.HttpParserBenchmark;
import io.workbench.jmh.report.ResultsReport;
import io.workbench.jmh.report.RunDescription;
import io.workbench.jmh.selector.SelectorQueueBenchmark;
import io.workbench.jmh.state.StateWordBenchmark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Unmatched;

/**
 * The benchmark sets the workbench runs by name, with the settings that make them fit their time:
 * what {@code ./workbench jmh} and {@code ./workbench jmh --quick} run, and what the CI smoke test
 * runs.
 *
 * <ul>
 *   <li>{@link Preset#DEFAULT}: every benchmark with the forks, warm-up and measurement its class
 *       declares, and {@code -prof gc}; about 10 minutes on 2 cores.</li>
 *   <li>{@link Preset#QUICK}: the same benchmarks and parameters in the launching JVM (no fork),
 *       one short warm-up and one short measurement each; under a minute. It proves the
 *       benchmarks run and count right; its numbers are not results (no fork, no real warm-up,
 *       every pattern's profile in one JVM).</li>
 * </ul>
 *
 * <p>{@link #main} runs a preset, or JMH's own command line, and leaves the JMH JSON, a
 * description of the machine and the Markdown report side by side under a results directory.
 */
public final class BenchmarkSuite {

    /** Every benchmark class the suite runs. */
    public static final List<Class<?>> BENCHMARKS =
            List.of(CallbackPatternsBenchmark.class, StateWordBenchmark.class, SelectorQueueBenchmark.class,
                    HttpParserBenchmark.class);

    /** The named sets of settings. */
    public enum Preset {
        QUICK {
            @Override
            public ChainedOptionsBuilder options() {
                return includeAll()
                        .forks(0)
                        .warmupIterations(1)
                        .warmupTime(TimeValue.milliseconds(50))
                        .measurementIterations(1)
                        .measurementTime(TimeValue.milliseconds(100))
                        .timeout(TimeValue.seconds(60));
            }
        },
        DEFAULT {
            @Override
            public ChainedOptionsBuilder options() {
                return includeAll().addProfiler(GCProfiler.class);
            }
        };

        /** @return JMH options for this preset; add a result file or verbosity as needed */
        public abstract ChainedOptionsBuilder options();

        /** @return the preset's name on the command line */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The suite's own command line, as picocli parses it: where the results go, the quick preset,
     * and JMH's own arguments, which JMH's parser reads.
     */
    @Command(name = "./workbench jmh", usageHelpWidth = 100, sortOptions = false,
            customSynopsis = "./workbench jmh [--quick | <JMH arguments>]   (./workbench jmh -h: JMH's arguments)")
    static final class Options {
        @Option(names = "--results", paramLabel = "DIR", description = "where the JSON, its description and the report go")
        Path results = Path.of("jmh/results");
        @Option(names = "--quick", description = "the quick preset: every benchmark in this JVM, briefly (not results)")
        boolean quick;
        @Unmatched
        List<String> jmhArgs = new ArrayList<>();

        /** Parses {@code args}; a wrong command line throws picocli's ParameterException, saying what is wrong. */
        static Options parse(String... args) {
            Options options = new Options();
            CommandLine line = new CommandLine(options).setUnmatchedOptionsArePositionalParams(true).setExpandAtFiles(false);
            line.parseArgs(args);
            if (options.quick && !options.jmhArgs.isEmpty()) {
                throw new ParameterException(line, "--quick takes no other arguments");
            }
            return options;
        }
    }

    private BenchmarkSuite() {
    }

    private static ChainedOptionsBuilder includeAll() {
        ChainedOptionsBuilder options = new OptionsBuilder().shouldFailOnError(true);
        for (Class<?> benchmark : BENCHMARKS) {
            options.include("^" + Pattern.quote(benchmark.getName()) + "\\.");
        }
        return options;
    }

    /** Runs the benchmarks {@code options} select, writing JMH's JSON as {@code json}. */
    public static void run(ChainedOptionsBuilder options, Path json) throws RunnerException {
        new Runner(options.resultFormat(ResultFormatType.JSON).result(json.toString()).build()).run();
    }

    /**
     * {@code BenchmarkSuite [--results <directory>] [--quick | <JMH arguments>]}: with no arguments
     * the default preset, with {@code --quick} the quick one, otherwise JMH's own command line
     * (benchmark regexps, {@code -p}, {@code -f}, {@code -prof gc}...). Unless the JMH arguments
     * choose their own result file, the run writes {@code <directory>/<date>-<name>.json}, its
     * {@code .run.properties} and its {@code .md} report, and prints the report. The system
     * property {@code workbench.command} names the command in the report.
     */
    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (ParameterException e) {
            exitWithUsage(e.getMessage());
            return;
        }
        String command = System.getProperty("workbench.command", "BenchmarkSuite " + String.join(" ", args));
        if (options.quick) {
            runAndReport(Preset.QUICK.options(), Preset.QUICK.label(), options.results, command);
        } else if (options.jmhArgs.isEmpty()) {
            runAndReport(Preset.DEFAULT.options(), Preset.DEFAULT.label(), options.results, command);
        } else {
            runJmhCommandLine(options.jmhArgs.toArray(String[]::new), options.results, command);
        }
    }

    private static void runJmhCommandLine(String[] args, Path directory, String command) throws Exception {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            exitWithUsage(e.getMessage());
            return;
        }
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()
                || options.getResult().hasValue() || options.getResultFormat().hasValue()) {
            // Help, lists, or a run that chose its own output: JMH's own front end, untouched.
            org.openjdk.jmh.Main.main(args);
            return;
        }
        runAndReport(new OptionsBuilder().parent(options), "custom", directory, command);
    }

    private static void runAndReport(ChainedOptionsBuilder options, String name, Path directory, String command)
            throws IOException {
        Files.createDirectories(directory);
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path json = directory.resolve(stamp + "-" + name + ".json");
        RunDescription run = RunDescription.ofThisMachine(command);
        long start = System.nanoTime();
        try {
            run(options, json);
        } catch (NoBenchmarksException e) {
            Files.deleteIfExists(json);
            System.err.println("jmh: no benchmark matches (./workbench jmh -l lists them)");
            System.exit(2);
        } catch (RunnerException e) {
            System.err.println("jmh: the run failed: " + (e.getCause() != null ? e.getCause() : e));
            System.exit(1);
        }
        run.write(RunDescription.besideJson(json));
        Path markdown = ResultsReport.writeBeside(json);
        System.out.println();
        System.out.print(Files.readString(markdown));
        System.out.printf("%nworkbench: %s run took %d s; results in %s, report in %s%n", name,
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start), json, markdown);
    }

    private static void exitWithUsage(String problem) {
        System.err.println("jmh: " + problem);
        System.err.println("usage: ./workbench jmh [--quick | <JMH arguments>]   (./workbench jmh -h: JMH's arguments)");
        System.exit(2);
    }
}
