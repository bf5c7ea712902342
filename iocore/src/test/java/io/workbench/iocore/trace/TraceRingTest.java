package io.workbench.iocore.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The ring keeps records whole and in order, refuses (and counts) what does not fit, and under
 * writers racing each other and the reader loses nothing that it did not count.
 */
class TraceRingTest {

    private static List<long[]> drain(TraceRing ring) {
        List<long[]> records = new ArrayList<>();
        ring.drainTo((slots, at) -> {
            long[] record = new long[TraceRing.LONGS];
            System.arraycopy(slots, at, record, 0, TraceRing.LONGS);
            records.add(record);
        });
        return records;
    }

    @Test
    void recordsComeOutWholeAndInOrder() {
        TraceRing ring = new TraceRing(4);
        assertTrue(ring.offer(1, 10, 11, 12, 13, 14, 0));
        assertTrue(ring.offer(2, 20, 21, 22, 23, 24, 2));
        List<long[]> out = drain(ring);
        assertEquals(2, out.size());
        assertEquals(List.of(1L, 10L, 11L, 12L, 13L, 14L, 0L), List.of(box(out.get(0))));
        assertEquals(List.of(2L, 20L, 21L, 22L, 23L, 24L, 2L), List.of(box(out.get(1))));
        assertEquals(0, drain(ring).size(), "taken once");
    }

    @Test
    void aFullRingRefusesAndCountsUntilTheReaderFreesSlots() {
        TraceRing ring = new TraceRing(2);
        assertTrue(ring.offer(1, 1, 1, 1, 1, 1, 0));
        assertTrue(ring.offer(2, 2, 2, 2, 2, 2, 0));
        assertFalse(ring.offer(3, 3, 3, 3, 3, 3, 0), "full: nothing overwritten");
        assertEquals(1, ring.dropped());
        assertEquals(List.of(1L, 2L), drain(ring).stream().map(r -> r[0]).toList());
        assertTrue(ring.offer(4, 4, 4, 4, 4, 4, 0), "room again, the slots reused");
        assertEquals(List.of(4L), drain(ring).stream().map(r -> r[0]).toList());
        assertEquals(1, ring.dropped());
    }

    @Test
    void onlyPowersOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new TraceRing(3));
        assertThrows(IllegalArgumentException.class, () -> new TraceRing(1));
    }

    /**
     * Four writers and a reader at once: every record is either read once, whole (its longs all
     * derived from its id), or counted as dropped; none is read twice, torn or lost.
     */
    @Test
    void racingWritersLoseNothingUncounted() throws Exception {
        int writers = 4;
        int perWriter = 200_000;
        TraceRing ring = new TraceRing(256);
        BitSet seen = new BitSet(writers * perWriter);
        long[] taken = new long[1];
        boolean[] torn = new boolean[1];
        CountDownLatch go = new CountDownLatch(1);
        AtomicBoolean writing = new AtomicBoolean(true);
        long[] accepted = new long[writers];
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < perWriter; i++) {
                    long id = (long) writer * perWriter + i;
                    if (ring.offer(id, id + 1, id + 2, id + 3, id + 4, id + 5, id + 6)) {
                        accepted[writer]++;
                    }
                }
            }));
        }
        TraceRing.RecordSink check = (slots, at) -> {
            long id = slots[at];
            for (int f = 1; f < TraceRing.LONGS; f++) {
                if (slots[at + f] != id + f) {
                    torn[0] = true;
                }
            }
            if (seen.get((int) id)) {
                torn[0] = true;
            }
            seen.set((int) id);
            taken[0]++;
        };
        Thread reader = Thread.ofPlatform().start(() -> {
            while (writing.get()) {
                ring.drainTo(check);
            }
            ring.drainTo(check);
        });
        go.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        writing.set(false);
        reader.join();
        long acceptedTotal = 0;
        for (long each : accepted) {
            acceptedTotal += each;
        }
        assertFalse(torn[0], "a record read torn, or twice");
        assertEquals(acceptedTotal, taken[0], "every record taken was read");
        assertEquals((long) writers * perWriter, taken[0] + ring.dropped(), "every record offered was read or counted");
        assertTrue(taken[0] > 0);
    }

    private static Long[] box(long[] values) {
        Long[] boxed = new Long[values.length];
        for (int i = 0; i < values.length; i++) {
            boxed[i] = values[i];
        }
        return boxed;
    }
}
