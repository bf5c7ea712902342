package io.workbench.iocore.thread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.callback.Invocable.Task;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Where each kind of task runs under each strategy, with a scripted producer (the socket version
 * is in the selector tests).
 */
class ExecutionStrategyTest {

    private final ConcurrentLinkedQueue<Runnable> script = new ConcurrentLinkedQueue<>();
    private final ExecutionStrategy.Producer producer = script::poll;
    private BoundedThreadPool producers;
    private BoundedThreadPool workers;

    @BeforeEach
    void startPools() throws Exception {
        producers = new BoundedThreadPool("strategy-producers", 2, 1, 60_000);
        workers = new BoundedThreadPool("strategy-workers", 2);
        producers.start();
        workers.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (producers.getIdleThreads() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    @AfterEach
    void stopPools() {
        producers.stop();
        workers.stop();
    }

    /** A blocking task that waits for the non-blocking task produced after it. */
    private final CountDownLatch laterTaskRan = new CountDownLatch(1);
    private final AtomicReference<Thread> blockingThread = new AtomicReference<>();
    private final AtomicReference<Thread> laterThread = new AtomicReference<>();
    private final AtomicReference<Thread> firstThread = new AtomicReference<>();

    private void scriptFirstBlockingLater() {
        script.add(Task.of(InvocationType.NON_BLOCKING, () -> firstThread.set(Thread.currentThread())));
        script.add(Task.of(InvocationType.BLOCKING, () -> {
            blockingThread.set(Thread.currentThread());
            try {
                // Production must go on while this blocks, or the later task never runs.
                assertTrue(laterTaskRan.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        script.add(Task.of(InvocationType.NON_BLOCKING, () -> {
            laterThread.set(Thread.currentThread());
            laterTaskRan.countDown();
        }));
    }

    @Test
    void produceExecuteConsumeRunsNonBlockingInPlaceAndBlockingOnAWorker() throws Exception {
        ExecutionStrategy strategy = new ProduceExecuteConsume(producer, producers, workers);
        scriptFirstBlockingLater();
        strategy.produce();
        assertTrue(laterTaskRan.await(10, TimeUnit.SECONDS));
        assertSame(Thread.currentThread(), firstThread.get());
        assertSame(Thread.currentThread(), laterThread.get(), "the producer kept producing and ran the later task");
        waitFor(blockingThread);
        assertTrue(blockingThread.get().getName().startsWith("strategy-workers-"), blockingThread.get().getName());
        assertEquals(new StrategyCounts.Snapshot(2, 0, 0, 1), strategy.counts(), "two in place, one executed");
    }

    @Test
    void adaptiveConsumesTheBlockingTaskHereAndHandsProductionToAnIdleThread() throws Exception {
        ExecutionStrategy strategy = new AdaptiveExecutionStrategy(producer, producers, workers);
        scriptFirstBlockingLater();
        strategy.produce();
        assertTrue(laterTaskRan.await(10, TimeUnit.SECONDS));
        assertSame(Thread.currentThread(), firstThread.get());
        assertSame(Thread.currentThread(), blockingThread.get(), "the thread that produced the blocking task ate it");
        assertTrue(laterThread.get().getName().startsWith("strategy-producers-"), "production moved to " + laterThread.get());
        assertEquals(new StrategyCounts.Snapshot(2, 0, 1, 0), strategy.counts(), "two in place, one handed off");
        assertTrue(strategy.toString().contains("handedOff=1"), strategy.toString());
    }

    @Test
    void adaptiveWithoutAnIdleThreadFallsBackToExecuting() throws Exception {
        producers.stop();
        producers = new BoundedThreadPool("strategy-producers", 1, 0, 60_000);
        producers.start();
        ExecutionStrategy strategy = new AdaptiveExecutionStrategy(producer, producers, workers);
        scriptFirstBlockingLater();
        strategy.produce();
        assertTrue(laterTaskRan.await(10, TimeUnit.SECONDS));
        assertSame(Thread.currentThread(), laterThread.get());
        waitFor(blockingThread);
        assertTrue(blockingThread.get().getName().startsWith("strategy-workers-"), blockingThread.get().getName());
        assertEquals(new StrategyCounts.Snapshot(2, 0, 0, 1), strategy.counts(), "no idle thread to hand off to: executed");
    }

    @Test
    void eitherTasksRunInPlaceKnowingTheyMustNotBlock() {
        for (ExecutionStrategy.Kind kind : ExecutionStrategy.Kind.values()) {
            producers.stop();
            producers = new BoundedThreadPool("strategy-producers", 1, 0, 60_000);
            producers.start();
            AtomicBoolean nonBlocking = new AtomicBoolean();
            AtomicReference<Thread> ran = new AtomicReference<>();
            script.add(Task.of(InvocationType.EITHER, () -> {
                nonBlocking.set(InvocationContext.isNonBlocking());
                ran.set(Thread.currentThread());
            }));
            ExecutionStrategy strategy = kind.create(producer, producers, workers);
            strategy.produce();
            assertSame(Thread.currentThread(), ran.get(), kind.name());
            assertEquals(new StrategyCounts.Snapshot(0, 1, 0, 0), strategy.counts(), kind.name());
            assertTrue(nonBlocking.get(), kind.name());
            assertEquals(false, InvocationContext.isNonBlocking(), "the mark does not outlive the task");
        }
    }

    @Test
    void aFailingTaskDoesNotStopProduction() {
        ExecutionStrategy strategy = new ProduceExecuteConsume(producer, producers, workers);
        AtomicBoolean after = new AtomicBoolean();
        script.add(Task.of(InvocationType.NON_BLOCKING, () -> {
            throw new IllegalStateException("expected by the test");
        }));
        script.add(Task.of(InvocationType.NON_BLOCKING, () -> after.set(true)));
        strategy.produce();
        assertTrue(after.get());
        assertNotSame(null, strategy.toString());
        assertTrue(strategy.toString().contains("IDLE"), strategy.toString());
    }

    private static void waitFor(AtomicReference<Thread> ref) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ref.get() == null && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }
}
