package io.workbench.mainjob.suite;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * When a target counts as warm: over its last {@code windows} warm-up windows, its CPU per request
 * is steady within {@code tolerance} (the highest at most that much above the lowest) and not still
 * falling (the last at most half the tolerance below the first of them). A JIT still compiling, a
 * pool still growing, caches still filling all show as a falling CPU per request; a target that is
 * done shows only noise. Both parts matter: a fall of 2% a window stays within 5% over three
 * windows, yet the target is not done.
 *
 * @param tolerance the steadiness asked for (0.05: within 5%)
 * @param windows   how many of the last windows must be steady (at least 2)
 */
public record WarmupRule(double tolerance, int windows) {

    /** Steady within 5% over the last three windows. */
    public static final WarmupRule STEADY_WITHIN_5_PERCENT = new WarmupRule(0.05, 3);

    public WarmupRule {
        if (!(tolerance > 0 && tolerance < 1) || windows < 2) {
            throw new IllegalArgumentException("a warm-up rule needs a tolerance in (0, 1) and at least 2 windows");
        }
    }

    /**
     * @param cpuPerRequest every window's CPU per request, in order
     * @return empty when the target is warm, else why not, in one sentence
     */
    public Optional<String> notWarm(List<Double> cpuPerRequest) {
        if (cpuPerRequest.size() < windows) {
            return Optional.of("only " + cpuPerRequest.size() + " window(s) of its CPU per request, " + windows + " needed");
        }
        List<Double> last = cpuPerRequest.subList(cpuPerRequest.size() - windows, cpuPerRequest.size());
        double min = last.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = last.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        if (!(min > 0)) {
            return Optional.of("no CPU was read in one of its last " + windows + " windows");
        }
        double spread = max / min - 1;
        if (spread > tolerance) {
            return Optional.of(String.format(Locale.ROOT, "its CPU per request still varied by %.1f%% over the last %d windows "
                    + "(steady means within %.0f%%)", spread * 100, windows, tolerance * 100));
        }
        double fall = 1 - last.getLast() / last.getFirst();
        if (fall > tolerance / 2) {
            return Optional.of(String.format(Locale.ROOT, "its CPU per request was still falling: %.1f%% over the last %d windows "
                    + "(more than %.1f%%)", fall * 100, windows, tolerance * 50));
        }
        return Optional.empty();
    }
}
