package io.workbench.loadgen.foreign;

import io.workbench.loadgen.report.results.LoadSummary;
import java.util.List;
import java.util.Locale;

/**
 * Load runs as rows of one Markdown table, whichever engine measured them: the engine, the rate
 * asked for and achieved, the counts, intended->end and send->end at p50/p99/max, and the
 * generator's CPU per request. A latency the engine does not measure is a dash, never another kind.
 */
public final class RunTable {

    private RunTable() {
    }

    public record Row(String name, LoadSummary summary) {
    }

    public static String render(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| run | engine | target req/s | achieved req/s | sent | ok | failed | intended->end p50 / p99 / max ms "
                + "| send->end p50 / p99 / max ms | generator CPU µs/req | valid |\n");
        out.append("|---|---|---:|---:|---:|---:|---:|---|---|---:|---|\n");
        for (Row row : rows) {
            LoadSummary s = row.summary();
            LoadSummary.Latencies latency = s.latency();
            out.append("| ").append(row.name())
                    .append(" | ").append(s.engine() == null ? "loadgen" : s.engine())
                    .append(" | ").append(s.targetRate() == null ? "-" : format("%.0f", s.targetRate()))
                    .append(" | ").append(format("%.1f", s.achievedRate()))
                    .append(" | ").append(s.requests().sent())
                    .append(" | ").append(s.requests().ok())
                    .append(" | ").append(s.requests().failed())
                    .append(" | ").append(latency == null ? "-" : triple(latency.intendedToEnd()))
                    .append(" | ").append(latency == null ? "-" : triple(latency.sendToEnd()))
                    .append(" | ").append(cpuPerRequest(s))
                    .append(" | ").append(s.validity() == null ? "-" : s.validity().valid() ? "yes" : "no: " + String.join("; ", s.validity().reasons()))
                    .append(" |\n");
        }
        return out.toString();
    }

    private static String triple(LoadSummary.LatencyStats stats) {
        return stats == null ? "-" : format("%.3f / %.3f / %.3f", stats.p50Ms(), stats.p99Ms(), stats.maxMs());
    }

    private static String cpuPerRequest(LoadSummary s) {
        if (s.generator() == null || s.generator().cpuSeconds() <= 0 || s.requests().sent() == 0) {
            return "-";
        }
        return format("%.1f", s.generator().cpuSeconds() * 1e6 / s.requests().sent());
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
