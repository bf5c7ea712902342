package io.workbench.mainjob.findings;

/**
 * A scenario's figure for one target, computed from a weighted selection of its units (the
 * one-second intervals of its runs, or whole runs): the weights are how often the bootstrap drew
 * each unit, all 1 for the figure itself. Besides the figure it gives the lowest and highest
 * value the figure could have given the resolution of the data (a latency read from histogram
 * buckets is known only to a bucket's width); a figure read from exact counts has both equal to it.
 */
public interface Estimator {

    /** The number of units; {@code weights} passed to {@link #estimate} are indexed by them. */
    int units();

    /**
     * Writes into {@code out} the figure over the units, each counted {@code weights[unit]} times:
     * {@code out[0]} the figure, {@code out[1]} the lowest and {@code out[2]} the highest it could
     * be; NaN in all three when the weighted units hold nothing to compute it from. Allocates
     * nothing: the bootstrap calls it ten thousand times per target and pair.
     */
    void estimate(int[] weights, double[] out);

    /** The figure over every unit once: [figure, lowest, highest]. */
    default double[] whole() {
        int[] weights = new int[units()];
        java.util.Arrays.fill(weights, 1);
        double[] out = new double[3];
        estimate(weights, out);
        return out;
    }
}
