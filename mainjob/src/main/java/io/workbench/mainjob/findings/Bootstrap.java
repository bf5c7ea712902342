package io.workbench.mainjob.findings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The hierarchical bootstrap of a comparison: rounds are drawn with replacement, then within each
 * drawn round the units (one-second intervals) of each target with replacement, and the figure of
 * each side is computed over what was drawn. Runs are the independent units of a measurement;
 * the intervals within a run are not independent of each other, so they are only ever resampled
 * inside the run they belong to, never pooled as if they were.
 *
 * <p>{@link Pairing#PAIRED} draws the same rounds for both sides: targets measured in the same
 * round (the same minutes of the machine's life) are resampled together, so a slow round slows both
 * sides of every drawn ratio and the machine's drift cancels instead of widening the interval.
 * {@link Pairing#UNPAIRED} draws each side's rounds on its own: two runs measured at different
 * times, where nothing pairs them and the between-run uncertainty is all there is.
 *
 * <p>The interval is the percentile interval of the drawn advantage of A over B, widened by the
 * data's resolution: each draw gives the lowest and the highest advantage the two figures'
 * resolutions allow ({@link Estimator}), and the interval runs from the 2.5th percentile of the
 * lowest to the 97.5th of the highest. The same draws give the one-sided p-values against the
 * practical margin that Holm's correction needs. Seeded: the same data and seed give the same
 * interval, so a report can be written again with the same words.
 */
public final class Bootstrap {

    /** The draws a report makes per comparison, stated in it. */
    public static final int RESAMPLES = 10_000;
    /** The confidence of every interval. */
    public static final double CONFIDENCE = 0.95;

    public enum Direction {
        /** A latency, CPU per request: the lower figure is better. */
        LOWER_IS_BETTER,
        /** Requests in flight at once: the higher figure is better. */
        HIGHER_IS_BETTER
    }

    public enum Pairing {
        /** Both sides measured in the same rounds: rounds are drawn together. */
        PAIRED,
        /** Two runs: each side's rounds are drawn on their own. */
        UNPAIRED
    }

    private final int resamples;

    public Bootstrap(int resamples) {
        if (resamples < 100) {
            throw new IllegalArgumentException("at least 100 resamples, not " + resamples);
        }
        this.resamples = resamples;
    }

    public int resamples() {
        return resamples;
    }

    /**
     * A against B. PAIRED uses only the rounds both have.
     *
     * @param margin the practical margin (0.05): advantages within {@code [1/(1+margin), 1+margin]} are equivalent
     * @throws IllegalArgumentException when a side has no round to draw from
     */
    public PairStatistics compare(RoundedSample a, RoundedSample b, Direction direction, Pairing pairing, double margin, long seed) {
        if (pairing == Pairing.PAIRED) {
            List<Integer> shared = new ArrayList<>(a.rounds().keySet());
            shared.retainAll(b.rounds().keySet());
            a = a.only(shared);
            b = b.only(shared);
        }
        if (a.rounds().isEmpty() || b.rounds().isEmpty()) {
            throw new IllegalArgumentException("no round to draw from: A has " + a.rounds().keySet() + ", B " + b.rounds().keySet());
        }
        double[] figureA = a.figure();
        double[] figureB = b.figure();
        double[] lowest = new double[resamples];
        double[] highest = new double[resamples];
        SplittableRandom random = new SplittableRandom(seed);
        int[][] roundsA = unitsByRound(a);
        int[][] roundsB = unitsByRound(b);
        int[] weightsA = new int[a.estimator().units()];
        int[] weightsB = new int[b.estimator().units()];
        double[] estimateA = new double[3];
        double[] estimateB = new double[3];
        for (int draw = 0; draw < resamples; draw++) {
            Arrays.fill(weightsA, 0);
            Arrays.fill(weightsB, 0);
            if (pairing == Pairing.PAIRED) {
                for (int i = 0; i < roundsA.length; i++) {
                    int round = random.nextInt(roundsA.length);
                    drawUnits(roundsA[round], weightsA, random);
                    drawUnits(roundsB[round], weightsB, random);
                }
            } else {
                for (int i = 0; i < roundsA.length; i++) {
                    drawUnits(roundsA[random.nextInt(roundsA.length)], weightsA, random);
                }
                for (int i = 0; i < roundsB.length; i++) {
                    drawUnits(roundsB[random.nextInt(roundsB.length)], weightsB, random);
                }
            }
            a.estimator().estimate(weightsA, estimateA);
            b.estimator().estimate(weightsB, estimateB);
            lowest[draw] = advantage(estimateA, estimateB, direction, true);
            highest[draw] = advantage(estimateA, estimateB, direction, false);
        }
        double upper = 1 + margin;
        double lower = 1 / (1 + margin);
        double aLeads = pValue(lowest, value -> value <= upper);
        double bLeads = pValue(highest, value -> value >= lower);
        double notAbove = pValue(highest, value -> value >= upper);
        double notBelow = pValue(lowest, value -> value <= lower);
        Arrays.sort(lowest);
        Arrays.sort(highest);
        double alpha = 1 - CONFIDENCE;
        return new PairStatistics(figureA, figureB, pointAdvantage(figureA, figureB, direction),
                quantile(lowest, alpha / 2), quantile(highest, 1 - alpha / 2), aLeads, bLeads, notAbove, notBelow,
                List.copyOf(a.rounds().keySet()), List.copyOf(b.rounds().keySet()), pairing, resamples, margin);
    }

    /**
     * One sample's figure with its 95% interval, drawn the same way (rounds, then units): for a
     * share (errors over requests, the schedule a target held) that is reported, not compared.
     *
     * @return [figure, interval's low end, interval's high end]
     */
    public double[] interval(RoundedSample sample, long seed) {
        if (sample.rounds().isEmpty()) {
            throw new IllegalArgumentException("no round to draw from");
        }
        double[] figure = sample.figure();
        double[] lowest = new double[resamples];
        double[] highest = new double[resamples];
        SplittableRandom random = new SplittableRandom(seed);
        int[][] rounds = unitsByRound(sample);
        int[] weights = new int[sample.estimator().units()];
        double[] estimate = new double[3];
        for (int draw = 0; draw < resamples; draw++) {
            Arrays.fill(weights, 0);
            for (int i = 0; i < rounds.length; i++) {
                drawUnits(rounds[random.nextInt(rounds.length)], weights, random);
            }
            sample.estimator().estimate(weights, estimate);
            lowest[draw] = Double.isNaN(estimate[1]) ? Double.NEGATIVE_INFINITY : estimate[1];
            highest[draw] = Double.isNaN(estimate[2]) ? Double.POSITIVE_INFINITY : estimate[2];
        }
        Arrays.sort(lowest);
        Arrays.sort(highest);
        double alpha = 1 - CONFIDENCE;
        return new double[] {figure[0], quantile(lowest, alpha / 2), quantile(highest, 1 - alpha / 2)};
    }

    private static int[][] unitsByRound(RoundedSample sample) {
        return sample.rounds().values().toArray(new int[0][]);
    }

    private static void drawUnits(int[] units, int[] weights, SplittableRandom random) {
        for (int i = 0; i < units.length; i++) {
            weights[units[random.nextInt(units.length)]]++;
        }
    }

    /**
     * How much better A is than B as a ratio (above 1: A better): B/A for a figure where lower is
     * better, A/B where higher is. {@code lowest}: the least it can be given both resolutions (B's
     * lowest over A's highest, for lower-is-better), else the most. Where the data cannot bound it
     * (a resolution reaching 0, no data), the widest value: 0 or infinity.
     */
    static double advantage(double[] a, double[] b, Direction direction, boolean lowest) {
        double[] over = direction == Direction.LOWER_IS_BETTER ? b : a;
        double[] under = direction == Direction.LOWER_IS_BETTER ? a : b;
        double numerator = lowest ? over[1] : over[2];
        double denominator = lowest ? under[2] : under[1];
        return ratio(numerator, denominator, lowest ? 0 : Double.POSITIVE_INFINITY);
    }

    static double pointAdvantage(double[] a, double[] b, Direction direction) {
        return direction == Direction.LOWER_IS_BETTER ? ratio(b[0], a[0], Double.NaN) : ratio(a[0], b[0], Double.NaN);
    }

    private static double ratio(double numerator, double denominator, double unbounded) {
        if (Double.isNaN(numerator) || Double.isNaN(denominator)) {
            return unbounded;
        }
        if (denominator == 0) {
            return numerator > 0 ? Double.POSITIVE_INFINITY : unbounded;
        }
        return numerator / denominator;
    }

    /** The share of draws on the null hypothesis' side, with the usual +1 so it is never 0. */
    private double pValue(double[] draws, java.util.function.DoublePredicate onNullSide) {
        long count = 0;
        for (double draw : draws) {
            if (onNullSide.test(draw)) {
                count++;
            }
        }
        return (count + 1.0) / (draws.length + 1.0);
    }

    /** The q-quantile of sorted values, interpolated between neighbours. */
    static double quantile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int below = (int) Math.floor(position);
        int above = Math.min(sorted.length - 1, below + 1);
        double fraction = position - below;
        if (fraction == 0 || sorted[below] == sorted[above]) {
            return sorted[below];
        }
        if (Double.isInfinite(sorted[above]) || Double.isInfinite(sorted[below])) {
            return fraction < 0.5 ? sorted[below] : sorted[above];
        }
        return sorted[below] + fraction * (sorted[above] - sorted[below]);
    }

    /** A seed from the names of what is compared, the same in every JVM (FNV-1a over the characters). */
    public static long seed(String... parts) {
        long hash = 0xcbf29ce484222325L;
        for (String part : parts) {
            for (int i = 0; i < part.length(); i++) {
                hash ^= part.charAt(i);
                hash *= 0x100000001b3L;
            }
            hash ^= 0x1f;
            hash *= 0x100000001b3L;
        }
        return hash;
    }

    @Override
    public String toString() {
        return "Bootstrap[resamples=" + resamples + ", confidence=" + CONFIDENCE + "]";
    }
}
