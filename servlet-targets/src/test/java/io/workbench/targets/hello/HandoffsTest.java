package io.workbench.targets.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class HandoffsTest {

    @Test
    void withoutASweepAHandOffRunsAtOnceOnTheCallingThread() {
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_COMPLETE, 0)) {
            Thread[] ranOn = new Thread[1];
            handoffs.handOff(new RecordingExchange(), () -> ranOn[0] = Thread.currentThread());
            assertSame(Thread.currentThread(), ranOn[0]);
        }
    }

    @Test
    void aSweepRunsTheParkedHandOffsInArrivalOrderOnItsTimerThread() throws Exception {
        // The sweep's period runs from the construction: the clock starts before it, so that a slow
        // start of the test (class loading on a busy machine) cannot eat into the measured wait.
        long start = System.nanoTime();
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_DISPATCH, 50)) {
            List<Integer> order = new CopyOnWriteArrayList<>();
            List<String> threads = new CopyOnWriteArrayList<>();
            CountDownLatch all = new CountDownLatch(5);
            for (int i = 0; i < 5; i++) {
                int n = i;
                handoffs.handOff(new RecordingExchange(), () -> {
                    order.add(n);
                    threads.add(Thread.currentThread().getName());
                    all.countDown();
                });
            }
            assertTrue(order.isEmpty(), "parked until the sweep");
            assertTrue(all.await(5, TimeUnit.SECONDS));
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) >= 40, "waited for the sweep");
            assertEquals(List.of(0, 1, 2, 3, 4), order);
            assertTrue(threads.stream().allMatch(name -> name.startsWith(Handoffs.SWEEP_THREAD)), threads.toString());
        }
    }

    @Test
    void theQueueIsDrainedByThreeThreadsEachRunningABatchInOrder() throws Exception {
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_QUEUE, 30)) {
            List<Integer> order = new CopyOnWriteArrayList<>();
            List<String> threads = new CopyOnWriteArrayList<>();
            CountDownLatch all = new CountDownLatch(20);
            for (int i = 0; i < 20; i++) {
                int n = i;
                handoffs.enqueue(new RecordingExchange(), () -> {
                    order.add(n);
                    threads.add(Thread.currentThread().getName());
                    all.countDown();
                });
            }
            assertTrue(all.await(5, TimeUnit.SECONDS));
            // One sweep collected all twenty: one batch, one thread, in order.
            assertEquals(20, order.size());
            assertEquals(1, threads.stream().distinct().count(), threads.toString());
            assertTrue(threads.get(0).startsWith(Handoffs.QUEUE_THREAD), threads.get(0));
            assertEquals(order.stream().sorted().toList(), order);
        }
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_QUEUE, 0)) {
            CountDownLatch ran = new CountDownLatch(2);
            handoffs.enqueue(new RecordingExchange(), ran::countDown);
            handoffs.toPool(new RecordingExchange(), ran::countDown);
            assertTrue(ran.await(5, TimeUnit.SECONDS), "without a sweep a request is a batch of its own; the queue is async-queue's pool");
        }
    }

    @Test
    void asyncCompletesPoolIsAForkJoinPoolOfNamedThreadsAndTheTimerHandsItsExpiryOn() throws Exception {
        try (Handoffs handoffs = new Handoffs(Strategy.ASYNC_COMPLETE, 0)) {
            List<String> threads = new CopyOnWriteArrayList<>();
            CountDownLatch done = new CountDownLatch(1);
            RecordingExchange exchange = new RecordingExchange();
            handoffs.toPool(exchange, () -> {
                threads.add(Thread.currentThread().getName());
                handoffs.afterWait(exchange, 20, () -> {
                    threads.add(Thread.currentThread().getName());
                    handoffs.toPool(exchange, () -> {
                        threads.add(Thread.currentThread().getName());
                        done.countDown();
                    });
                });
            });
            assertTrue(done.await(5, TimeUnit.SECONDS));
            assertTrue(threads.get(0).startsWith(Handoffs.FORK_JOIN_THREAD), threads.toString());
            assertTrue(threads.get(1).startsWith(Handoffs.TIMER_THREAD), threads.toString());
            assertTrue(threads.get(2).startsWith(Handoffs.FORK_JOIN_THREAD), threads.toString());
            assertTrue(exchange.aborts.isEmpty());
        }
    }

    /** Whatever a task throws, on the pool, the timer or the queue, aborts its request, once; the thread goes on. */
    @Test
    void aTaskThatThrowsAbortsItsRequest() throws Exception {
        for (Strategy strategy : List.of(Strategy.ASYNC_COMPLETE, Strategy.ASYNC_QUEUE, Strategy.IN_PLACE)) {
            try (Handoffs handoffs = new Handoffs(strategy, 0)) {
                RecordingExchange thrown = new RecordingExchange();
                RecordingExchange next = new RecordingExchange();
                CountDownLatch ran = new CountDownLatch(1);
                Runnable fails = () -> {
                    throw new IllegalStateException("on purpose");
                };
                if (strategy == Strategy.IN_PLACE) {
                    handoffs.afterWait(thrown, 1, fails);
                    handoffs.afterWait(next, 5, ran::countDown);
                } else {
                    handoffs.toPool(thrown, fails);
                    handoffs.toPool(next, ran::countDown);
                }
                assertTrue(ran.await(5, TimeUnit.SECONDS), strategy + ": the thread went on");
                awaitTrue(() -> thrown.aborts.size() == 1, strategy + ": aborted");
                assertEquals("on purpose", thrown.aborts.get(0).getMessage());
                assertTrue(thrown.ended(), strategy.cliName());
                assertTrue(next.aborts.isEmpty(), strategy.cliName());
            }
        }
    }

    /** Nothing a stopping target still holds is lost: every parked, queued or waiting request is aborted, once. */
    @Test
    void closeAbortsEveryRequestStillParkedQueuedOrWaitingAndRefusesLaterOnes() {
        Handoffs waits = new Handoffs(Strategy.ASYNC_COMPLETE, 0);
        RecordingExchange waiting = new RecordingExchange();
        waits.afterWait(waiting, 60_000, () -> { });
        waits.close();
        assertEquals(1, waiting.aborts.size());
        assertTrue(waiting.aborts.get(0) instanceof CancellationException, waiting.aborts.toString());
        RecordingExchange refused = new RecordingExchange();
        waits.toPool(refused, () -> { });
        waits.afterWait(refused, 5, () -> { });
        assertEquals(2, refused.aborts.size(), "the pool and the timer refuse, and say so to the request");

        Handoffs swept = new Handoffs(Strategy.ASYNC_DISPATCH, 60_000);
        RecordingExchange parked = new RecordingExchange();
        swept.handOff(parked, () -> { });
        swept.close();
        assertEquals(1, parked.aborts.size());

        Handoffs queued = new Handoffs(Strategy.ASYNC_QUEUE, 60_000);
        RecordingExchange inABatch = new RecordingExchange();
        queued.enqueue(inABatch, () -> { });
        queued.close();
        assertEquals(1, inABatch.aborts.size());
    }

    @Test
    void eachPoolBelongsToItsStrategy() {
        try (Handoffs sync = new Handoffs(Strategy.SYNC, 0)) {
            RecordingExchange exchange = new RecordingExchange();
            assertThrows(IllegalStateException.class, () -> sync.toPool(exchange, () -> { }));
            assertThrows(IllegalStateException.class, () -> sync.afterWait(exchange, 1, () -> { }));
            assertThrows(IllegalStateException.class, () -> sync.enqueue(exchange, () -> { }));
        }
        try (Handoffs inPlace = new Handoffs(Strategy.IN_PLACE, 0)) {
            assertThrows(IllegalStateException.class, () -> inPlace.toPool(new RecordingExchange(), () -> { }),
                    "in-place hands nothing to a pool");
        }
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - deadline < 0, "timed out: " + what);
            Thread.sleep(1);
        }
    }
}
