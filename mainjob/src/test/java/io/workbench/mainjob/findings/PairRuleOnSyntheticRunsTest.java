package io.workbench.mainjob.findings;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The pair rule on synthetic runs of the quick profile's shape ({@link SyntheticRounds#quick()}):
 * two identical targets are said to differ ("leads") in at most 5% of 1,000 trials (the A/A test),
 * and a true 10% difference, twice the practical margin, is found in at least 90% (power). Each
 * trial draws {@link #RESAMPLES} times, a fifth of what a report draws, so that the thousand trials
 * take seconds: fewer draws only make an interval's ends noisier, in both directions.
 */
class PairRuleOnSyntheticRunsTest {

    static final int TRIALS = 1_000;
    static final int RESAMPLES = 2_000;
    static final double MARGIN = 0.05;

    @Test
    void twoIdenticalTargetsAreSaidToDifferInAtMostFivePercentOfTrials() {
        int[] outcomes = outcomes(SyntheticRounds.quick(), 1.0, false, 1);

        int leads = outcomes[PairRule.Outcome.A_LEADS.ordinal()] + outcomes[PairRule.Outcome.B_LEADS.ordinal()];
        assertTrue(leads <= TRIALS * 0.05, "leads in " + leads + " of " + TRIALS + " A/A trials");
        assertTrue(outcomes[PairRule.Outcome.EQUIVALENT.ordinal()] >= TRIALS * 0.5,
                "and mostly shown to be equivalent, not merely not different: " + describe(outcomes));
    }

    @Test
    void aTrueTenPercentDifferenceIsFoundInAtLeastNinetyPercentOfTrials() {
        int[] outcomes = outcomes(SyntheticRounds.quick(), 1.10, false, 2);

        assertTrue(outcomes[PairRule.Outcome.A_LEADS.ordinal()] >= TRIALS * 0.90, describe(outcomes));
        assertTrue(outcomes[PairRule.Outcome.B_LEADS.ordinal()] == 0, "never the wrong way round: " + describe(outcomes));
    }

    /** Outcome counts over the trials, B's median {@code factor} times A's; {@code mean}: compare the means instead. */
    static int[] outcomes(SyntheticRounds shape, double factor, boolean mean, long seed) {
        return outcomes(shape, factor, mean, seed, TRIALS);
    }

    static int[] outcomes(SyntheticRounds shape, double factor, boolean mean, long seed, int trials) {
        SplittableRandom random = new SplittableRandom(seed);
        Bootstrap bootstrap = new Bootstrap(RESAMPLES);
        int[] outcomes = new int[PairRule.Outcome.values().length];
        for (int trial = 0; trial < trials; trial++) {
            List<SyntheticRounds.TargetRuns> runs = shape.trial(random, 1.0, factor);
            RoundedSample a = mean ? runs.get(0).mean() : runs.get(0).median();
            RoundedSample b = mean ? runs.get(1).mean() : runs.get(1).median();
            PairStatistics statistics = bootstrap.compare(a, b, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED,
                    MARGIN, trial);
            PairRule.Verdict verdict = PairRule.judge(List.of(new PairRule.Candidate("A", "B", statistics, null))).get(0);
            outcomes[verdict.outcome().ordinal()]++;
        }
        return outcomes;
    }

    static String describe(int[] outcomes) {
        return "A leads " + outcomes[0] + ", B leads " + outcomes[1] + ", equivalent " + outcomes[2] + ", cannot tell "
                + outcomes[3] + " of " + TRIALS;
    }
}
