package io.workbench.mainjob.findings;

import java.util.List;
import java.util.Locale;

/**
 * What the bootstrap says about A against B: the advantage of A over B as a ratio (above 1: A is
 * better; for a latency B's figure over A's), its 95% interval, and the one-sided p-values of the
 * tests against the practical margin {@code m} that the pair rule corrects with Holm's method:
 *
 * <ul>
 *   <li>{@code aLeads}: against "A's advantage is at most 1+m";</li>
 *   <li>{@code bLeads}: against "A's advantage is at least 1/(1+m)" (B better by more than the margin);</li>
 *   <li>{@code notAbove}, {@code notBelow}: the two one-sided tests of equivalence (TOST) against
 *       "at least 1+m" and "at most 1/(1+m)".</li>
 * </ul>
 *
 * @param figureA   A's figure over the rounds used: [figure, lowest, highest it could be]
 * @param figureB   B's, alike
 * @param advantage A's advantage over B from the figures
 * @param low       the interval's low end
 * @param high      its high end (infinite where the data's resolution cannot bound it)
 * @param roundsA   the rounds A's side was drawn from
 * @param roundsB   B's (the same rounds when paired)
 * @param pairing   paired rounds (one run) or not (two runs)
 * @param resamples the bootstrap's draws
 * @param margin    the practical margin
 */
public record PairStatistics(double[] figureA, double[] figureB, double advantage, double low, double high,
                             double aLeads, double bLeads, double notAbove, double notBelow,
                             List<Integer> roundsA, List<Integer> roundsB, Bootstrap.Pairing pairing, int resamples,
                             double margin) {

    /** The p-value of "one of the two leads by more than the margin" (the smaller one-sided one, doubled). */
    public double leadP() {
        return Math.min(1, 2 * Math.min(aLeads, bLeads));
    }

    /** Which side the lead test points to: true for A. */
    public boolean aAhead() {
        return aLeads <= bLeads;
    }

    /** The p-value of "equivalent within the margin" (the larger one-sided one, doubled: the interval inside the margin). */
    public double equivalenceP() {
        return Math.min(1, 2 * Math.max(notAbove, notBelow));
    }

    /** True when the 95% interval lies beyond the margin on one side. */
    public boolean intervalClearsMargin() {
        return low > 1 + margin || high < 1 / (1 + margin);
    }

    /** True when the 95% interval lies inside the margin. */
    public boolean intervalInsideMargin() {
        return low >= 1 / (1 + margin) && high <= 1 + margin;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "PairStatistics[advantage=%.4f, 95%%=[%.4f, %.4f], pLead=%.4f (%s), pEquivalent=%.4f, rounds=%s/%s, %s, %d draws]",
                advantage, low, high, leadP(), aAhead() ? "A" : "B", equivalenceP(), roundsA, roundsB, pairing, resamples);
    }
}
