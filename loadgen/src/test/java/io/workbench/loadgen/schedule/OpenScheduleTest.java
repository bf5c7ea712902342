package io.workbench.loadgen.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class OpenScheduleTest {

    private static long[] drain(ArrivalSchedule schedule) {
        long[] offsets = new long[1024];
        int n = 0;
        long offset;
        while ((offset = schedule.next()) != ArrivalSchedule.END) {
            if (n == offsets.length) {
                offsets = Arrays.copyOf(offsets, n * 2);
            }
            offsets[n++] = offset;
        }
        return Arrays.copyOf(offsets, n);
    }

    @Test
    void exponentialGapsHaveTheMeanOfTheRateWithin2PercentOver100kDraws() {
        long[] offsets = drain(new OpenSchedule(1000, Arrivals.EXPONENTIAL, 0, 0, 100_001, 0, 42));
        assertEquals(100_001, offsets.length);
        double sum = 0;
        double sumSquares = 0;
        for (int i = 1; i < offsets.length; i++) {
            long gap = offsets[i] - offsets[i - 1];
            assertTrue(gap >= 0, "arrivals in order");
            sum += gap;
            sumSquares += (double) gap * gap;
        }
        int gaps = offsets.length - 1;
        double mean = sum / gaps;
        assertEquals(1_000_000, mean, 20_000, "mean inter-arrival of 1 ms within 2%");
        // Exponential, not constant: the standard deviation is the mean.
        double sd = Math.sqrt(sumSquares / gaps - mean * mean);
        assertEquals(1.0, sd / mean, 0.05, "coefficient of variation of an exponential distribution");
    }

    @Test
    void theSameSeedGivesTheSameScheduleAndAnotherSeedAnotherOne() {
        long[] a = drain(new OpenSchedule(20_000, Arrivals.EXPONENTIAL, 500_000_000, 100_000_000, 10_000, 0, 7));
        long[] b = drain(new OpenSchedule(20_000, Arrivals.EXPONENTIAL, 500_000_000, 100_000_000, 10_000, 0, 7));
        long[] c = drain(new OpenSchedule(20_000, Arrivals.EXPONENTIAL, 500_000_000, 100_000_000, 10_000, 0, 8));
        assertArrayEquals(a, b);
        assertFalse(Arrays.equals(a, c));
    }

    @Test
    void constantGapsAreExactToTheNanosecondWithoutRoundingToMilliseconds() {
        long[] offsets = drain(new OpenSchedule(3000, Arrivals.CONSTANT, 0, 0, 30_000, 0, 1));
        assertEquals(30_000, offsets.length);
        for (int i = 0; i < offsets.length; i++) {
            // i / 3000 s, rounded once to the nanosecond: no drift, no millisecond grid.
            assertEquals(Math.round(i * 1e9 / 3000), offsets[i], "arrival " + i);
        }
        assertEquals(333_333, offsets[1]);
    }

    @Test
    void aLinearRampDeliversHalfTheRateOverItsLength() {
        // 1000/s after a ramp of 1 s, for 2 s: 500 arrivals in the ramp, 1000 in the second after it.
        long[] offsets = drain(new OpenSchedule(1000, Arrivals.CONSTANT, 1_000_000_000, 0, 0, 2_000_000_000, 1));
        long inRamp = Arrays.stream(offsets).filter(o -> o < 1_000_000_000).count();
        assertEquals(500, inRamp);
        assertEquals(1500, offsets.length);
        // The gaps shrink through the ramp and are 1 ms after it.
        assertTrue(offsets[2] - offsets[1] > offsets[400] - offsets[399]);
        assertEquals(1_000_000, offsets[1200] - offsets[1199], 1);
    }

    @Test
    void aCountedRunFollowsItsWarmupWithExactlyItsCountAndATimedOneStopsAtItsEnd() {
        long[] counted = drain(new OpenSchedule(1000, Arrivals.CONSTANT, 0, 500_000_000, 2000, 0, 1));
        assertEquals(500 + 2000, counted.length);
        assertEquals(500, Arrays.stream(counted).filter(o -> o < 500_000_000).count());

        long[] timed = drain(new OpenSchedule(1000, Arrivals.EXPONENTIAL, 0, 200_000_000, 0, 1_000_000_000, 3));
        assertTrue(Arrays.stream(timed).allMatch(o -> o < 1_200_000_000), "nothing after warm-up + duration");
        assertEquals(1200, timed.length, 120, "about rate x (warm-up + duration)");
    }

    @Test
    void allAtOnceIsNArrivalsAtOffsetZero() {
        long[] offsets = drain(new AllAtOnceSchedule(5));
        assertArrayEquals(new long[5], offsets);
    }
}
