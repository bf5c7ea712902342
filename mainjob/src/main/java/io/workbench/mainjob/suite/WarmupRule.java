package io.workbench.mainjob.suite;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * When a target counts as warm: the mean CPU per request of its last {@code windows} warm-up
 * windows is within {@code tolerance} of the mean of the {@code windows} before them, either way.
 * A JIT still compiling, a pool still growing, caches still filling all show as a CPU per request
 * that keeps falling from one block of windows to the next; a target that is done shows only
 * noise, which the blocks' means average out. Comparing blocks, not single windows, is what lets a
 * noisy target be called warm at all: under the warm-up's 1,000 connections a thread-per-request
 * server's window of 10,000 requests varies by 15-30% from the next with no trend (measured on
 * the quick profile here), so "every one of the last windows within 5%" never held for it, while a
 * fall of 2% a window still moves a block of three by 6% and is caught.
 *
 * @param tolerance how far the two blocks' means may differ (0.05: within 5%)
 * @param windows   the windows in each block (at least 2)
 */
public record WarmupRule(double tolerance, int windows) {

    /** The last three windows' mean within 5% of the three before. */
    public static final WarmupRule STEADY_WITHIN_5_PERCENT = new WarmupRule(0.05, 3);

    public WarmupRule {
        if (!(tolerance > 0 && tolerance < 1) || windows < 2) {
            throw new IllegalArgumentException("a warm-up rule needs a tolerance in (0, 1) and at least 2 windows a block");
        }
    }

    /** @return how many windows the rule reads: two blocks */
    public int windowsRead() {
        return 2 * windows;
    }

    /**
     * @param cpuPerRequest every window's CPU per request, in order
     * @return empty when the target is warm, else why not, in one sentence
     */
    public Optional<String> notWarm(List<Double> cpuPerRequest) {
        if (cpuPerRequest.size() < windowsRead()) {
            return Optional.of("only " + cpuPerRequest.size() + " window(s) of its CPU per request, " + windowsRead() + " needed");
        }
        List<Double> read = cpuPerRequest.subList(cpuPerRequest.size() - windowsRead(), cpuPerRequest.size());
        if (read.stream().anyMatch(value -> !(value > 0))) {
            return Optional.of("no CPU was read in one of its last " + windowsRead() + " windows");
        }
        double earlier = read.subList(0, windows).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double later = read.subList(windows, windowsRead()).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double change = later / earlier - 1;
        if (Math.abs(change) > tolerance) {
            return Optional.of(String.format(Locale.ROOT, "its CPU per request still %s: the last %d windows' mean %.1f%% %s the %d "
                    + "before (steady means within %.0f%%)", change < 0 ? "falling" : "rising", windows, Math.abs(change) * 100,
                    change < 0 ? "below" : "above", windows, tolerance * 100));
        }
        return Optional.empty();
    }
}
