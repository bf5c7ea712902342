package io.workbench.loadgen.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecordersTest {

    @Test
    void aRequestIsRecordedInItsFourPartsInMicroseconds() {
        LatencyRecorders recorders = new LatencyRecorders();
        // Intended at 0, a connect waited 1 ms, sent at 3 ms, ended at 10 ms.
        recorders.record(0, 1_000_000, 3_000_000, 10_000_000);
        assertEquals(10_000, single(recorders, LatencyRecorders.Kind.INTENDED_TO_END), 10);
        assertEquals(7_000, single(recorders, LatencyRecorders.Kind.SEND_TO_END), 10);
        assertEquals(2_000, single(recorders, LatencyRecorders.Kind.INTENDED_TO_SEND), 10);
        assertEquals(1_000, single(recorders, LatencyRecorders.Kind.CONNECT_WAIT), 10);
    }

    @Test
    void aRequestNeverSentHasOnlyItsWholeWait() {
        LatencyRecorders recorders = new LatencyRecorders();
        recorders.record(0, 0, 0, 5_000_000);
        assertEquals(1, recorders.recorder(LatencyRecorders.Kind.INTENDED_TO_END).getIntervalHistogram().getTotalCount());
        assertEquals(0, recorders.recorder(LatencyRecorders.Kind.SEND_TO_END).getIntervalHistogram().getTotalCount());
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
