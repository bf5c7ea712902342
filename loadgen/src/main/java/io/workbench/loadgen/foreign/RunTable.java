package io.workbench.loadgen.foreign;

import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;
import java.util.List;
import java.util.Locale;

/**
 * Load runs as rows of one Markdown table, whichever engine measured them: the engine, the rate
 * asked for and achieved, the counts, intended->end and send->end at p50/p99/max, the generator's
 * CPU per measured request and the run's verdict with what limited it. A latency the engine does
 * not measure is a dash, never another kind.
 *
 * <p>CPU per measured request is the CPU of the measured phase ({@code generator.measuredCpuSeconds})
 * over the measured requests sent. A summary without it (written before it existed, or by an engine
 * that cannot split its CPU by phase) falls back to the CPU of the whole run, warm-up included,
 * over the same requests, marked {@value #WHOLE_RUN}: a figure too high by the share of the run that
 * was not measured.
 */
public final class RunTable {

    /** Marks a CPU figure taken over the whole run, not the measured phase. */
    static final String WHOLE_RUN = "(whole run)";

    private RunTable() {
    }

    public record Row(String name, LoadSummary summary) {
    }

    public static String render(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| run | engine | target req/s | achieved req/s | sent | ok | failed | intended->end p50 / p99 / max ms "
                + "| send->end p50 / p99 / max ms | generator CPU µs per measured request | verdict |\n");
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
                    .append(" | ").append(verdict(s))
                    .append(" |\n");
        }
        return out.toString();
    }

    private static String triple(LoadSummary.LatencyStats stats) {
        return stats == null ? "-" : format("%.3f / %.3f / %.3f", stats.p50Ms(), stats.p99Ms(), stats.maxMs());
    }

    /** e.g. {@code valid}, {@code invalid: generator-cpu (reason; reason)}, {@code not judged (what it lacks)}. */
    static String verdict(LoadSummary s) {
        RunVerdict verdict = RunVerdict.of(s);
        if (verdict.valid()) {
            return "valid";
        }
        String limits = verdict.limits().size() > 1
                ? " [" + String.join(", ", verdict.limits().stream().map(Limit::label).toList()) + "]" : "";
        return verdict.label() + limits + (verdict.reasons().isEmpty() ? "" : " (" + String.join("; ", verdict.reasons()) + ")");
    }

    static String cpuPerRequest(LoadSummary s) {
        LoadSummary.Generator generator = s.generator();
        long requests = s.requests().sent();
        if (generator == null || requests == 0) {
            return "-";
        }
        if (generator.measuredCpuSeconds() != null && generator.measuredCpuSeconds() > 0) {
            return format("%.1f", generator.measuredCpuSeconds() * 1e6 / requests);
        }
        if (generator.cpuSeconds() <= 0) {
            return "-";
        }
        return format("%.1f", generator.cpuSeconds() * 1e6 / requests) + " " + WHOLE_RUN;
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
