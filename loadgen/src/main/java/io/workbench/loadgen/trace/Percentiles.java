package io.workbench.loadgen.trace;

import java.util.Arrays;

/**
 * Exact percentiles of a set of nanosecond values, negative ones included (a part below zero is a
 * finding, not a value to clamp): nearest rank on the sorted values.
 */
final class Percentiles {

    private final long[] sorted;

    private Percentiles(long[] sorted) {
        this.sorted = sorted;
    }

    /** @param values not changed */
    static Percentiles of(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return new Percentiles(sorted);
    }

    int count() {
        return sorted.length;
    }

    /** @return the smallest value with at least {@code percent}% of the values at or below it; 0 for none */
    long at(double percent) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    long min() {
        return sorted.length == 0 ? 0 : sorted[0];
    }

    long max() {
        return sorted.length == 0 ? 0 : sorted[sorted.length - 1];
    }

    double mean() {
        if (sorted.length == 0) {
            return 0;
        }
        double sum = 0;
        for (long value : sorted) {
            sum += value;
        }
        return sum / sorted.length;
    }

    /** @return how many values are below zero */
    long negative() {
        int index = Arrays.binarySearch(sorted, 0);
        if (index < 0) {
            return -index - 1;
        }
        while (index > 0 && sorted[index - 1] == 0) {
            index--;
        }
        return index;
    }
}
