package io.workbench.loadgen.peer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command the benchmark scripts in {@code bench/} read a peer load tool's output with:
 * <pre>
 * java -cp loadgen/target/loadgen.jar io.workbench.loadgen.peer.PeerOutput wrk|wrk2|h2load FILE
 * </pre>
 * prints the figures as {@code key=value} lines, one a line, that a shell reads without a parser:
 * times in milliseconds ({@code p99_ms=1.234}), rates per second, counts. Exit status 0; 1 with the
 * reason on stderr when the output cannot be read (the tool failed, or printed something else);
 * 2 on a wrong command line.
 *
 * <p>wrk: {@code requests seconds rps transfer_bytes_per_s socket_errors_connect socket_errors_read
 * socket_errors_write socket_errors_timeout non_2xx_3xx errors}, and with {@code --latency}
 * {@code p50_ms p75_ms p90_ms p99_ms}. wrk2: the same summary, {@code corrected_p50_ms ...} up to
 * {@code corrected_p100_ms} and, with {@code -U}, {@code uncorrected_p50_ms ...}; a percentile's
 * dot becomes an underscore ({@code corrected_p99_9_ms}). h2load: {@code seconds rps
 * transfer_bytes_per_s total started done succeeded failed errored timeout status_2xx status_3xx
 * status_4xx status_5xx}.
 */
public final class PeerOutput {

    private PeerOutput() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 2 || !List.of("wrk", "wrk2", "h2load").contains(args[0])) {
            err.println("usage: PeerOutput wrk|wrk2|h2load FILE  (prints the figures of the tool's output in FILE as key=value lines)");
            return 2;
        }
        String text;
        try {
            text = Files.readString(Path.of(args[1]), StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println(args[0] + " output: cannot read " + args[1] + ": " + e);
            return 1;
        }
        try {
            figures(args[0], text).forEach(line -> out.println(line));
            return 0;
        } catch (UnreadableOutputException e) {
            err.println(args[1] + ": " + e.getMessage());
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
