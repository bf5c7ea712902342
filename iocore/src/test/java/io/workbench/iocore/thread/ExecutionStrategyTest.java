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
            AtomicReference<Boolean> producing = new AtomicReference<>();
            ExecutionStrategy strategy = kind.create(producer, producers, workers);
            script.add(Task.of(InvocationType.EITHER, () -> {
                nonBlocking.set(InvocationContext.isNonBlocking());
                ran.set(Thread.currentThread());
                producing.set(strategy.isProducingThread());
            }));
            strategy.produce();
            assertSame(Thread.currentThread(), ran.get(), kind.name());
            // No idle thread took production: this one took it back, and runs the task as the producer.
            assertEquals(Boolean.TRUE, producing.get(), kind.name());
            assertEquals(new StrategyCounts.Snapshot(0, 1, 0, 0), strategy.counts(), kind.name());
            assertTrue(nonBlocking.get(), kind.name());
            assertEquals(false, InvocationContext.isNonBlocking(), "the mark does not outlive the task");
        }
    }

    /**
     * Which thread produces, across a hand-off: the thread that hands production off and eats the
     * blocking task is not the producer any more while it eats it, even before the thread that
     * takes over has started (here it is held until the test lets it run); that thread is the
     * producer while it produces; and a thread that let production go idle is not.
     */
    @Test
    void theProducingThreadIsKnownAcrossAHandOff() throws Exception {
        HeldHandOff handOff = new HeldHandOff();
        ExecutionStrategy strategy = new AdaptiveExecutionStrategy(producer, handOff, workers);
        AtomicReference<Boolean> first = new AtomicReference<>();
        AtomicReference<Boolean> eating = new AtomicReference<>();
        AtomicReference<Boolean> taken = new AtomicReference<>();
        CountDownLatch tookOver = new CountDownLatch(1);
        script.add(Task.of(InvocationType.NON_BLOCKING, () -> first.set(strategy.isProducingThread())));
        script.add(Task.of(InvocationType.BLOCKING, () -> eating.set(strategy.isProducingThread())));
        strategy.produce();
        assertEquals(Boolean.TRUE, first.get(), "the producing thread runs a non-blocking task as the producer");
        assertEquals(Boolean.FALSE, eating.get(), "the thread that handed production off took itself for the producer");
        assertTrue(!strategy.isProducingThread(), "the thread that handed off is not the producer afterwards");
        script.add(Task.of(InvocationType.NON_BLOCKING, () -> {
            taken.set(strategy.isProducingThread());
            tookOver.countDown();
        }));
        Thread other = Thread.ofPlatform().name("took-over").start(handOff.held.get());
        assertTrue(tookOver.await(10, TimeUnit.SECONDS));
        other.join(10_000);
        assertEquals(Boolean.TRUE, taken.get(), "the thread production was handed to is the producer");
        assertEquals(new StrategyCounts.Snapshot(2, 0, 1, 0), strategy.counts());
        // Production went idle on that thread: nobody produces, this thread least of all.
        assertTrue(!strategy.isProducingThread());
    }

    /** A hand-off that takes the task but runs it only when the test does: the thread that took over has not started. */
    private static final class HeldHandOff implements ThreadPool {
        final AtomicReference<Runnable> held = new AtomicReference<>();

        @Override
        public boolean tryExecute(Runnable task) {
            return held.compareAndSet(null, task);
        }

        @Override
        public void execute(Runnable task) {
            throw new java.util.concurrent.RejectedExecutionException("only hand-offs here");
        }

        @Override
        public int getThreads() {
            return 0;
        }

        @Override
        public int getIdleThreads() {
            return 1;
        }

        @Override
        public void start() {
        }

        @Override
        public void stop() {
        }

        @Override
        public boolean isRunning() {
            return true;
        }

        @Override
        public void dump(StringBuilder out, String indent) {
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
