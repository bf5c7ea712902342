package io.workbench.mainjob.findings;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Why a latency is compared by its median, not its mean. The time a target adds beyond the wait is
 * a fraction of a millisecond for most requests, and a stall of 20 ms (a GC pause, the core taken
 * away by another process) delays every request arriving during it: one stall adds as much to an
 * interval's mean as the whole of its requests' ordinary time. Whether a round holds a stall is
 * chance, so the mean moves with it and a true difference drowns; the median does not move. Without
 * stalls both find the difference; with a stall in one interval of twenty, only the median does.
 */
class FigureChoiceTest {

    private static final int TRIALS = 200;

    private static double foundShare(SyntheticRounds shape, boolean mean) {
        int[] outcomes = PairRuleOnSyntheticRunsTest.outcomes(shape, 1.10, mean, 9, TRIALS);
        return outcomes[PairRule.Outcome.A_LEADS.ordinal()] / (double) TRIALS;
    }

    @Test
    void withoutStallsTheMeanAndTheMedianBothFindATenPercentDifference() {
        SyntheticRounds quiet = SyntheticRounds.quick().withStalls(0, 0);

        assertTrue(foundShare(quiet, true) >= 0.9, "the mean");
        assertTrue(foundShare(quiet, false) >= 0.9, "the median");
    }

    @Test
    void withAStallInOneIntervalOfTwentyOnlyTheMedianStillFindsIt() {
        SyntheticRounds stalls = SyntheticRounds.quick();

        double mean = foundShare(stalls, true);
        double median = foundShare(stalls, false);

        assertTrue(median >= 0.9, "the median: " + median);
        assertTrue(mean <= median - 0.15, "the mean loses it in a sixth of the trials or more: " + mean + " against " + median);
    }
}
