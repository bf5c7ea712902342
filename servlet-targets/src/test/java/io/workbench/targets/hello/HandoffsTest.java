package io.workbench.targets.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HandoffsTest {

    @Test
    void withoutASweepAHandOffRunsAtOnceOnTheCallingThread() {
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_COMPLETE, 0, 100)) {
            Thread[] ranOn = new Thread[1];
            handoffs.handOff(() -> ranOn[0] = Thread.currentThread());
            assertSame(Thread.currentThread(), ranOn[0]);
        }
    }

    @Test
    void aSweepRunsTheParkedHandOffsInArrivalOrderOnItsTimerThread() throws Exception {
        // The sweep's period runs from the construction: the clock starts before it, so that a slow
        // start of the test (class loading on a busy machine) cannot eat into the measured wait.
        long start = System.nanoTime();
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_DISPATCH, 50, 100)) {
            List<Integer> order = new CopyOnWriteArrayList<>();
            List<String> threads = new CopyOnWriteArrayList<>();
            CountDownLatch all = new CountDownLatch(5);
            for (int i = 0; i < 5; i++) {
                int n = i;
                handoffs.handOff(() -> {
                    order.add(n);
                    threads.add(Thread.currentThread().getName());
                    all.countDown();
                });
            }
            assertTrue(order.isEmpty(), "parked until the sweep");
            assertTrue(all.await(5, TimeUnit.SECONDS));
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) >= 40, "waited for the sweep");
            assertEquals(List.of(0, 1, 2, 3, 4), order);
            assertTrue(threads.stream().allMatch(name -> name.startsWith("sweep-")), threads.toString());
        }
    }

    @Test
    void theQueueIsDrainedByThreeThreadsEachRunningABatchInOrder() throws Exception {
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_QUEUE, 30, 100)) {
            List<Integer> order = new CopyOnWriteArrayList<>();
            List<String> threads = new CopyOnWriteArrayList<>();
            CountDownLatch all = new CountDownLatch(20);
            for (int i = 0; i < 20; i++) {
                int n = i;
                handoffs.enqueue(() -> {
                    order.add(n);
                    threads.add(Thread.currentThread().getName());
                    all.countDown();
                });
            }
            assertTrue(all.await(5, TimeUnit.SECONDS));
            // One sweep collected all twenty: one batch, one thread, in order.
            assertEquals(20, order.size());
            assertEquals(1, threads.stream().distinct().count(), threads.toString());
            assertTrue(threads.get(0).startsWith("async-queue-"), threads.get(0));
            assertEquals(order.stream().sorted().toList(), order);
        }
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_QUEUE, 0, 100)) {
            CountDownLatch ran = new CountDownLatch(1);
            handoffs.enqueue(ran::countDown);
            assertTrue(ran.await(5, TimeUnit.SECONDS), "without a sweep a request is a batch of its own");
        }
    }

    @Test
    void theCompletionSchedulerStartsThreadsOnlyWhenNeededAndNeverMoreThanItsLimit() throws Exception {
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_COMPLETE, 0, 4)) {
            CountDownLatch all = new CountDownLatch(200);
            List<String> threads = new CopyOnWriteArrayList<>();
            for (int i = 0; i < 200; i++) {
                handoffs.schedule(() -> {
                    threads.add(Thread.currentThread().getName());
                    all.countDown();
                }, 20);
            }
            assertTrue(all.await(10, TimeUnit.SECONDS));
            long completionThreads = threads.stream().filter(name -> name.startsWith("completion-") && !name.startsWith("completion-timer"))
                    .distinct().count();
            assertTrue(completionThreads <= 4, threads.stream().distinct().toList().toString());
        }
    }

    @Test
    void eachPoolBelongsToItsStrategy() {
        try (Handoffs sync = new Handoffs(Strategy.SYNC, 0, 100)) {
            assertThrows(IllegalStateException.class, sync::forkJoin);
            assertThrows(IllegalStateException.class, () -> sync.schedule(() -> { }, 1));
            assertThrows(IllegalStateException.class, () -> sync.enqueue(() -> { }));
        }
    }
}
