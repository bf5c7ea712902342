package io.workbench.mainjob.findings;

import java.util.Arrays;
import java.util.List;

/**
 * The median of every request of the weighted units pooled together, read from histogram buckets:
 * each unit (a one-second interval of an interval log) is a set of {@link Buckets}, each a count of
 * values somewhere in {@code [low, high)}. The pooled count at or below every bucket edge is exact,
 * so the median lies between the two edges where that count crosses half of all values; the
 * figure is placed between them by linear interpolation, and the two edges are the lowest and
 * highest it could be. Where the buckets are narrow against the figure that changes nothing; where
 * they are wide (an HdrHistogram with three significant digits records a latency near 1 s only to
 * 0.5 ms), the two edges say how little the log can resolve, and a comparison carries it.
 *
 * <p>The counts at each edge are kept per unit, so one estimate costs a binary search over the
 * edges with a weighted sum over the units at each step, and allocates nothing. Not thread-safe
 * (one scratch array); a bootstrap uses one estimator on one thread.
 */
public final class PooledMedian implements Estimator {

    /**
     * One unit's buckets, ascending and not overlapping: {@code counts[i]} values in
     * {@code [lows[i], highs[i])}, or all at {@code lows[i]} where {@code highs[i] == lows[i]}.
     */
    public record Buckets(double[] lows, double[] highs, long[] counts) {

        public Buckets {
            if (lows.length != highs.length || lows.length != counts.length) {
                throw new IllegalArgumentException("lows, highs and counts differ in length");
            }
            for (int i = 0; i < lows.length; i++) {
                if (!(highs[i] >= lows[i]) || counts[i] < 0 || !Double.isFinite(lows[i]) || !Double.isFinite(highs[i])
                        || i > 0 && lows[i] < highs[i - 1]) {
                    throw new IllegalArgumentException("bucket " + i + ": [" + lows[i] + ", " + highs[i] + ") x " + counts[i]
                            + (i > 0 ? " after one ending at " + highs[i - 1] : ""));
                }
            }
        }

        public long total() {
            return Arrays.stream(counts).sum();
        }
    }

    private final double[] edges;
    /** atOrBelow[unit][k]: how many of the unit's values are at or below edges[k]. */
    private final double[][] atOrBelow;
    private final double[] totals;
    private final int[] active;

    private PooledMedian(double[] edges, double[][] atOrBelow, double[] totals) {
        this.edges = edges;
        this.atOrBelow = atOrBelow;
        this.totals = totals;
        this.active = new int[totals.length];
    }

    public static PooledMedian of(List<Buckets> units) {
        double[] edges = edges(units);
        double[][] atOrBelow = new double[units.size()][];
        double[] totals = new double[units.size()];
        for (int unit = 0; unit < units.size(); unit++) {
            Buckets buckets = units.get(unit);
            double[] added = new double[edges.length];
            int edge = 0;
            for (int i = 0; i < buckets.counts().length; i++) {
                long count = buckets.counts()[i];
                if (count == 0) {
                    continue;
                }
                totals[unit] += count;
                double low = buckets.lows()[i];
                double high = buckets.highs()[i];
                while (edges[edge] < low) {
                    edge++;
                }
                if (low == high) {
                    added[edge] += count;
                    continue;
                }
                // A bucket of one unit can span edges of another's (logs of another precision): spread it evenly.
                double width = high - low;
                for (int k = edge + 1; k < edges.length && edges[k] <= high; k++) {
                    added[k] += count * (edges[k] - edges[k - 1]) / width;
                }
            }
            for (int k = 1; k < added.length; k++) {
                added[k] += added[k - 1];
            }
            atOrBelow[unit] = added;
        }
        return new PooledMedian(edges, atOrBelow, totals);
    }

    /** Every bucket's low and high, ascending, each once. */
    private static double[] edges(List<Buckets> units) {
        int count = 0;
        for (Buckets unit : units) {
            count += 2 * unit.counts().length;
        }
        double[] all = new double[count];
        int next = 0;
        for (Buckets unit : units) {
            System.arraycopy(unit.lows(), 0, all, next, unit.lows().length);
            next += unit.lows().length;
            System.arraycopy(unit.highs(), 0, all, next, unit.highs().length);
            next += unit.highs().length;
        }
        Arrays.sort(all);
        int distinct = 0;
        for (int i = 0; i < all.length; i++) {
            if (distinct == 0 || all[i] != all[distinct - 1]) {
                all[distinct++] = all[i];
            }
        }
        return Arrays.copyOf(all, distinct);
    }

    @Override
    public int units() {
        return totals.length;
    }

    @Override
    public void estimate(int[] weights, double[] out) {
        int activeUnits = 0;
        double total = 0;
        for (int unit = 0; unit < totals.length; unit++) {
            if (weights[unit] != 0 && totals[unit] > 0) {
                active[activeUnits++] = unit;
                total += weights[unit] * totals[unit];
            }
        }
        if (total == 0) {
            out[0] = Double.NaN;
            out[1] = Double.NaN;
            out[2] = Double.NaN;
            return;
        }
        double half = total / 2;
        if (pooled(0, weights, activeUnits) >= half) {
            out[0] = edges[0];
            out[1] = edges[0];
            out[2] = edges[0];
            return;
        }
        // Invariant: pooled(low) < half <= pooled(high).
        int low = 0;
        int high = edges.length - 1;
        while (high - low > 1) {
            int middle = (low + high) >>> 1;
            if (pooled(middle, weights, activeUnits) >= half) {
                high = middle;
            } else {
                low = middle;
            }
        }
        double below = pooled(low, weights, activeUnits);
        double atHigh = pooled(high, weights, activeUnits);
        out[0] = edges[low] + (half - below) / (atHigh - below) * (edges[high] - edges[low]);
        out[1] = edges[low];
        out[2] = edges[high];
    }

    private double pooled(int edge, int[] weights, int activeUnits) {
        double sum = 0;
        for (int i = 0; i < activeUnits; i++) {
            int unit = active[i];
            sum += weights[unit] * atOrBelow[unit][edge];
        }
        return sum;
    }

    @Override
    public String toString() {
        return "PooledMedian[units=" + totals.length + ", edges=" + edges.length + ", values=" + Arrays.stream(totals).sum() + "]";
    }
}
