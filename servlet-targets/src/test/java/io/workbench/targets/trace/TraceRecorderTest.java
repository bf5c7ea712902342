package io.workbench.targets.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.hello.RequestEnd;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What a traced request records, when, and how {@code GET /trace} serves it: the stamps in order,
 * one record per request at its end (or, for a server that hands the response over after the end,
 * at the later of the two), the flags for what is missing, the drops counted since the last drain.
 */
class TraceRecorderTest {

    /** The records of one drain, each row's longs; the meta lines in {@code meta}. */
    record Drained(List<String> meta, List<long[]> rows) {
        static Drained of(byte[] csv) {
            List<String> lines = Arrays.asList(new String(csv, StandardCharsets.US_ASCII).split("\n"));
            List<String> meta = lines.stream().filter(line -> line.startsWith("#")).toList();
            assertEquals(TraceRecorder.COLUMNS, lines.get(meta.size()), "the columns after the meta lines");
            List<long[]> rows = lines.subList(meta.size() + 1, lines.size()).stream()
                    .map(line -> Arrays.stream(line.split(",")).mapToLong(Long::parseLong).toArray()).toList();
            return new Drained(meta, rows);
        }

        String meta(String key) {
            return meta.stream().filter(line -> line.startsWith("# " + key + " ")).findFirst()
                    .map(line -> line.substring(key.length() + 3)).orElseThrow(() -> new AssertionError("no " + key + " in " + meta));
        }
    }

    private static TraceRecorder recorder() {
        return new TraceRecorder("iocore:async-complete", "the read of the first byte");
    }

    @Test
    void aTracedRequestRecordsItsStampsInOrderWhenItEnds() {
        TraceRecorder recorder = recorder();
        RequestEnd end = recorder.traced(7, System.nanoTime());
        assertInstanceOf(TracedEnd.class, end);
        AtomicInteger hooks = new AtomicInteger();
        end.counted(hooks::incrementAndGet);
        end.answering();
        end.answering(); // a hop to another thread calls it again: the first is kept
        end.writing();
        end.writing(); // the last write issued is the one that counts
        end.handed();
        assertEquals(0, Drained.of(recorder.drainCsv()).rows().size(), "nothing before the end");
        assertTrue(end.end());
        assertFalse(end.end(), "one end");
        assertEquals(1, hooks.get());
        Drained drained = Drained.of(recorder.drainCsv());
        assertEquals("2", drained.meta("workbench-trace"));
        assertEquals("iocore:async-complete", drained.meta("cell"));
        assertEquals("the read of the first byte", drained.meta("first-read"));
        assertEquals("1", drained.meta("records"));
        assertEquals("0", drained.meta("dropped"));
        long[] row = drained.rows().get(0);
        assertEquals(7, row[0]);
        for (int stamp = 1; stamp < 5; stamp++) {
            assertTrue(row[stamp] > 0 && row[stamp + 1] - row[stamp] >= 0, "stamps in order: " + Arrays.toString(row));
        }
        assertEquals(0, row[6], "nothing missing");
        assertEquals(0, Drained.of(recorder.drainCsv()).rows().size(), "served once");
    }

    @Test
    void whatIsMissingIsFlaggedNotInvented() {
        TraceRecorder recorder = recorder();
        RequestEnd aborted = recorder.traced(1, 5);
        aborted.counted(() -> { });
        aborted.end();
        RequestEnd failedWrite = recorder.traced(2, 5);
        failedWrite.counted(() -> { });
        failedWrite.answering();
        failedWrite.end();
        RequestEnd writeFailed = recorder.traced(3, 5);
        writeFailed.counted(() -> { });
        writeFailed.answering();
        writeFailed.writing();
        writeFailed.end();
        List<long[]> rows = Drained.of(recorder.drainCsv()).rows();
        assertEquals(TraceRecorder.NOT_ANSWERED | TraceRecorder.NOT_WRITING | TraceRecorder.NOT_HANDED, rows.get(0)[6]);
        assertEquals(0, rows.get(0)[3], "no answer stamp");
        assertEquals(0, rows.get(0)[4], "no write stamp");
        assertTrue(rows.get(0)[5] > 0, "the end stands in for the hand-over");
        assertEquals(TraceRecorder.NOT_WRITING | TraceRecorder.NOT_HANDED, rows.get(1)[6]);
        assertEquals(TraceRecorder.NOT_HANDED, rows.get(2)[6], "issued, never said done");
        assertTrue(rows.get(2)[4] > 0);
    }

    @Test
    void aRequestTheHandlingNeverTookRecordsNothing() {
        TraceRecorder recorder = recorder();
        RequestEnd stats = recorder.traced(3, 5);
        stats.answering();
        stats.handed();
        stats.end();
        // Ended by the server before it was counted: its hook still runs, once, and no record.
        RequestEnd endedFirst = recorder.traced(4, 5);
        endedFirst.end();
        AtomicInteger hooks = new AtomicInteger();
        endedFirst.counted(hooks::incrementAndGet);
        assertEquals(1, hooks.get());
        assertEquals(0, Drained.of(recorder.drainCsv()).rows().size());
    }

    @Test
    void handedAfterTheEndRecordsAtTheLaterOfTheTwoEitherWay() {
        TraceRecorder recorder = recorder();
        RequestEnd endFirst = recorder.tracedHandedAfterEnd(1, 5);
        endFirst.counted(() -> { });
        endFirst.answering();
        endFirst.writing();
        endFirst.end();
        assertEquals(0, Drained.of(recorder.drainCsv()).rows().size(), "the hand-over is still to come");
        endFirst.handed();
        RequestEnd handedFirst = recorder.tracedHandedAfterEnd(2, 5);
        handedFirst.counted(() -> { });
        handedFirst.answering();
        handedFirst.writing();
        handedFirst.handed();
        handedFirst.end();
        handedFirst.handed();
        List<long[]> rows = Drained.of(recorder.drainCsv()).rows();
        assertEquals(List.of(1L, 2L), rows.stream().map(row -> row[0]).toList(), "each once");
        assertEquals(0, rows.get(0)[6]);
        assertTrue(rows.get(0)[5] - rows.get(0)[4] >= 0);
    }

    @Test
    void dropsAreCountedAndReportedOnceSinceTheLastDrain() {
        TraceRecorder recorder = new TraceRecorder("c", "f", 1, 2, 3);
        for (int id = 0; id < 3; id++) {
            RequestEnd end = recorder.traced(id, 5);
            end.counted(() -> { });
            end.end();
        }
        assertEquals(1, recorder.dropped(), "a ring of two: the third refused");
        recorder.drainRings();
        for (int id = 3; id < 5; id++) {
            RequestEnd end = recorder.traced(id, 5);
            end.counted(() -> { });
            end.end();
        }
        Drained first = Drained.of(recorder.drainCsv());
        assertEquals(List.of(0L, 1L, 3L), first.rows().stream().map(row -> row[0]).toList(), "held up to its limit of three");
        assertEquals("2", first.meta("dropped"), "one ring-full, one over the held limit");
        assertEquals(2, recorder.dropped());
        Drained second = Drained.of(recorder.drainCsv());
        assertEquals("0", second.meta("dropped"), "since the last drain");
        assertEquals("0", second.meta("records"));
    }

    @Test
    void theDrainerEmptiesTheRingsOffTheHotPath() throws Exception {
        try (TraceRecorder recorder = new TraceRecorder("c", "f", 1, 4, 100).start()) {
            // Ten records through a ring of four: the drainer must empty it between them.
            for (int id = 0; id < 10; id++) {
                RequestEnd end = recorder.traced(id, 5);
                end.counted(() -> { });
                end.end();
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (id % 4 == 3 && recorder.dropped() == 0 && recorder.held() < id + 1 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
            }
            assertEquals(0, recorder.dropped());
            assertEquals(10, Drained.of(recorder.drainCsv()).rows().size());
        }
    }
}
