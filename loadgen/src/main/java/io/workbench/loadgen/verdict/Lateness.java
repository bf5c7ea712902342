package io.workbench.loadgen.verdict;

import java.util.Locale;

/**
 * The lateness rule as applied to one run: the generator kept its schedule when its lateness
 * (intended -> the loop tried to send) at p99 is at most the larger of {@value #FLOOR_MS} ms and
 * {@value #SHARE_OF_MEDIAN} of the run's median latency from the intended time (intended->end
 * p50), unless {@code --lag-limit} set the limit. Judged against what is measured: a lateness of
 * 1.4 ms is nothing beside waits of a second, and everything beside hello responses of 40 µs.
 *
 * @param rule            the rule in words, with the figures it read
 * @param limitMs         the limit it gave for this run
 * @param lagP99Ms        the generator's lateness p99 it read (null: no request was tried)
 * @param medianLatencyMs the intended->end median it read (null: nothing was recorded)
 * @param fromOption      true when {@code --lag-limit} set the limit
 */
public record Lateness(String rule, double limitMs, Double lagP99Ms, Double medianLatencyMs, boolean fromOption) {

    /** The least limit: a millisecond, about what a scheduler tick and a wake cost on a shared machine. */
    public static final double FLOOR_MS = 1.0;
    /** The share of the run's median latency from the intended time the lateness p99 may reach, above the floor. */
    public static final double SHARE_OF_MEDIAN = 0.01;

    /**
     * @param lagP99Ms        the lateness p99, or null
     * @param medianLatencyMs the intended->end median, or null
     * @param optionMs        the limit {@code --lag-limit} gave, or null for the rule
     */
    public static Lateness judge(Double lagP99Ms, Double medianLatencyMs, Double optionMs) {
        if (optionMs != null) {
            return new Lateness(String.format(Locale.ROOT, "--lag-limit: lateness p99 at most %.3f ms", optionMs), optionMs, lagP99Ms,
                    medianLatencyMs, true);
        }
        double share = medianLatencyMs == null ? 0 : SHARE_OF_MEDIAN * medianLatencyMs;
        double limit = Math.max(FLOOR_MS, share);
        String rule = String.format(Locale.ROOT, "lateness p99 at most the larger of %.0f ms and %.0f%% of the intended->end median "
                + "(%s): %.3f ms", FLOOR_MS, 100 * SHARE_OF_MEDIAN, medianLatencyMs == null ? "none" : String.format(Locale.ROOT, "%.3f ms",
                medianLatencyMs), limit);
        return new Lateness(rule, limit, lagP99Ms, medianLatencyMs, false);
    }

    /** @return true if the lateness p99 is over the limit */
    public boolean exceeded() {
        return lagP99Ms != null && lagP99Ms > limitMs;
    }
}
