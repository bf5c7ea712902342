package io.workbench.mainjob.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The three outcomes and what takes a verdict away: the margin, Holm's correction, too few rounds. */
class PairRuleTest {

    private static PairStatistics statistics(double low, double high, double aLeads, double bLeads, double notAbove,
                                             double notBelow, int rounds) {
        List<Integer> used = java.util.stream.IntStream.rangeClosed(1, rounds).boxed().toList();
        return new PairStatistics(new double[] {1, 1, 1}, new double[] {1, 1, 1}, (low + high) / 2, low, high,
                aLeads, bLeads, notAbove, notBelow, used, used, Bootstrap.Pairing.PAIRED, 10_000, 0.05);
    }

    private static PairRule.Verdict one(PairStatistics statistics) {
        return PairRule.judge(List.of(new PairRule.Candidate("a", "b", statistics, null))).get(0);
    }

    @Test
    void anIntervalBeyondTheMarginLeadsInsideItIsEquivalentAcrossItCannotTell() {
        PairRule.Verdict leads = one(statistics(1.08, 1.20, 0.001, 1.0, 1.0, 0.0001, 3));
        PairRule.Verdict behind = one(statistics(0.70, 0.90, 1.0, 0.001, 0.0001, 1.0, 3));
        PairRule.Verdict same = one(statistics(0.97, 1.03, 0.9, 0.9, 0.001, 0.001, 3));
        PairRule.Verdict unsure = one(statistics(0.99, 1.12, 0.3, 0.9, 0.3, 0.001, 3));

        assertEquals(PairRule.Outcome.A_LEADS, leads.outcome());
        assertEquals("a", leads.leader());
        assertEquals(PairRule.Outcome.B_LEADS, behind.outcome());
        assertEquals("b", behind.leader());
        assertEquals(PairRule.Outcome.EQUIVALENT, same.outcome());
        assertNull(same.leader());
        assertEquals(PairRule.Outcome.CANNOT_TELL, unsure.outcome());
        assertEquals("the interval reaches across the margin", unsure.why());
    }

    @Test
    void holmsCorrectionOverThePairsCanTakeALeadAway() {
        // Alone, p = 0.04 leads (2 x 0.02 <= 0.05); among three pairs whose others are far from it, 0.04 > 0.05/3.
        PairStatistics borderline = statistics(1.06, 1.30, 0.02, 1.0, 1.0, 0.01, 3);
        PairStatistics unclear = statistics(0.95, 1.2, 0.4, 0.9, 0.5, 0.01, 3);

        assertEquals(PairRule.Outcome.A_LEADS, one(borderline).outcome());
        List<PairRule.Verdict> three = PairRule.judge(List.of(new PairRule.Candidate("a", "b", borderline, null),
                new PairRule.Candidate("a", "c", unclear, null), new PairRule.Candidate("b", "c", unclear, null)));
        assertEquals(PairRule.Outcome.CANNOT_TELL, three.get(0).outcome());
        assertEquals("the interval clears the margin alone, not after Holm's correction over 3 pairs", three.get(0).why());
        assertEquals(3, three.get(0).family());
    }

    @Test
    void onePairedRoundIsNeverEnoughForAVerdict() {
        PairRule.Verdict verdict = one(statistics(1.5, 1.6, 0.0001, 1.0, 1.0, 0.0001, 1));

        assertEquals(PairRule.Outcome.CANNOT_TELL, verdict.outcome());
        assertEquals("rests on 1 round with both measured (at least 2 needed)", verdict.why());
    }

    @Test
    void aPairWithoutStatisticsSaysWhy() {
        PairRule.Verdict verdict = PairRule.judge(List.of(new PairRule.Candidate("a", "b", null, "b has no valid warm run"))).get(0);

        assertEquals(PairRule.Outcome.CANNOT_TELL, verdict.outcome());
        assertEquals("b has no valid warm run", verdict.why());
        assertTrue(!verdict.decided());
    }
}
