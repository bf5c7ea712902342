package io.workbench.loadgen.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecordersTest {

    @Test
    void aRequestIsRecordedInItsPartsAndWhatTheTargetCausedInMicroseconds() {
        LatencyRecorders recorders = new LatencyRecorders();
        // Intended at 0, tried at 1 ms (late), sent at 3 ms (it waited for a connection), ended at 10 ms.
        recorders.record(0, 1_000_000, 3_000_000, 10_000_000);
        assertEquals(10_000, single(recorders, LatencyRecorders.Kind.INTENDED_TO_END), 10);
        assertEquals(1_000, single(recorders, LatencyRecorders.Kind.LATENESS), 10);
        assertEquals(2_000, single(recorders, LatencyRecorders.Kind.CONNECTION_WAIT), 10);
        assertEquals(7_000, single(recorders, LatencyRecorders.Kind.SEND_TO_END), 10);
        assertEquals(9_000, single(recorders, LatencyRecorders.Kind.TRIED_TO_END), 10);
    }

    @Test
    void aRequestThatTimedOutUnwrittenHasNoConnectionWaitNorServiceTime() {
        LatencyRecorders recorders = new LatencyRecorders();
        recorders.record(0, 200_000, 0, 5_000_000);
        assertEquals(5_000, single(recorders, LatencyRecorders.Kind.INTENDED_TO_END), 10);
        assertEquals(200, single(recorders, LatencyRecorders.Kind.LATENESS), 1);
        assertEquals(4_800, single(recorders, LatencyRecorders.Kind.TRIED_TO_END), 10);
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.SEND_TO_END).getIntervalHistogram().getTotalCount());
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.CONNECTION_WAIT).getIntervalHistogram().getTotalCount());
    }

    @Test
    void aCensoredRequestIsTimedToWhenItWasGivenUpAndFromItsTryOnlyIfItWasTried() {
        LatencyRecorders recorders = new LatencyRecorders();
        // Tried at 0.5 ms, still waiting for a connection when given up at 800 ms.
        recorders.recordCensored(0, 500_000, 800_000_000);
        assertEquals(800_000, single(recorders, LatencyRecorders.Kind.INTENDED_TO_END), 800);
        assertEquals(500, single(recorders, LatencyRecorders.Kind.LATENESS), 1);
        assertEquals(799_500, single(recorders, LatencyRecorders.Kind.TRIED_TO_END), 800);
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.CONNECTION_WAIT).getIntervalHistogram().getTotalCount(),
                "never sent: no connection wait of its own, the whole of it is in intended->end");
        // Due, never tried (the run was interrupted): only the whole.
        recorders.recordCensored(0, 0, 300_000_000);
        assertEquals(300_000, single(recorders, LatencyRecorders.Kind.INTENDED_TO_END), 300);
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.LATENESS).getIntervalHistogram().getTotalCount());
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.TRIED_TO_END).getIntervalHistogram().getTotalCount());
    }

    @Test
    void withAFloorWhatTheTargetAddedBeyondItKeepsTheMicrosecond() {
        LatencyRecorders recorders = new LatencyRecorders(1_000_000_000L);
        // Asked to wait 1 s: tried at 0, ended 1,000.237 ms later. Tried->end at three significant
        // digits resolves 1 s to about half a millisecond; beyond the floor, 237 us stays 237 us.
        recorders.record(0, 0, 10_000, 1_000_237_000);
        assertEquals(237, single(recorders, LatencyRecorders.Kind.BEYOND_FLOOR));
        Histogram tried = recorders.recorder(LatencyRecorders.Kind.TRIED_TO_END).getIntervalHistogram();
        assertTrue(tried.sizeOfEquivalentValueRange(tried.getMaxValue()) >= 256, "tried->end is that coarse at 1 s");
        // One that ended before its floor (the target answered early) is 0, never negative.
        recorders.record(0, 0, 10_000, 999_000_000);
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.BEYOND_FLOOR).getIntervalHistogram().getMaxValue());
        // A censored request that was tried: to when it was given up, less the floor.
        recorders.recordCensored(0, 1_000_000, 1_501_000_000);
        assertEquals(500_000, single(recorders, LatencyRecorders.Kind.BEYOND_FLOOR), 500);
    }

    @Test
    void withoutAFloorNothingIsRecordedBeyondOne() {
        LatencyRecorders recorders = new LatencyRecorders();
        recorders.record(0, 0, 10_000, 1_000_237_000);
        recorders.recordCensored(0, 1_000_000, 1_501_000_000);
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.BEYOND_FLOOR).getIntervalHistogram().getTotalCount());
        assertThrows(IllegalArgumentException.class, () -> new LatencyRecorders(-1));
    }

    @Test
    void primingGrowsEveryRangeAndIsClampedAtAnHour() {
        LatencyRecorders recorders = new LatencyRecorders();
        recorders.recordForPriming(1L << 40);
        recorders.recordForPriming(-5);
        for (LatencyRecorders.Kind kind : LatencyRecorders.Kind.values()) {
            Histogram interval = recorders.recorder(kind).getIntervalHistogram();
            assertEquals(2, interval.getTotalCount(), kind.tag());
            assertEquals(LatencyRecorders.HIGHEST_MICROS, interval.getMaxValue(), LatencyRecorders.HIGHEST_MICROS / 1000.0, kind.tag());
            assertEquals(0, interval.getMinValue(), kind.tag());
        }
    }

    private static double single(LatencyRecorders recorders, LatencyRecorders.Kind kind) {
        Histogram interval = recorders.recorder(kind).getIntervalHistogram();
        assertEquals(1, interval.getTotalCount(), kind.tag());
        return interval.getMaxValue();
    }
}
