package io.workbench.loadgen.peer;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The command the benchmark scripts in {@code bench/} read a peer load tool's output with:
 * <pre>
 * java -cp loadgen/target/loadgen.jar:&lt;its runtime class path&gt; io.workbench.loadgen.peer.PeerOutput wrk|wrk2|h2load FILE
 * </pre>
 * prints the figures as {@code key=value} lines, one a line, that a shell reads without a parser:
 * times in milliseconds ({@code p99_ms=1.234}), rates per second, counts. Exit status 0; 1 with the
 * reason on stderr when the output cannot be read (the tool failed, or printed something else);
 * 2 on a wrong command line (picocli parses it; {@code --help} prints the usage).
 *
 * <p>wrk: {@code requests seconds rps transfer_bytes_per_s socket_errors_connect socket_errors_read
 * socket_errors_write socket_errors_timeout non_2xx_3xx errors}, and with {@code --latency}
 * {@code p50_ms p75_ms p90_ms p99_ms}. wrk2: the same summary, {@code corrected_p50_ms ...} up to
 * {@code corrected_p100_ms} and, with {@code -U}, {@code uncorrected_p50_ms ...}; a percentile's
 * dot becomes an underscore ({@code corrected_p99_9_ms}). h2load: {@code seconds rps
 * transfer_bytes_per_s total started done succeeded failed errored timeout status_2xx status_3xx
 * status_4xx status_5xx}.
 */
@Command(name = "peer-output", usageHelpWidth = 100, sortOptions = false,
        description = "Prints the figures of a wrk, wrk2 or h2load output in FILE as key=value lines (the bench scripts read their peers' output through it).")
public final class PeerOutput implements Callable<Integer> {

    /** The tools whose output is read, named on the command line in lower case. */
    enum Tool {
        WRK, WRK2, H2LOAD;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    @Parameters(index = "0", paramLabel = "TOOL", description = "wrk, wrk2 or h2load")
    private Tool tool;

    @Parameters(index = "1", paramLabel = "FILE", description = "the tool's output, as it printed it")
    private Path file;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    private boolean help;

    private final PrintStream out;
    private final PrintStream err;

    private PeerOutput(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine line = new CommandLine(new PeerOutput(out, err)).setCaseInsensitiveEnumValuesAllowed(true);
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        line.setParameterExceptionHandler((invalid, ignored) -> {
            err.println("usage: PeerOutput wrk|wrk2|h2load FILE  (prints the figures of the tool's output in FILE as key=value lines): "
                    + invalid.getMessage());
            return 2;
        });
        return line.execute(args);
    }

    @Override
    public Integer call() {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println(tool.label() + " output: cannot read " + file + ": " + e);
            return 1;
        }
        try {
            figures(tool.label(), text).forEach(out::println);
            return 0;
        } catch (UnreadableOutputException e) {
            err.println(file + ": " + e.getMessage());
            return 1;
        }
    }

    /** The key=value lines of {@code tool}'s output {@code text}. */
    static List<String> figures(String tool, String text) {
        List<String> lines = new ArrayList<>();
        switch (tool) {
            case "wrk" -> {
                WrkOutput wrk = WrkOutput.parse(text);
                summary(lines, wrk.summary());
                percentiles(lines, "", wrk.latency());
            }
            case "wrk2" -> {
                Wrk2Output wrk2 = Wrk2Output.parse(text);
                summary(lines, wrk2.summary());
                percentiles(lines, "corrected_", wrk2.corrected());
                percentiles(lines, "uncorrected_", wrk2.uncorrected());
            }
            case "h2load" -> {
                H2loadOutput h2load = H2loadOutput.parse(text);
                lines.add("seconds=" + seconds(h2load.finishedIn()));
                lines.add(String.format(Locale.ROOT, "rps=%.2f", h2load.requestsPerSecond()));
                lines.add(String.format(Locale.ROOT, "transfer_bytes_per_s=%.0f", h2load.transferPerSecond()));
                lines.add("total=" + h2load.total());
                lines.add("started=" + h2load.started());
                lines.add("done=" + h2load.done());
                lines.add("succeeded=" + h2load.succeeded());
                lines.add("failed=" + h2load.failed());
                lines.add("errored=" + h2load.errored());
                lines.add("timeout=" + h2load.timeout());
                lines.add("status_2xx=" + h2load.status2xx());
                lines.add("status_3xx=" + h2load.status3xx());
                lines.add("status_4xx=" + h2load.status4xx());
                lines.add("status_5xx=" + h2load.status5xx());
            }
            default -> throw new IllegalArgumentException("unknown tool " + tool);
        }
        return lines;
    }

    private static void summary(List<String> lines, WrkSummary summary) {
        lines.add("requests=" + summary.requests());
        lines.add("seconds=" + seconds(summary.elapsed()));
        lines.add(String.format(Locale.ROOT, "rps=%.2f", summary.requestsPerSecond()));
        lines.add(String.format(Locale.ROOT, "transfer_bytes_per_s=%.0f", summary.transferPerSecond()));
        lines.add("socket_errors_connect=" + summary.socketErrors().connect());
        lines.add("socket_errors_read=" + summary.socketErrors().read());
        lines.add("socket_errors_write=" + summary.socketErrors().write());
        lines.add("socket_errors_timeout=" + summary.socketErrors().timeout());
        lines.add("non_2xx_3xx=" + summary.non2xx3xx());
        lines.add("errors=" + summary.errors());
    }

    private static void percentiles(List<String> lines, String prefix, LatencyDistribution latency) {
        for (Map.Entry<Double, Duration> p : latency.percentiles().entrySet()) {
            lines.add(String.format(Locale.ROOT, "%sp%s_ms=%.3f", prefix, percentileName(p.getKey()),
                    PrintedDuration.millis(p.getValue())));
        }
    }

    /** 50 -> "50", 99.9 -> "99_9", 99.999 -> "99_999": a name a shell variable can carry. */
    static String percentileName(double percentile) {
        return new java.math.BigDecimal(Double.toString(percentile)).stripTrailingZeros().toPlainString().replace('.', '_');
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.3f", duration.toNanos() / 1e9);
    }
}
