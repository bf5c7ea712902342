package io.workbench.hyperfoil.engine;

import io.workbench.hyperfoil.export.BenchmarkPlan;
import io.workbench.hyperfoil.export.BenchmarkYaml;
import io.workbench.loadgen.foreign.ForeignRun;
import io.workbench.loadgen.foreign.ForeignRunFiles;
import io.workbench.loadgen.foreign.RunTable;
import io.workbench.loadgen.plan.Durations;
import io.workbench.loadgen.plan.RunOptions;
import io.workbench.loadgen.summary.SummaryJson;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code ./workbench load --engine hyperfoil URL --rate R ...}: the load command's open-model run,
 * driven by Hyperfoil in this process instead of the workbench's generator. The options it shares
 * with the load command mean the same; the run is written as a Hyperfoil benchmark (kept beside the
 * results as {@code benchmark.hf.yaml}), run with Hyperfoil's in-process runner, and its statistics
 * become the load command's files ({@code summary.json} with {@code engine: hyperfoil},
 * {@code send-to-end.hgrm}, {@code latency.hlog}).
 */
@Command(name = "load --engine hyperfoil", sortOptions = false, usageHelpWidth = 100,
        description = {"An open-model run through Hyperfoil in this process: the same files as the load command,",
                "with Hyperfoil's one latency (send->end: it times a request from its send)."})
public final class HyperfoilLoadCommand implements Callable<Integer> {

    /** The options the load command takes too, with the same names, defaults and meaning. */
    @Mixin
    private final RunOptions common = new RunOptions();

    @Option(names = "--connections", paramLabel = "C", defaultValue = "64",
            description = "connections Hyperfoil opens to the target (sharedConnections; default 64)")
    private int connections;

    @Option(names = "--max-sessions", paramLabel = "M",
            description = "requests that may be in flight (maxSessions; default: one second of arrivals, Hyperfoil's default)")
    private Integer maxSessions;

    private final String[] args;

    HyperfoilLoadCommand(String[] args) {
        this.args = args;
    }

    /** Hyperfoil's log: warnings and worse, on stderr (set before Log4j starts). */
    static final String LOG_CONFIG = "workbench-hyperfoil-log4j2.xml";

    public static void main(String[] args) {
        if (System.getProperty("log4j2.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", LOG_CONFIG);
        }
        System.exit(commandLine(args).execute(args));
    }

    static CommandLine commandLine(String[] args) {
        PrintWriter err = new PrintWriter(System.err, true);
        CommandLine line = new CommandLine(new HyperfoilLoadCommand(args));
        line.setOut(err);
        line.setErr(err);
        line.setParameterExceptionHandler((invalid, ignored) -> {
            err.println("load --engine hyperfoil: " + invalid.getMessage() + " (see --help)");
            return 2;
        });
        line.setExecutionExceptionHandler((failed, ignored, parsed) -> {
            err.println("load --engine hyperfoil: " + failed);
            return failed instanceof IllegalArgumentException ? 2 : 1;
        });
        return line;
    }

    /** The run as a Hyperfoil benchmark. */
    BenchmarkPlan plan() {
        if (common.rate() == null || common.rate() <= 0) {
            throw new IllegalArgumentException("--rate R is needed, above 0: Hyperfoil runs the open model");
        }
        double rate = common.rate();
        String duration = common.duration();
        Long requests = common.requests();
        String arrivals = arrivals();
        URI url = url();
        if ((duration == null) == (requests == null)) {
            throw new IllegalArgumentException("give one of --duration or --requests");
        }
        if (!arrivals.equals("exponential") && !arrivals.equals("constant")) {
            throw new IllegalArgumentException("--arrivals is exponential or constant, got " + arrivals);
        }
        long measuredMillis = duration != null ? Durations.parseNanos("--duration", duration) / 1_000_000
                : Math.round(requests / rate * 1000);
        long warmupMillis = common.warmup() == null ? 0 : Durations.parseNanos("--warmup", common.warmup()) / 1_000_000;
        long sessions = maxSessions != null ? maxSessions : (long) Math.ceil(rate);
        String path = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        BenchmarkPlan.MeasuredPhase measured = new BenchmarkPlan.MeasuredPhase("measured", rate, arrivals.equals("exponential"),
                sessions, Math.max(1, measuredMillis), 0, 1, true);
        BenchmarkPlan.Warmup warm = warmupMillis > 0 ? new BenchmarkPlan.Warmup("warmup", 0, rate, warmupMillis) : null;
        return new BenchmarkPlan("workbench-load", BenchmarkPlan.origin(url), path, warm, measured, connections,
                Durations.parseNanos("--timeout", common.timeout()) / 1_000_000, common.threads(), List.of());
    }

    private String arrivals() {
        return common.arrivals() == null ? "exponential" : common.arrivals();
    }

    private URI url() {
        try {
            return new URI(common.url());
        } catch (java.net.URISyntaxException x) {
            throw new IllegalArgumentException("URL " + common.url() + ": " + x.getMessage());
        }
    }

    @Override
    public Integer call() throws Exception {
        BenchmarkPlan plan = plan();
        String command = "load --engine hyperfoil " + String.join(" ", args);
        String yaml = BenchmarkYaml.render(plan, List.of("Written by: ./workbench " + command));
        Path dir = common.out() != null ? common.out() : Path.of("loadgen-results",
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-hyperfoil");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("benchmark.hf.yaml"), yaml, StandardCharsets.UTF_8);
        InProcessHyperfoil.Outcome outcome = InProcessHyperfoil.run(yaml);
        ForeignRun run = HyperfoilRun.of(outcome, common.label(), command, common.url(), arrivals(), common.rate(),
                plan.measured().durationMillis(), common.minRateFraction());
        Path summary = ForeignRunFiles.write(dir, run);
        if (!common.quiet()) {
            System.err.print(RunTable.render(List.of(new RunTable.Row(dir.toString(), SummaryJson.readSummary(summary)))));
            run.notes().forEach(note -> System.err.println("  " + note));
        }
        System.out.println("SUMMARY " + summary);
        return 0;
    }
}
