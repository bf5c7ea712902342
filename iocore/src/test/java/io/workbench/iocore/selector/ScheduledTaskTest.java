package io.workbench.iocore.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Tasks scheduled on a running selector, under every way of waiting for a deadline: each runs on
 * the selector's thread, never before its deadline, in deadline order; a task may reschedule
 * itself; the selector counts its idle and spin time; stop() drops what has not run.
 */
class ScheduledTaskTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    static Stream<DeadlineWait> waits() {
        return Stream.of(DeadlineWait.SELECT_MILLIS, new DeadlineWait(DeadlineWait.Mode.SELECT, 2 * MS),
                new DeadlineWait(DeadlineWait.Mode.PARK, 0), new DeadlineWait(DeadlineWait.Mode.ALARM, 0),
                new DeadlineWait(DeadlineWait.Mode.ALARM, 50_000));
    }

    private static SelectorManager started(DeadlineWait wait) throws Exception {
        SelectorManager manager = new SelectorManager(SelectorManager.Config.defaults().withName("timers").withSelectors(1)
                .withDeadlineWait(wait));
        manager.start();
        return manager;
    }

    /** Records when and where it ran, and reschedules itself {@code again} more times, {@code gap} later each time. */
    private static final class Recording extends ScheduledTask {
        final ManagedSelector selector;
        final List<long[]> runs = new CopyOnWriteArrayList<>();
        final List<Boolean> onSelectorThread = new CopyOnWriteArrayList<>();
        final CountDownLatch done;
        final long gap;
        int again;

        Recording(ManagedSelector selector, int again, long gap) {
            this.selector = selector;
            this.again = again;
            this.gap = gap;
            this.done = new CountDownLatch(again + 1);
        }

        @Override
        public void run() {
            long now = System.nanoTime();
            runs.add(new long[] {deadline(), now});
            onSelectorThread.add(selector.isSelectorThread());
            if (again-- > 0) {
                selector.schedule(this, now + gap);
            }
            done.countDown();
        }
    }

    private static void onSelector(ManagedSelector selector, Runnable action) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        assertTrue(selector.submit(() -> {
            try {
                action.run();
                done.complete(null);
            } catch (Throwable x) {
                done.completeExceptionally(x);
            }
        }));
        done.get(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @MethodSource("waits")
    void aSelfReschedulingTaskRunsOnTheSelectorNeverBeforeItsDeadline(DeadlineWait wait) throws Exception {
        SelectorManager manager = started(wait);
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            // Gaps below and above a millisecond: the sub-millisecond wait and the select(ms) one.
            Recording task = new Recording(selector, 60, 300_000);
            onSelector(selector, () -> selector.schedule(task, System.nanoTime() + 2 * MS));
            assertTrue(task.done.await(30, TimeUnit.SECONDS), "every run happened: " + task.runs.size());
            for (long[] run : task.runs) {
                assertTrue(run[1] - run[0] >= 0, "ran " + (run[1] - run[0]) + " ns after its deadline");
            }
            assertFalse(task.onSelectorThread.contains(false), "always on the selector's thread");
            assertTrue(selector.getIdleNanos() + selector.getSpinNanos() > 0, "the waits are counted: " + selector);
        } finally {
            manager.stop();
        }
    }

    @ParameterizedTest
    @MethodSource("waits")
    void tasksRunInDeadlineOrderAndACancelledOneNever(DeadlineWait wait) throws Exception {
        SelectorManager manager = started(wait);
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            List<Integer> order = new CopyOnWriteArrayList<>();
            CountDownLatch three = new CountDownLatch(3);
            ScheduledTask[] tasks = new ScheduledTask[4];
            for (int i = 0; i < tasks.length; i++) {
                int id = i;
                tasks[i] = new ScheduledTask() {
                    @Override
                    public void run() {
                        order.add(id);
                        three.countDown();
                    }
                };
            }
            onSelector(selector, () -> {
                long now = System.nanoTime();
                selector.schedule(tasks[0], now + 3 * MS);
                selector.schedule(tasks[1], now + MS);
                selector.schedule(tasks[2], now + 2 * MS);
                selector.schedule(tasks[3], now + MS / 2);
                assertTrue(selector.cancel(tasks[3]));
                // Moved: now the last.
                selector.schedule(tasks[1], now + 4 * MS);
            });
            assertTrue(three.await(30, TimeUnit.SECONDS));
            assertEquals(List.of(2, 0, 1), order);
            assertFalse(tasks[3].isScheduled());
        } finally {
            manager.stop();
        }
    }

    @Test
    void schedulingFromAnotherThreadIsRefused() throws Exception {
        SelectorManager manager = started(DeadlineWait.SELECT_MILLIS);
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            ScheduledTask task = new ScheduledTask() {
                @Override
                public void run() {
                }
            };
            assertThrows(IllegalStateException.class, () -> selector.schedule(task, System.nanoTime()));
            assertThrows(IllegalStateException.class, () -> selector.cancel(task));
        } finally {
            manager.stop();
        }
    }

    @Test
    void theAlarmWakesABlockedSelectForADeadlineUnderAMillisecond() throws Exception {
        SelectorManager manager = started(new DeadlineWait(DeadlineWait.Mode.ALARM, 0));
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            Recording task = new Recording(selector, 0, 0);
            onSelector(selector, () -> selector.schedule(task, System.nanoTime() + 400_000));
            assertTrue(task.done.await(30, TimeUnit.SECONDS));
            assertTrue(selector.toString().contains("wait=alarm"), selector.toString());
            SelectorAlarm alarm = selector.alarmIfMade();
            assertNotNull(alarm, "the first sub-millisecond wait made the alarm");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (alarm.firedCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(1, alarm.firedCount(), "it fired once, for the one deadline: " + alarm);
        } finally {
            manager.stop();
        }
    }

    /**
     * Deadlines a few microseconds away, one after the other: the alarm fires almost as soon as it is
     * armed. Armed before the selector was SELECTING, such an alarm found nothing to wake, and the
     * select then slept its whole timeout (2 ms and more); armed once SELECTING, it wakes the select
     * (or the select not yet entered returns at once). Counted, not timed: a select that slept its
     * timeout is over a millisecond late, and a loaded machine makes a few of those on its own, not
     * one in twenty.
     */
    @Test
    void anAlarmForADeadlineAtHandNeverLeavesTheSelectToItsTimeout() throws Exception {
        SelectorManager manager = started(new DeadlineWait(DeadlineWait.Mode.ALARM, 0));
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            int runs = 2_000;
            Recording task = new Recording(selector, runs - 1, 3_000);
            onSelector(selector, () -> selector.schedule(task, System.nanoTime() + 3_000));
            assertTrue(task.done.await(60, TimeUnit.SECONDS), "every run happened: " + task.runs.size());
            long slept = task.runs.stream().filter(run -> run[1] - run[0] > MS).count();
            assertTrue(slept < runs / 20, slept + " of " + runs + " runs came over a millisecond late: the select slept its timeout");
        } finally {
            manager.stop();
        }
    }

    @Test
    void spinningIsCountedApartFromIdleTime() throws Exception {
        SelectorManager manager = started(new DeadlineWait(DeadlineWait.Mode.SELECT, 5 * MS));
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            Recording task = new Recording(selector, 20, 3 * MS);
            onSelector(selector, () -> selector.schedule(task, System.nanoTime() + 3 * MS));
            assertTrue(task.done.await(30, TimeUnit.SECONDS));
            // Every wait was inside the 5 ms spin window.
            assertTrue(selector.getSpinNanos() >= 20 * 2 * MS, "spun about 3 ms before each of 20 runs: " + selector.getSpinNanos());
        } finally {
            manager.stop();
        }
    }

    /** Whether a task is due: none scheduled, one in the future, one past its deadline, and that one cancelled. */
    @Test
    void isTaskDueSaysWhetherAScheduledTaskHasComeDue() throws Exception {
        SelectorManager manager = started(new DeadlineWait(DeadlineWait.Mode.ALARM, 0));
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            List<Boolean> seen = new CopyOnWriteArrayList<>();
            ScheduledTask later = new ScheduledTask() {
                @Override
                public void run() {
                }
            };
            ScheduledTask now = new ScheduledTask() {
                @Override
                public void run() {
                }
            };
            onSelector(selector, () -> {
                seen.add(selector.isTaskDue());
                selector.schedule(later, System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
                seen.add(selector.isTaskDue());
                selector.schedule(now, System.nanoTime() - 1);
                seen.add(selector.isTaskDue());
                selector.cancel(now);
                seen.add(selector.isTaskDue());
                selector.cancel(later);
            });
            assertEquals(List.of(false, false, true, false), seen);
        } finally {
            manager.stop();
        }
    }

    /**
     * A round of ready keys whose processing takes long (a load generator reading hundreds of
     * streaming responses) does not hold a task that comes due meanwhile until the round is over:
     * it runs between two keys. Five pipes are made ready before one select, each key takes 2 ms,
     * and the task is due 3 ms after they are: it must run before the fifth key (before the
     * change it ran after all five, 10 ms late).
     */
    @Test
    void aTaskDueDuringALongRoundRunsBetweenItsKeys() throws Exception {
        SelectorManager manager = started(new DeadlineWait(DeadlineWait.Mode.ALARM, 0));
        List<Pipe> pipes = new ArrayList<>();
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            List<String> events = new CopyOnWriteArrayList<>();
            CountDownLatch all = new CountDownLatch(6);
            ScheduledTask task = new ScheduledTask() {
                @Override
                public void run() {
                    events.add("task");
                    all.countDown();
                }
            };
            onSelector(selector, () -> {
                try {
                    for (int i = 0; i < 5; i++) {
                        Pipe pipe = Pipe.open();
                        pipes.add(pipe);
                        pipe.source().configureBlocking(false);
                        pipe.source().register(selector.selector(), SelectionKey.OP_READ, new SlowReader("key" + i, events, all));
                        pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
                    }
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
                // Every pipe is ready before the next select: one round of five keys, 10 ms long.
                selector.schedule(task, System.nanoTime() + 3 * MS);
            });
            assertTrue(all.await(30, TimeUnit.SECONDS), "five keys and the task: " + events);
            assertTrue(events.indexOf("task") < events.indexOf("key4"), "the task ran between two keys of the round: " + events);
        } finally {
            manager.stop();
            for (Pipe pipe : pipes) {
                pipe.sink().close();
                pipe.source().close();
            }
        }
    }

    /**
     * A task that reschedules itself as already due every time it runs (work left over, as a load
     * generator's arrivals that have fallen behind) while a pipe has bytes ready: the pipe is read
     * once a round and the task runs once a round, never in a loop in between. A thousand other
     * tasks wait an hour ahead: bounded by every scheduled task rather than by the due ones, the
     * loop ran the rescheduling task a thousand times between two reads.
     */
    @Test
    void aTaskThatReschedulesItselfAsDueDoesNotStarveReadyIo() throws Exception {
        SelectorManager manager = started(new DeadlineWait(DeadlineWait.Mode.ALARM, 0));
        Pipe pipe = Pipe.open();
        try {
            ManagedSelector selector = manager.getSelectors().get(0);
            int bytes = 50;
            CountDownLatch read = new CountDownLatch(bytes);
            // Selector thread only, until the latch says the reading is over.
            int[] runs = {0};
            boolean[] stop = {false};
            List<Integer> runsAtEachRead = new ArrayList<>();
            ScheduledTask busy = new ScheduledTask() {
                @Override
                public void run() {
                    runs[0]++;
                    if (!stop[0]) {
                        selector.schedule(this, deadline());
                    }
                }
            };
            Selectable reader = new Selectable() {
                @Override
                public Runnable onSelected(SelectionKey key) {
                    try {
                        ((Pipe.SourceChannel) key.channel()).read(ByteBuffer.allocate(1));
                    } catch (IOException x) {
                        throw new UncheckedIOException(x);
                    }
                    runsAtEachRead.add(runs[0]);
                    if (runsAtEachRead.size() == bytes) {
                        key.interestOps(0);
                        stop[0] = true;
                    }
                    read.countDown();
                    return null;
                }

                @Override
                public void updateKey(SelectionKey key) {
                }

                @Override
                public void onSweep(long nowNanos) {
                }

                @Override
                public void close(Throwable cause) {
                }

                @Override
                public void keyReplaced(SelectionKey key) {
                }
            };
            pipe.source().configureBlocking(false);
            pipe.sink().write(ByteBuffer.wrap(new byte[bytes]));
            onSelector(selector, () -> {
                long now = System.nanoTime();
                for (int i = 0; i < 1000; i++) {
                    selector.schedule(new Recording(selector, 0, 0), now + TimeUnit.HOURS.toNanos(1));
                }
                selector.schedule(busy, now);
                try {
                    pipe.source().register(selector.selector(), SelectionKey.OP_READ, reader);
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            });
            assertTrue(read.await(30, TimeUnit.SECONDS), "the pipe was read " + (bytes - read.getCount()) + " times of " + bytes);
            int most = 0;
            for (int i = 1; i < runsAtEachRead.size(); i++) {
                most = Math.max(most, runsAtEachRead.get(i) - runsAtEachRead.get(i - 1));
            }
            assertTrue(runsAtEachRead.getLast() > 0, "the task ran while the pipe was read: " + runsAtEachRead);
            assertTrue(most <= 2, "the task ran " + most + " times between two reads of a ready pipe: " + runsAtEachRead);
        } finally {
            manager.stop();
            pipe.sink().close();
            pipe.source().close();
        }
    }

    /** Reads its pipe's byte once, taking 2 ms of the selector's thread, and stops reading. */
    private static final class SlowReader implements Selectable {
        private final String name;
        private final List<String> events;
        private final CountDownLatch done;

        SlowReader(String name, List<String> events, CountDownLatch done) {
            this.name = name;
            this.events = events;
            this.done = done;
        }

        @Override
        public Runnable onSelected(SelectionKey key) {
            try {
                ((Pipe.SourceChannel) key.channel()).read(ByteBuffer.allocate(1));
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
            key.interestOps(0);
            long start = System.nanoTime();
            while (System.nanoTime() - start < 2 * MS) {
                Thread.onSpinWait();
            }
            events.add(name);
            done.countDown();
            return null;
        }

        @Override
        public void updateKey(SelectionKey key) {
        }

        @Override
        public void onSweep(long nowNanos) {
        }

        @Override
        public void close(Throwable cause) {
        }

        @Override
        public void keyReplaced(SelectionKey key) {
        }
    }

    @Test
    void stopDropsTasksThatHaveNotRun() throws Exception {
        SelectorManager manager = started(new DeadlineWait(DeadlineWait.Mode.ALARM, 0));
        ManagedSelector selector = manager.getSelectors().get(0);
        Recording task = new Recording(selector, 0, 0);
        onSelector(selector, () -> selector.schedule(task, System.nanoTime() + TimeUnit.HOURS.toNanos(1)));
        manager.stop();
        assertFalse(task.isScheduled(), "dropped");
        assertEquals(0, task.runs.size());
    }
}
