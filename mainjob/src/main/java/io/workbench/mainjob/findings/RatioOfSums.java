package io.workbench.mainjob.findings;

import java.util.Arrays;

/**
 * A figure that is a sum over a sum, each unit contributing to both: CPU time over the requests
 * completed in a sampling interval (CPU per request), errors over requests, or one value per run
 * over 1 (the mean of per-run values, e.g. the most requests in flight). Computed as the ratio of
 * the weighted sums, never as a mean of per-unit ratios, so an interval with few requests weighs
 * as little as it should. Exact counts: the lowest and highest it could be are the figure.
 */
public final class RatioOfSums implements Estimator {

    private final double[] numerators;
    private final double[] denominators;

    public RatioOfSums(double[] numerators, double[] denominators) {
        if (numerators.length != denominators.length) {
            throw new IllegalArgumentException(numerators.length + " numerators against " + denominators.length + " denominators");
        }
        for (int unit = 0; unit < numerators.length; unit++) {
            if (!Double.isFinite(numerators[unit]) || !Double.isFinite(denominators[unit]) || denominators[unit] < 0) {
                throw new IllegalArgumentException("unit " + unit + ": " + numerators[unit] + " / " + denominators[unit]);
            }
        }
        this.numerators = numerators.clone();
        this.denominators = denominators.clone();
    }

    @Override
    public int units() {
        return numerators.length;
    }

    @Override
    public void estimate(int[] weights, double[] out) {
        double numerator = 0;
        double denominator = 0;
        for (int unit = 0; unit < numerators.length; unit++) {
            int weight = weights[unit];
            if (weight != 0) {
                numerator += weight * numerators[unit];
                denominator += weight * denominators[unit];
            }
        }
        double figure = denominator > 0 ? numerator / denominator : Double.NaN;
        out[0] = figure;
        out[1] = figure;
        out[2] = figure;
    }

    @Override
    public String toString() {
        return "RatioOfSums[units=" + numerators.length + ", sum=" + Arrays.stream(numerators).sum() + "/"
                + Arrays.stream(denominators).sum() + "]";
    }
}
