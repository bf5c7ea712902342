package io.workbench.loadgen.output;

import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.run.RunResult;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The table printed on stderr when a run ends: the three latencies side by side (so that the gap
 * between what a user saw and the service time is read against the generator's own lag, row by
 * row), then the counts, the rates, the connections and the verdict.
 */
public final class FinalTable {

    private FinalTable() {
    }

    public static String render(RunResult result) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-10s %16s %16s %16s%n", "latency ms", "intended->end", "send->end", "intended->send"));
        row(out, "p50", result, 50);
        row(out, "p90", result, 90);
        row(out, "p99", result, 99);
        row(out, "p99.9", result, 99.9);
        row(out, "p99.99", result, 99.99);
        out.append(String.format(Locale.ROOT, "%-10s %16.3f %16.3f %16.3f%n", "max",
                max(result.intendedToEnd()), max(result.sendToEnd()), max(result.intendedToSend())));
        out.append(String.format(Locale.ROOT, "%-10s %16.3f %16.3f %16.3f%n", "mean",
                mean(result.intendedToEnd()), mean(result.sendToEnd()), mean(result.intendedToSend())));
        out.append(String.format(Locale.ROOT, "%-10s %16d %16d %16d%n", "count",
                result.intendedToEnd().getTotalCount(), result.sendToEnd().getTotalCount(), result.intendedToSend().getTotalCount()));
        RequestCounters m = result.measured();
        out.append(String.format(Locale.ROOT, "requests   scheduled %d sent %d ok %d errors %d timed-out %d%s%n",
                result.scheduled(), m.sentCount(), m.okCount(), m.errorCount(), m.timedOutCount(), errorKinds(m)));
        if (result.plan().model() == Model.OPEN) {
            out.append(String.format(Locale.ROOT, "rate       target %.1f/s scheduled %s achieved %s over %.3f s%n",
                    result.plan().rate(), rate(result.scheduledRate()), rate(result.achievedRate()), result.durationSeconds()));
        } else {
            out.append(String.format(Locale.ROOT, "rate       achieved %s over %.3f s%n", rate(result.achievedRate()), result.durationSeconds()));
        }
        out.append(String.format(Locale.ROOT, "blocked    %d requests waited for the connection cap (max %.3f ms)%n",
                result.blockedCount(), result.blockedMaxNanos() / 1e6));
        out.append(String.format(Locale.ROOT, "conns      opened %d max-open %d cap %d (descriptor limit %d) connect-failures %d%n",
                result.connectionsOpened(), result.connectionsMaxOpen(), result.plan().maxConnections(), result.descriptors().limit(),
                result.connectFailures()));
        out.append(String.format(Locale.ROOT, "generator  cpu %.2f s over %.2f s wall (%.0f%% of one core), a park wakes %.0f us late (p90)%n",
                result.cpuSeconds(), result.wallSeconds(), result.wallSeconds() > 0 ? 100 * result.cpuSeconds() / result.wallSeconds() : 0,
                result.parkLatenessNanos() / 1e3));
        if (result.valid()) {
            out.append("verdict    VALID\n");
        } else {
            out.append("verdict    INVALID\n");
            for (String reason : result.validReasons()) {
                out.append("           - ").append(reason).append('\n');
            }
        }
        return out.toString();
    }

    private static String errorKinds(RequestCounters counters) {
        StringBuilder kinds = new StringBuilder();
        for (ErrorKind kind : ErrorKind.values()) {
            long n = counters.errorCount(kind);
            if (n > 0) {
                kinds.append(kinds.isEmpty() ? " (" : ", ").append(kind.key()).append(' ').append(n);
            }
        }
        return kinds.isEmpty() ? "" : kinds.append(')').toString();
    }

    private static String rate(Double rate) {
        return rate == null ? "-" : String.format(Locale.ROOT, "%.1f/s", rate);
    }

    private static void row(StringBuilder out, String name, RunResult result, double percentile) {
        out.append(String.format(Locale.ROOT, "%-10s %16.3f %16.3f %16.3f%n", name,
                at(result.intendedToEnd(), percentile), at(result.sendToEnd(), percentile), at(result.intendedToSend(), percentile)));
    }

    private static double at(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(percentile) / 1000.0;
    }

    private static double max(Histogram micros) {
        return micros.getTotalCount() == 0 ? 0 : micros.getMaxValue() / 1000.0;
    }

    private static double mean(Histogram micros) {
        return micros.getTotalCount() == 0 ? 0 : micros.getMean() / 1000.0;
    }
}
