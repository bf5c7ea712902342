package io.workbench.mainjob.findings;

import java.util.Locale;

/**
 * The figures the documentation quotes for the pair rule, from the same synthetic runs as the
 * tests ({@link SyntheticRounds}): the A/A and power counts of the quick profile's shape, the mean
 * against the median with and without stalls, and how the power changes with the rounds and with
 * how much a target's run moves from round to round. Not a test: run it with
 * {@code java -cp <test classpath> io.workbench.mainjob.findings.PairRuleSimulation [trials]}.
 */
public final class PairRuleSimulation {

    private PairRuleSimulation() {
    }

    public static void main(String[] args) {
        int trials = args.length > 0 ? Integer.parseInt(args[0]) : PairRuleOnSyntheticRunsTest.TRIALS;
        SyntheticRounds quick = SyntheticRounds.quick();
        System.out.println("quick shape, median: A/A " + line(PairRuleOnSyntheticRunsTest.outcomes(quick, 1.0, false, 1, trials), trials)
                + "; 10% " + line(PairRuleOnSyntheticRunsTest.outcomes(quick, 1.10, false, 2, trials), trials));
        for (boolean stalls : new boolean[] {false, true}) {
            SyntheticRounds shape = stalls ? quick : quick.withStalls(0, 0);
            for (boolean mean : new boolean[] {true, false}) {
                System.out.println((stalls ? "stalls" : "no stalls") + ", " + (mean ? "mean" : "median") + ": A/A "
                        + line(PairRuleOnSyntheticRunsTest.outcomes(shape, 1.0, mean, 3, trials), trials) + "; 10% "
                        + line(PairRuleOnSyntheticRunsTest.outcomes(shape, 1.10, mean, 4, trials), trials));
            }
        }
        for (int rounds : new int[] {3, 5}) {
            for (double noise : new double[] {0.005, 0.01, 0.02, 0.03}) {
                SyntheticRounds shape = quick.withRounds(rounds).withRunNoise(noise);
                System.out.println(String.format(Locale.ROOT, "%d rounds, run deviation %.1f%%: A/A ", rounds, noise * 100)
                        + line(PairRuleOnSyntheticRunsTest.outcomes(shape, 1.0, false, 5, trials), trials) + "; 10% "
                        + line(PairRuleOnSyntheticRunsTest.outcomes(shape, 1.10, false, 6, trials), trials));
            }
        }
    }

    private static String line(int[] outcomes, int trials) {
        return String.format(Locale.ROOT, "leads %d/%d (wrong way %d), equivalent %d, cannot tell %d",
                outcomes[0] + outcomes[1], trials, outcomes[1], outcomes[2], outcomes[3]);
    }
}
