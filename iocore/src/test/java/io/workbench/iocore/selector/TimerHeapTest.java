package io.workbench.iocore.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The selector's timer heap against a sorted list: every add, move and cancel keeps earliest-first order. */
class TimerHeapTest {

    private static final class Task extends ScheduledTask {
        @Override
        public void run() {
        }
    }

    @Test
    void pollsInDeadlineOrderThroughRandomAddsMovesAndCancels() {
        SplittableRandom random = new SplittableRandom(7);
        TimerHeap heap = new TimerHeap();
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            tasks.add(new Task());
        }
        List<Task> expected = new ArrayList<>();
        for (int step = 0; step < 20_000; step++) {
            Task task = tasks.get(random.nextInt(tasks.size()));
            int op = random.nextInt(3);
            if (op < 2) {
                // Deadlines around a base near the wrap of nanoTime, to check the wrap-safe comparison.
                heap.schedule(task, Long.MAX_VALUE - 500 + random.nextInt(1000));
                if (!expected.contains(task)) {
                    expected.add(task);
                }
            } else {
                assertEquals(expected.remove(task), heap.cancel(task));
            }
            assertEquals(expected.size(), heap.size());
            for (Task t : tasks) {
                assertEquals(expected.contains(t), t.isScheduled());
            }
        }
        expected.sort(Comparator.comparingLong(t -> t.deadline() - Long.MAX_VALUE));
        long previous = Long.MIN_VALUE;
        boolean first = true;
        while (heap.size() > 0) {
            ScheduledTask next = heap.pollDue(Long.MAX_VALUE + 1000);
            assertFalse(next.isScheduled(), "a polled task is unscheduled");
            if (!first) {
                assertTrue(next.deadline() - previous >= 0, "earliest first across the wrap");
            }
            previous = next.deadline();
            first = false;
        }
        assertEquals(0, heap.size());
    }

    @Test
    void pollDueReturnsNothingBeforeTheDeadlineAndTheTaskAtIt() {
        TimerHeap heap = new TimerHeap();
        Task task = new Task();
        heap.schedule(task, 1000);
        assertNull(heap.pollDue(999));
        assertSame(task, heap.peek());
        assertSame(task, heap.pollDue(1000));
        assertNull(heap.peek());
    }

    @Test
    void aTaskOnAnotherHeapIsRefused() {
        TimerHeap one = new TimerHeap();
        TimerHeap other = new TimerHeap();
        Task task = new Task();
        one.schedule(task, 5);
        assertThrows(IllegalStateException.class, () -> other.schedule(task, 6));
        assertFalse(other.cancel(task));
        assertTrue(one.cancel(task));
    }

    @Test
    void clearUnschedulesEverything() {
        TimerHeap heap = new TimerHeap();
        Task a = new Task();
        Task b = new Task();
        heap.schedule(a, 1);
        heap.schedule(b, 2);
        heap.clear();
        assertFalse(a.isScheduled());
        assertFalse(b.isScheduled());
        assertEquals(0, heap.size());
    }
    @Test
    void aTaskScheduledForTheNextRoundIsSetAsideInThisOne_andPolledInTheNext() {
        TimerHeap heap = new TimerHeap();
        Task again = new Task();
        Task other = new Task();
        heap.schedule(again, 10, true);
        heap.schedule(other, 20);
        // Both due; the one that must wait is set aside on the way to the other.
        assertSame(other, heap.pollDue(100));
        assertNull(heap.pollDue(100));
        assertTrue(again.isScheduled(), "set aside, still scheduled");
        assertEquals(1, heap.size());
        assertNull(heap.peek(), "out of the heap until the next round");
        heap.nextRound();
        assertSame(again, heap.peek());
        assertSame(again, heap.pollDue(100));
        assertFalse(again.isScheduled());
        assertEquals(0, heap.size());
    }

    @Test
    void aTaskThatReschedulesItselfForTheNextRoundIsPolledOnceARound() {
        TimerHeap heap = new TimerHeap();
        Task task = new Task();
        heap.schedule(task, 0);
        for (int round = 0; round < 3; round++) {
            assertSame(task, heap.pollDue(1), "round " + round);
            heap.schedule(task, 0, true);
            assertNull(heap.pollDue(1), "not twice in round " + round);
            heap.nextRound();
        }
    }

    @Test
    void aTaskSetAsideCanBeMovedOrCancelled() {
        TimerHeap heap = new TimerHeap();
        Task moved = new Task();
        Task cancelled = new Task();
        heap.schedule(moved, 1, true);
        heap.schedule(cancelled, 2, true);
        assertNull(heap.pollDue(5));
        heap.schedule(moved, 50);
        assertTrue(heap.cancel(cancelled));
        assertFalse(cancelled.isScheduled());
        assertFalse(heap.cancel(cancelled), "once");
        assertEquals(1, heap.size());
        heap.nextRound();
        assertNull(heap.pollDue(5), "moved to 50 while aside");
        assertSame(moved, heap.pollDue(50));
        assertEquals(0, heap.size());
        // Cancelled while aside, then scheduled again and set aside again in the same round: back once.
        Task twice = new Task();
        heap.schedule(twice, 1, true);
        assertNull(heap.pollDue(5));
        heap.cancel(twice);
        heap.schedule(twice, 1, true);
        assertNull(heap.pollDue(5));
        assertEquals(1, heap.size());
        heap.nextRound();
        assertSame(twice, heap.pollDue(5));
        assertNull(heap.pollDue(5));
        assertEquals(0, heap.size());
    }

    @Test
    void clearUnschedulesTheTasksSetAsideToo() {
        TimerHeap heap = new TimerHeap();
        Task aside = new Task();
        heap.schedule(aside, 1, true);
        assertNull(heap.pollDue(5));
        heap.clear();
        assertFalse(aside.isScheduled());
        heap.nextRound();
        assertNull(heap.peek());
        assertEquals(0, heap.size());
    }
}
