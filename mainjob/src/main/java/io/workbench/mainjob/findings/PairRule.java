package io.workbench.mainjob.findings;

import java.util.ArrayList;
import java.util.List;

/**
 * The three outcomes of a pair of targets in a scenario, with Holm's correction over the pairs:
 *
 * <ul>
 *   <li><b>leads</b>: one side is better by more than the practical margin; the 95% interval of the
 *       advantage clears {@code 1+m}, and the test survives Holm's correction over the pairs of the
 *       scenario (so with k pairs, the chance of naming any false leader stays at 5%);</li>
 *   <li><b>equivalent</b>: the interval lies inside {@code [1/(1+m), 1+m]} (two one-sided tests),
 *       also corrected over the pairs: "the same", shown, not merely "no difference found";</li>
 *   <li><b>cannot tell</b>: anything else, with why: the interval reaches across the margin, the
 *       correction took the verdict away, or the pair rests on fewer than {@link #MIN_ROUNDS}
 *       rounds (one round cannot show how much a repetition moves).</li>
 * </ul>
 */
public final class PairRule {

    /** The family-wise error rate of each kind of claim in a scenario. */
    public static final double ALPHA = 1 - Bootstrap.CONFIDENCE;
    /** A pair's verdict rests on at least this many rounds with both targets measured. */
    public static final int MIN_ROUNDS = 2;

    public enum Outcome {
        A_LEADS, B_LEADS, EQUIVALENT, CANNOT_TELL
    }

    /**
     * A pair to judge: its statistics, or null with why it has none.
     *
     * @param a          one target
     * @param b          the other
     * @param statistics the bootstrap's, or null
     * @param missing    why there are none, when null
     */
    public record Candidate(String a, String b, PairStatistics statistics, String missing) {
    }

    /**
     * @param a          one target
     * @param b          the other
     * @param statistics the bootstrap's, or null when the pair could not be compared
     * @param outcome    the verdict
     * @param why        for cannot tell, why; otherwise null
     * @param family     how many pairs the correction ran over
     */
    public record Verdict(String a, String b, PairStatistics statistics, Outcome outcome, String why, int family) {

        public boolean decided() {
            return outcome != Outcome.CANNOT_TELL;
        }

        /** The leader's id, or null. */
        public String leader() {
            return outcome == Outcome.A_LEADS ? a : outcome == Outcome.B_LEADS ? b : null;
        }

        /** True when this pair is {@code first} and {@code second} in either order. */
        public boolean between(String first, String second) {
            return a.equals(first) && b.equals(second) || a.equals(second) && b.equals(first);
        }
    }

    private PairRule() {
    }

    public static List<Verdict> judge(List<Candidate> candidates) {
        List<Integer> tested = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            PairStatistics statistics = candidates.get(i).statistics();
            if (statistics != null && rounds(statistics) >= MIN_ROUNDS) {
                tested.add(i);
            }
        }
        double[] leadP = tested.stream().mapToDouble(i -> candidates.get(i).statistics().leadP()).toArray();
        double[] equivalenceP = tested.stream().mapToDouble(i -> candidates.get(i).statistics().equivalenceP()).toArray();
        boolean[] leads = Holm.rejected(leadP, ALPHA);
        boolean[] equivalent = Holm.rejected(equivalenceP, ALPHA);
        int family = tested.size();
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate candidate = candidates.get(i);
            PairStatistics statistics = candidate.statistics();
            int at = tested.indexOf(i);
            if (statistics == null) {
                verdicts.add(new Verdict(candidate.a(), candidate.b(), null, Outcome.CANNOT_TELL, candidate.missing(), family));
            } else if (at < 0) {
                int rounds = rounds(statistics);
                verdicts.add(new Verdict(candidate.a(), candidate.b(), statistics, Outcome.CANNOT_TELL,
                        "rests on " + rounds + (rounds == 1 ? " round" : " rounds") + " with both measured (at least "
                                + MIN_ROUNDS + " needed)", family));
            } else if (leads[at]) {
                verdicts.add(new Verdict(candidate.a(), candidate.b(), statistics,
                        statistics.aAhead() ? Outcome.A_LEADS : Outcome.B_LEADS, null, family));
            } else if (equivalent[at]) {
                verdicts.add(new Verdict(candidate.a(), candidate.b(), statistics, Outcome.EQUIVALENT, null, family));
            } else {
                String why;
                if (statistics.intervalClearsMargin()) {
                    why = "the interval clears the margin alone, not after Holm's correction over " + family + " pairs";
                } else if (statistics.intervalInsideMargin()) {
                    why = "the interval lies inside the margin alone, not after Holm's correction over " + family + " pairs";
                } else {
                    why = "the interval reaches across the margin";
                }
                verdicts.add(new Verdict(candidate.a(), candidate.b(), statistics, Outcome.CANNOT_TELL, why, family));
            }
        }
        return verdicts;
    }

    /** The rounds a pair rests on: the shared ones when paired, the fewer side's otherwise. */
    static int rounds(PairStatistics statistics) {
        return Math.min(statistics.roundsA().size(), statistics.roundsB().size());
    }
}
