package io.workbench.mainjob.findings;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * An interval histogram of latencies in microseconds (as the load generator's interval log holds
 * them) as the buckets of {@link PooledMedian}, in milliseconds, with the scenario's fixed wait
 * subtracted: what the target added to the wait it was asked for. Each bucket keeps the
 * histogram's own width, so a figure read from it knows how finely the log recorded it: an
 * HdrHistogram with three significant digits has buckets of 64 us around 100 ms and of 512 us
 * around 1 s. A bucket that reaches below the wait is cut at 0 (a response never comes before
 * the wait it asked for; a value there is the clocks' rounding).
 */
public final class LatencyBuckets {

    private static final double MICROS_PER_MS = 1000.0;

    private LatencyBuckets() {
    }

    /** @param waitMillis the fixed wait each request asked for, subtracted from every value */
    public static PooledMedian.Buckets of(Histogram micros, double waitMillis) {
        double[] lows = new double[64];
        double[] highs = new double[64];
        long[] counts = new long[64];
        double waitMicros = waitMillis * MICROS_PER_MS;
        int size = 0;
        for (HistogramIterationValue value : micros.recordedValues()) {
            if (size == counts.length) {
                lows = Arrays.copyOf(lows, size * 2);
                highs = Arrays.copyOf(highs, size * 2);
                counts = Arrays.copyOf(counts, size * 2);
            }
            long at = value.getValueIteratedTo();
            counts[size] = value.getCountAtValueIteratedTo();
            lows[size] = Math.max(0, micros.lowestEquivalentValue(at) - waitMicros) / MICROS_PER_MS;
            highs[size] = Math.max(0, micros.nextNonEquivalentValue(at) - waitMicros) / MICROS_PER_MS;
            size++;
        }
        return new PooledMedian.Buckets(Arrays.copyOf(lows, size), Arrays.copyOf(highs, size), Arrays.copyOf(counts, size));
    }
}
