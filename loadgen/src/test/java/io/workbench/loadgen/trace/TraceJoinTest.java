package io.workbench.loadgen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.record.ErrorKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The join of the generator's records with the target's, the parts it makes, the clock check and
 * the target's format, on records written by hand: every request whose stamps are known, and every
 * way a request can fail to join, counted by why.
 */
class TraceJoinTest {

    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;

    /** A target's /trace body holding {@code rows} (id, first read, entered, answered, writing, handed, flags). */
    private static TargetTrace target(List<long[]> rows, long dropped) {
        StringBuilder body = new StringBuilder("# workbench-trace 2\n# cell test:cell\n# first-read when the test says\n")
                .append("# records ").append(rows.size()).append("\n# dropped ").append(dropped).append('\n')
                .append(TargetTrace.COLUMNS).append('\n');
        for (long[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                body.append(i == 0 ? "" : ",").append(row[i]);
            }
            body.append('\n');
        }
        return TargetTrace.parse(body.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * A request intended at {@code t}: 10 us late, 20 us for a connection and the write, a 30 us trip,
     * 40 us in the server's queue, {@code handlerMs} in the handler, 50 us making the response, 60 us
     * from its last write issued to the generator's read.
     */
    private static long[] stamps(long t, double handlerMs) {
        long handler = Math.round(handlerMs * MS);
        long[] s = new long[TracePart.STAMPS];
        long[] steps = {0, 10 * US, 20 * US, 30 * US, 40 * US, handler, 50 * US, 60 * US};
        long at = t;
        for (int i = 0; i < s.length; i++) {
            at += steps[i];
            s[i] = at;
        }
        return s;
    }

    /** The server says its write completed 45 us after it was issued: before the generator's read. */
    private static long[] targetRow(long id, long[] s, long flags) {
        return targetRow(id, s, s[6] + 45 * US, flags);
    }

    private static long[] targetRow(long id, long[] s, long handed, long flags) {
        return new long[] {id, s[3], s[4], s[5], s[6], handed, flags};
    }

    private static void ended(LoopTrace loop, long id, long[] s, boolean measured, LoopTrace.Outcome outcome) {
        loop.ended(id, s[0], s[1], s[2], s[7], measured, false, outcome, outcome.responded() ? null : ErrorKind.values()[0]);
    }

    @Test
    void wholeRequestsSplitIntoSevenPartsThatAddUpToIntendedToEnd() {
        LoopTrace loop = new LoopTrace(0, 1);
        List<long[]> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long id = loop.nextId();
            long[] s = stamps(1_000 * MS + i * MS, i == 99 ? 25.0 : 5.0);
            ended(loop, id, s, true, i == 50 ? LoopTrace.Outcome.NON_2XX : LoopTrace.Outcome.OK);
            // Request 7's server learned its write completed 90 us after the generator had read the response.
            rows.add(i == 7 ? targetRow(id, s, s[7] + 90 * US, 0) : targetRow(id, s, 0));
        }
        JoinedTrace joined = TraceJoin.join(List.of(loop), target(rows, 0));
        TraceBreakdown breakdown = TraceBreakdown.of(joined);

        assertEquals(100, breakdown.measuredResponses());
        assertEquals(100, breakdown.joined(), "a response with another status is as whole as an ok one");
        assertEquals(0.010, breakdown.parts().get(TracePart.LATENESS).p50Ms(), 1e-9);
        assertEquals(0.020, breakdown.parts().get(TracePart.CONNECTION_WAIT).p50Ms(), 1e-9);
        assertEquals(0.030, breakdown.parts().get(TracePart.TRIP_TO_SERVER).p50Ms(), 1e-9);
        assertEquals(0.040, breakdown.parts().get(TracePart.SERVER_QUEUE).p50Ms(), 1e-9);
        assertEquals(5.0, breakdown.parts().get(TracePart.HANDLER).p50Ms(), 1e-9);
        assertEquals(25.0, breakdown.parts().get(TracePart.HANDLER).maxMs(), 1e-9);
        assertEquals(0.050, breakdown.parts().get(TracePart.RESPONSE_MADE).p50Ms(), 1e-9);
        assertEquals(0.060, breakdown.parts().get(TracePart.WRITE_AND_TRIP_BACK).p50Ms(), 1e-9);
        // The server's word on its write is beside the way, not on it: a late word moves no part.
        assertEquals(0.045, breakdown.serverWriteAsItSaw().p50Ms(), 1e-9);
        assertEquals(0.150, breakdown.serverWriteAsItSaw().maxMs(), 1e-9);
        assertEquals(5.210, breakdown.intendedToEnd().p50Ms(), 1e-9);
        assertEquals(breakdown.intendedToEnd().p50Ms(), breakdown.sumOfPartMediansMs(), 1e-9,
                "with one slow request, the medians add up to the median");
        assertEquals(0, breakdown.negativeRequests());
        assertTrue(breakdown.clock().shared(), breakdown.clock().reason());
        // The worst request first, part by part, its parts adding up to its intended->end.
        TraceBreakdown.Request worst = breakdown.worst().get(0);
        assertEquals(99, worst.id());
        assertEquals(25.210, worst.intendedToEndMs(), 1e-9);
        assertEquals(worst.intendedToEndMs(), worst.partsMs().values().stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
        assertEquals(TraceBreakdown.WORST, breakdown.worst().size());
        assertEquals("test:cell", breakdown.cell());
    }

    @Test
    void everyRequestThatCannotBeJoinedIsCountedByWhy() {
        LoopTrace loop = new LoopTrace(1, 2);
        List<long[]> rows = new ArrayList<>();
        long t = 5_000 * MS;
        // Joined.
        long whole = loop.nextId();
        ended(loop, whole, stamps(t, 1), true, LoopTrace.Outcome.OK);
        rows.add(targetRow(whole, stamps(t, 1), 0));
        // No target record: dropped by the target, or a path it does not trace.
        ended(loop, loop.nextId(), stamps(t, 1), true, LoopTrace.Outcome.OK);
        // A target record that misses a stamp (flagged), and one whose stamp is 0.
        long flagged = loop.nextId();
        ended(loop, flagged, stamps(t, 1), true, LoopTrace.Outcome.OK);
        rows.add(targetRow(flagged, stamps(t, 1), 1));
        long zero = loop.nextId();
        ended(loop, zero, stamps(t, 1), true, LoopTrace.Outcome.OK);
        long[] zeroRow = targetRow(zero, stamps(t, 1), 0);
        zeroRow[3] = 0;
        rows.add(zeroRow);
        // Not measured (warm-up): neither counted nor joined, though the target has it.
        long warm = loop.nextId();
        ended(loop, warm, stamps(t, 1), false, LoopTrace.Outcome.OK);
        rows.add(targetRow(warm, stamps(t, 1), 0));
        // Measured without a response: counted, not in the parts.
        ended(loop, loop.nextId(), stamps(t, 1), true, LoopTrace.Outcome.TIMEOUT);
        ended(loop, loop.nextId(), stamps(t, 1), true, LoopTrace.Outcome.CENSORED);
        ended(loop, loop.nextId(), stamps(t, 1), true, LoopTrace.Outcome.ERROR);
        // Sent again: joined, and counted as retried.
        long again = loop.nextId();
        long[] s = stamps(t, 1);
        loop.ended(again, s[0], s[1], s[2], s[7], true, true, LoopTrace.Outcome.OK, null);
        rows.add(targetRow(again, s, 0));
        // A target record no request has, and a duplicate of one that has.
        rows.add(targetRow(999_999, stamps(t, 1), 0));
        rows.add(targetRow(whole, stamps(t, 1), 0));

        TraceBreakdown breakdown = TraceBreakdown.of(TraceJoin.join(List.of(loop), target(rows, 7)));

        assertEquals(5, breakdown.measuredResponses(), "whole, unmatched, flagged, zero, again");
        assertEquals(2, breakdown.joined());
        assertEquals(1, breakdown.unmatchedGenerator());
        assertEquals(2, breakdown.incomplete());
        assertEquals(2, breakdown.unmatchedTarget(), "the stranger and the duplicate");
        assertEquals(1, breakdown.retried());
        assertEquals(1, breakdown.timedOut());
        assertEquals(1, breakdown.censored());
        assertEquals(7, breakdown.droppedByTarget());
        assertTrue(breakdown.worst().stream().anyMatch(TraceBreakdown.Request::retried));
        // Ids of two loops never meet: loop 1 of 2 numbers 1, 3, 5...
        assertEquals(1, whole);
        LoopTrace other = new LoopTrace(1, 2);
        assertEquals(List.of(1L, 3L, 5L), List.of(other.nextId(), other.nextId(), other.nextId()));
    }

    @Test
    void theClockCheckPassesOneClockAndCatchesAShiftEitherWay() {
        LoopTrace loop = new LoopTrace(0, 1);
        List<long[]> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            long id = loop.nextId();
            long[] s = stamps(2_000 * MS + i * MS, 1);
            ended(loop, id, s, true, LoopTrace.Outcome.OK);
            rows.add(targetRow(id, s, 0));
        }
        JoinedTrace joined = TraceJoin.join(List.of(loop), target(rows, 0));
        assertTrue(ClockCheck.judge(joined.joined()).shared());

        ClockCheck later = TraceBreakdown.of(joined.withTargetShifted(5 * MS)).clock();
        assertFalse(later.shared(), later.reason());
        assertTrue(later.reason().contains("trip back"), later.reason());
        ClockCheck earlier = TraceBreakdown.of(joined.withTargetShifted(-5 * MS)).clock();
        assertFalse(earlier.shared(), earlier.reason());
        assertTrue(earlier.reason().contains("trip to the server"), earlier.reason());
        // Shifted, the parts still add up request by request, but some are below zero: counted, never clamped.
        TraceBreakdown shifted = TraceBreakdown.of(joined.withTargetShifted(5 * MS));
        assertEquals(200, shifted.negativeRequests());
        assertEquals(200, shifted.parts().get(TracePart.WRITE_AND_TRIP_BACK).negative());
        assertNull(ClockCheck.judge(new long[0][]).shared(), "nothing joined: nothing to judge");
    }

    @Test
    void aFewTripsBelowZeroAreToleratedButMoreAreAnotherClock() {
        long[][] joined = new long[200][];
        for (int i = 0; i < joined.length; i++) {
            joined[i] = stamps(i * MS, 1);
        }
        // Two of 200 (1%) below zero: within the check's tolerance (they are still counted as parts below zero).
        joined[0][7] = joined[0][6] - 5 * US;
        joined[1][7] = joined[1][6] - 5 * US;
        assertTrue(ClockCheck.judge(joined).shared(), ClockCheck.judge(joined).reason());
        // Three of 200 is above 1%: not one clock.
        joined[2][7] = joined[2][6] - 5 * US;
        ClockCheck three = ClockCheck.judge(joined);
        assertFalse(three.shared(), three.reason());
        assertTrue(three.reason().contains("too many requests have a trip below zero"), three.reason());
    }

    @Test
    void aTargetTraceThatIsNotTheFormatIsRefusedNamingTheLine() {
        String good = "# workbench-trace 2\n# cell c:s\n# first-read r\n# records 1\n# dropped 0\n" + TargetTrace.COLUMNS + "\n1,2,3,4,5,6,0\n";
        assertEquals(1, TargetTrace.parse(good.getBytes(StandardCharsets.US_ASCII)).count());
        IllegalArgumentException version = assertThrows(IllegalArgumentException.class,
                () -> TargetTrace.parse(good.replace("trace 2", "trace 1").getBytes(StandardCharsets.US_ASCII)));
        assertTrue(version.getMessage().contains("format 1"), version.getMessage());
        IllegalArgumentException count = assertThrows(IllegalArgumentException.class,
                () -> TargetTrace.parse(good.replace("records 1", "records 2").getBytes(StandardCharsets.US_ASCII)));
        assertTrue(count.getMessage().contains("says 2 records and holds 1"), count.getMessage());
        IllegalArgumentException field = assertThrows(IllegalArgumentException.class,
                () -> TargetTrace.parse(good.replace("1,2,3,4,5,6,0", "1,2,x,4,5,6,0").getBytes(StandardCharsets.US_ASCII)));
        assertTrue(field.getMessage().contains("line 7"), field.getMessage());
        IllegalArgumentException columns = assertThrows(IllegalArgumentException.class,
                () -> TargetTrace.parse(good.replace("1,2,3,4,5,6,0", "1,2,3,4,5,6").getBytes(StandardCharsets.US_ASCII)));
        assertTrue(columns.getMessage().contains("6 fields, not 7"), columns.getMessage());
    }
}
