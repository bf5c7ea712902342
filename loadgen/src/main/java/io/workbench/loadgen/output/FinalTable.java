package io.workbench.loadgen.output;

import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.run.ConnectionFacts;
import io.workbench.loadgen.run.GeneratorCost;
import io.workbench.loadgen.run.Latencies;
import io.workbench.loadgen.run.RunResult;
import io.workbench.loadgen.verdict.TargetPace;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The table printed on stderr when a run ends: the latencies side by side (what a user saw, then
 * its three parts: the generator's lateness, the wait for a connection, the service time; then
 * what the target caused, the last two together; so that the gap between what a user saw and the
 * service time is read against the generator's own lateness, row by row), then the counts (the
 * censored ones among them), the rates, whether the target fell behind, the connections, what the
 * generator spent and the verdict.
 */
public final class FinalTable {

    private static final String ROW = "%-10s %15s %15s %15s %15s %15s%n";
    private static final String NUMBERS = "%-10s %15.3f %15.3f %15.3f %15.3f %15.3f%n";

    private FinalTable() {
    }

    public static String render(RunResult result) {
        Latencies l = result.latencies();
        Histogram[] columns = {l.intendedToEnd(), l.lateness(), l.connectionWait(), l.sendToEnd(), l.triedToEnd()};
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, ROW, "latency ms", "intended->end", "lateness", "connection wait", "send->end", "tried->end"));
        for (double p : new double[] {50, 90, 99, 99.9, 99.99}) {
            out.append(String.format(Locale.ROOT, NUMBERS, "p" + (p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p)),
                    at(columns[0], p), at(columns[1], p), at(columns[2], p), at(columns[3], p), at(columns[4], p)));
        }
        out.append(String.format(Locale.ROOT, NUMBERS, "max", max(columns[0]), max(columns[1]), max(columns[2]), max(columns[3]),
                max(columns[4])));
        out.append(String.format(Locale.ROOT, NUMBERS, "mean", mean(columns[0]), mean(columns[1]), mean(columns[2]), mean(columns[3]),
                mean(columns[4])));
        out.append(String.format(Locale.ROOT, "%-10s %15d %15d %15d %15d %15d%n", "count", columns[0].getTotalCount(),
                columns[1].getTotalCount(), columns[2].getTotalCount(), columns[3].getTotalCount(), columns[4].getTotalCount()));
        RequestCounters m = result.measured().counters();
        out.append(String.format(Locale.ROOT, "requests   scheduled %d sent %d written %d ok %d errors %d timed-out %d censored %d%s%s%n",
                result.measured().scheduled(), m.sentCount(), m.writtenCount(), m.okCount(), m.errorCount(), m.timedOutCount(),
                result.measured().censored(), errorKinds(m),
                m.retriedCount() > 0 ? ", " + m.retriedCount() + " sent again (not written before their connection closed)" : ""));
        if (result.measured().censored() > 0) {
            out.append(String.format(Locale.ROOT, "           censored: given up before they were written, timed up to then "
                    + "(in intended->end: its tail is a lower bound)%n"));
        }
        if (result.plan().model() == Model.OPEN) {
            out.append(String.format(Locale.ROOT, "rate       target %.1f/s scheduled %s kept %s achieved %s completed %s over %.3f s%n",
                    result.plan().rate(), rate(result.rates().scheduledRate()), rate(result.rates().dispatchedRate()),
                    rate(result.rates().achievedRate()), rate(result.rates().completedRate()), result.timing().durationSeconds()));
        } else if (result.plan().model() == Model.ALL_AT_ONCE) {
            out.append(String.format(Locale.ROOT, "spread     the last request was tried %s after they were due%n",
                    result.rates().sendSpreadMs() == null ? "-" : String.format(Locale.ROOT, "%.3f ms", result.rates().sendSpreadMs())));
        } else {
            out.append(String.format(Locale.ROOT, "rate       achieved %s over %.3f s%n", rate(result.rates().achievedRate()),
                    result.timing().durationSeconds()));
        }
        TargetPace pace = result.targetPace();
        out.append(String.format(Locale.ROOT, "target     %s; %d request(s) waited for a connection, %d of them at the cap%n",
                pace.behind() ? "FELL BEHIND: " + pace.reason() : pace.reason() != null ? pace.reason()
                        : "kept up" + (pace.heldShare() == null ? "" : String.format(Locale.ROOT, " (held %.1f%% of the schedule)",
                        100 * pace.heldShare())),
                pace.queuedRequests(), pace.queuedAtCap()));
        ConnectionFacts c = result.connections();
        out.append(String.format(Locale.ROOT, "conns      opened %d max-open %d cap %d (descriptor limit %d) connect-failures %d%n",
                c.opened(), c.maxOpen(), result.plan().maxConnections(), c.descriptors().limit(), c.connectFailures()));
        GeneratorCost cost = result.cost();
        out.append(String.format(Locale.ROOT, "generator  %d loop(s), pacing %s; cpu %.2f s over %.2f s wall (%.0f%% of one core); "
                        + "measured phase: cpu %.2f s over %.2f s, loop busy %s, spinning %s, loop threads' cpu %s%n",
                cost.threads(), cost.pacing(), cost.cpuSeconds(), cost.wallSeconds(), cost.cpuPercentOfOneCore(), cost.measuredCpuSeconds(),
                cost.measuredWallSeconds(), percent(cost.loopBusyShare()), percent(cost.loopSpinShare()), percent(cost.loopCpuShare())));
        out.append("priming    ").append(cost.priming().describe()).append('\n');
        out.append("lateness   ").append(result.verdict().lateness().rule()).append('\n');
        if (result.valid()) {
            out.append("verdict    VALID\n");
        } else {
            out.append("verdict    INVALID, limited by ").append(result.verdict().limitedBy().description()).append('\n');
            for (String reason : result.verdict().reasons()) {
                out.append("           - ").append(reason).append('\n');
            }
        }
        return out.toString();
    }

    private static String percent(Double share) {
        return share == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * share);
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
