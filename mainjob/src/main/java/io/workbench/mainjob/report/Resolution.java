package io.workbench.mainjob.report;

import java.util.Locale;

/**
 * Whether two figures of the same kind (two targets' medians in one scenario, or one target's in two
 * runs) differ by more than the measurement can tell apart. The resolution is the largest of:
 *
 * <ul>
 *   <li>the spread of each side's valid repetitions ({@code highest - lowest} of the figure):
 *       repeating the same measurement moved it that much;</li>
 *   <li>for a latency, the generator's lag in those repetitions (the worst intended->send p99): a
 *       request could have been sent that much later than intended, so a difference below it may
 *       be the generator's, not the target's;</li>
 *   <li>for the concurrency-level count, how far the two counts of the same peak disagree (the
 *       peak polled from {@code /stats} and the target's own maximum).</li>
 * </ul>
 *
 * A side leads only when the difference is larger than the resolution; otherwise the two are tied
 * within it. With one repetition a side has no spread to offer: the other terms still apply.
 *
 * @param difference the absolute difference of the two figures
 * @param resolution the largest of the terms above
 * @param source     which term set it, in words
 */
public record Resolution(double difference, double resolution, String source) {

    /** The spread of repetitions set the resolution. */
    public static final String SPREAD = "the spread of their repetitions";
    /** The generator's lag set it. */
    public static final String LAG = "the generator's lag p99 in their runs";
    /** The disagreement of the two peak counts set it. */
    public static final String PEAK_COUNTS = "the disagreement of the polled and the counted peak";
    /** Nothing widened it: one repetition each, and no lag or disagreement to speak of. */
    public static final String NOTHING = "one repetition each and nothing else to widen it";

    /** The two figures' medians compared, with the larger of their spreads and lags (or peak disagreements). */
    public static Resolution between(ScenarioFigures a, ScenarioFigures b) {
        double difference = Math.abs(a.medianFigure() - b.medianFigure());
        double spread = Math.max(a.range(), b.range());
        double other = ScenarioFigures.concurrencyLevel(a.run())
                ? Math.max(a.worstPeakDisagreement(), b.worstPeakDisagreement())
                : Math.max(nanToZero(a.worstLagMs()), nanToZero(b.worstLagMs()));
        String otherSource = ScenarioFigures.concurrencyLevel(a.run()) ? PEAK_COUNTS : LAG;
        if (other > spread) {
            return new Resolution(difference, other, otherSource);
        }
        boolean single = a.validCount() < 2 && b.validCount() < 2;
        return new Resolution(difference, spread, spread == 0 && single ? NOTHING : SPREAD);
    }

    private static double nanToZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }

    /** True when the difference is larger than the resolution: one side leads. */
    public boolean separated() {
        return difference > resolution;
    }

    /** e.g. {@code 0.412 ms (the generator's lag p99 in their runs)}, or {@code 3 (the spread of their repetitions)}. */
    public String describe(boolean counts) {
        return (counts ? Figures.count(resolution) : Figures.ms(resolution) + " ms") + " (" + source + ")";
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "Resolution[difference=%.4f, resolution=%.4f, %s, %s]", difference, resolution, source,
                separated() ? "separated" : "tied");
    }
}
