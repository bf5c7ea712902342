package io.workbench.mainjob.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The bootstrap's interval: pairing, resolution, direction, seeds. */
class BootstrapTest {

    private static final Bootstrap BOOTSTRAP = new Bootstrap(2_000);

    /** One value per round (a run-level figure), rounds 1..n. */
    private static RoundedSample perRound(double... values) {
        double[] ones = new double[values.length];
        java.util.Arrays.fill(ones, 1);
        TreeMap<Integer, int[]> rounds = new TreeMap<>();
        for (int i = 0; i < values.length; i++) {
            rounds.put(i + 1, new int[] {i});
        }
        return new RoundedSample(new RatioOfSums(values, ones), rounds);
    }

    @Test
    void pairedRoundsCancelTheMachinesDriftThatUnpairedRoundsCannot() {
        // The machine drifts 30% between rounds; B is 10% slower than A in every round.
        RoundedSample a = perRound(1.0, 1.3, 0.8, 1.1, 0.9);
        RoundedSample b = perRound(1.10, 1.43, 0.88, 1.21, 0.99);

        PairStatistics paired = BOOTSTRAP.compare(a, b, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 1);
        PairStatistics unpaired = BOOTSTRAP.compare(a, b, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.UNPAIRED, 0.05, 1);

        assertEquals(1.10, paired.advantage(), 1e-9);
        assertEquals(1.10, paired.low(), 1e-9, "every drawn ratio is 1.10: the drift is in both sides");
        assertEquals(1.10, paired.high(), 1e-9);
        assertTrue(unpaired.low() < 1.0 && unpaired.high() > 1.2, "unpaired, the drift is all the interval sees: " + unpaired);
    }

    @Test
    void higherIsBetterTurnsTheRatioAround() {
        PairStatistics statistics = BOOTSTRAP.compare(perRound(200, 210, 190), perRound(100, 105, 95),
                Bootstrap.Direction.HIGHER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 1);

        assertEquals(2.0, statistics.advantage(), 1e-9, "A holds twice as many in flight: its advantage is 2");
        assertTrue(statistics.aAhead());
        assertTrue(statistics.leadP() < 0.01);
    }

    @Test
    void pairedUsesOnlyTheRoundsBothHave() {
        RoundedSample a = perRound(1.0, 1.0, 5.0);
        RoundedSample b = perRound(1.2, 1.2).only(List.of(1, 2));

        PairStatistics statistics = BOOTSTRAP.compare(a, b, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 1);

        assertEquals(List.of(1, 2), statistics.roundsA(), "A's round 3 has no partner");
        assertEquals(1.2, statistics.advantage(), 1e-9);
    }

    @Test
    void aSideWithNoRoundCannotBeCompared() {
        RoundedSample a = perRound(1.0, 1.0);
        RoundedSample none = perRound(1.0).only(List.of());

        assertThrows(IllegalArgumentException.class,
                () -> BOOTSTRAP.compare(a, none, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 1));
    }

    @Test
    void theSameSeedGivesTheSameIntervalAndAnotherSeedAnother() {
        SyntheticRounds shape = SyntheticRounds.quick();
        List<SyntheticRounds.TargetRuns> runs = shape.trial(new SplittableRandom(3), 1.0, 1.05);
        RoundedSample a = runs.get(0).median();
        RoundedSample b = runs.get(1).median();

        PairStatistics first = BOOTSTRAP.compare(a, b, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 42);
        PairStatistics again = BOOTSTRAP.compare(a, b, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 42);
        PairStatistics other = BOOTSTRAP.compare(a, b, Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 43);

        assertEquals(first.low(), again.low(), 0.0);
        assertEquals(first.high(), again.high(), 0.0);
        assertTrue(first.low() != other.low() || first.high() != other.high(), "another seed draws other resamples");
        assertEquals(Bootstrap.seed("overhead", "a", "b"), Bootstrap.seed("overhead", "a", "b"));
        assertTrue(Bootstrap.seed("overhead", "a", "b") != Bootstrap.seed("overhead", "ab", ""), "parts are kept apart");
    }

    /** 0.3 ms against 0.7 ms beyond a 1 s wait, recorded with {@code digits} significant digits. */
    private static PairStatistics threeAgainstSevenTenthsBeyondOneSecond(int digits) {
        SplittableRandom random = new SplittableRandom(5);
        TreeMap<Integer, int[]> rounds = new TreeMap<>();
        List<List<PooledMedian.Buckets>> sides = List.of(new java.util.ArrayList<>(), new java.util.ArrayList<>());
        for (int round = 1; round <= 3; round++) {
            rounds.put(round, new int[] {round - 1});
            for (int side = 0; side < 2; side++) {
                Histogram micros = new Histogram(digits);
                double beyond = side == 0 ? 300 : 700;
                for (int i = 0; i < 1_000; i++) {
                    micros.recordValue(Math.round(1_000_000 + beyond * Math.exp(0.1 * random.nextGaussian())));
                }
                sides.get(side).add(LatencyBuckets.of(micros, 1_000));
            }
        }
        return BOOTSTRAP.compare(new RoundedSample(PooledMedian.of(sides.get(0)), rounds),
                new RoundedSample(PooledMedian.of(sides.get(1)), rounds),
                Bootstrap.Direction.LOWER_IS_BETTER, Bootstrap.Pairing.PAIRED, 0.05, 7);
    }

    @Test
    void theIntervalCarriesTheLogsResolutionSoThreeDigitsCannotTellThreeTenthsFromSevenBeyondOneSecond() {
        PairStatistics statistics = threeAgainstSevenTenthsBeyondOneSecond(3);

        assertEquals(Double.POSITIVE_INFINITY, statistics.high(), "A's bucket reaches down to the wait: B/A is unbounded");
        assertTrue(statistics.low() < 1.05, "and the log cannot rule out that B is no slower: " + statistics);
        assertTrue(statistics.leadP() > 0.05, statistics.toString());
    }

    @Test
    void withFiveDigitsTheSameRequestsAreTwoPointThreeTimesApart() {
        PairStatistics statistics = threeAgainstSevenTenthsBeyondOneSecond(5);

        assertEquals(7.0 / 3, statistics.advantage(), 0.05);
        assertTrue(statistics.low() > 2.1 && statistics.high() < 2.6, statistics.toString());
        assertTrue(statistics.aAhead() && statistics.leadP() < 0.001, statistics.toString());
    }
}
