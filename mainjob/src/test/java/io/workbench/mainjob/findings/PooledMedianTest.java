package io.workbench.mainjob.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The median of pooled histogram buckets: where it lies, how finely, and what weights do. */
class PooledMedianTest {

    private static PooledMedian.Buckets buckets(double[] lows, double[] highs, long[] counts) {
        return new PooledMedian.Buckets(lows, highs, counts);
    }

    private static double[] estimate(PooledMedian median, int... weights) {
        double[] out = new double[3];
        median.estimate(weights, out);
        return out;
    }

    @Test
    void theMedianIsInterpolatedInsideTheBucketWhereTheCountCrossesHalfAndTheBucketIsItsBound() {
        // 10 values in [0, 1), 30 in [1, 2), 60 in [2, 4): half (50) is reached 10/60 of the way into [2, 4).
        PooledMedian median = PooledMedian.of(List.of(buckets(new double[] {0, 1, 2}, new double[] {1, 2, 4}, new long[] {10, 30, 60})));

        double[] figure = estimate(median, 1);

        assertEquals(2 + 2.0 * 10 / 60, figure[0], 1e-12);
        assertEquals(2, figure[1], 0.0);
        assertEquals(4, figure[2], 0.0);
    }

    @Test
    void unitsArePooledByTheirWeightsNotAveraged() {
        PooledMedian.Buckets low = buckets(new double[] {1}, new double[] {2}, new long[] {100});
        PooledMedian.Buckets high = buckets(new double[] {10}, new double[] {11}, new long[] {300});
        PooledMedian median = PooledMedian.of(List.of(low, high));

        assertTrue(estimate(median, 1, 1)[1] >= 10, "300 of 400 values are in [10, 11): the median is there");
        assertTrue(estimate(median, 4, 1)[2] <= 2, "drawn four times, the low unit's 400 outweigh the 300");
        assertTrue(Double.isNaN(estimate(median, 0, 0)[0]), "nothing drawn, no figure");
    }

    @Test
    void aHistogramWithThreeDigitsResolvesALatencyNearOneSecondOnlyToHalfAMillisecond() {
        Histogram micros = new Histogram(3);
        for (int i = 0; i < 1_000; i++) {
            micros.recordValue(1_000_300 + i % 10); // 1,000.300-1,000.309 ms: 0.3 ms beyond a 1 s wait
        }

        double[] figure = PooledMedian.of(List.of(LatencyBuckets.of(micros, 1_000))).whole();

        // Its bucket is [999,936, 1,000,448) us, 512 us wide: 0 to 0.448 ms beyond the wait, cut at 0.
        assertEquals(0, figure[1], 0.0);
        assertEquals(0.448, figure[2], 1e-9);
        assertTrue(figure[1] <= 0.3 && figure[2] >= 0.309, "the true 0.300-0.309 ms lies within the bounds");
    }

    @Test
    void fiveDigitsResolveTheSameLatencyToAFewMicroseconds() {
        Histogram micros = new Histogram(5);
        for (int i = 0; i < 1_000; i++) {
            micros.recordValue(1_000_300 + i % 10);
        }

        double[] figure = PooledMedian.of(List.of(LatencyBuckets.of(micros, 1_000))).whole();

        assertEquals(0.305, figure[0], 0.01);
        assertTrue(figure[2] - figure[1] <= 0.008, "buckets of 8 us: " + (figure[2] - figure[1]));
    }

    @Test
    void bucketsOfAnotherPrecisionAreSpreadOverTheEdgesTheyCross() {
        // One unit in a wide bucket [0, 4), the other in narrow ones: the wide one's 40 values count 10 per unit of width.
        PooledMedian.Buckets wide = buckets(new double[] {0}, new double[] {4}, new long[] {40});
        PooledMedian.Buckets narrow = buckets(new double[] {0, 1, 2, 3}, new double[] {1, 2, 3, 4}, new long[] {0, 0, 0, 40});

        double[] figure = estimate(PooledMedian.of(List.of(wide, narrow)), 1, 1);

        // At or below 3: 30 of the wide; below half (40) until 1/5 into [3, 4), where 30 + (10 + 40) * 0.2 = 40.
        assertEquals(3.2, figure[0], 1e-9);
    }

    @Test
    void bucketsOutOfOrderOrWithNegativeCountsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> buckets(new double[] {2, 0}, new double[] {3, 1}, new long[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> buckets(new double[] {0}, new double[] {1}, new long[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> buckets(new double[] {1}, new double[] {0}, new long[] {1}));
    }
}
