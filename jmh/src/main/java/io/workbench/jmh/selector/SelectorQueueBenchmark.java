package io.workbench.jmh.selector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hand-off of tasks from other threads to a selector thread, through three queues: JCTools'
 * {@code MpscUnboundedArrayQueue}, the JDK's {@code ConcurrentLinkedQueue}, and an
 * {@code ArrayDeque} under a lock that the selector swaps out (the Jetty 12 way).
 *
 * <p>One operation is one task submitted by a benchmark thread (a producer) and, since each
 * producer has only {@value #IN_FLIGHT} tasks it reuses, run by the selector thread soon after:
 * a producer whose next task has not run yet waits for it, so the score is the hand-off rate the
 * pair sustains, not how fast an unbounded queue can grow. {@link #oneProducer}: one producer and
 * the selector thread, one core each on a 2-core machine. {@link #twoProducers}: two producers
 * contend on the queue's tail (the multi-producer case), with three threads on two cores there.
 * With {@code -prof gc}, {@code gc.alloc.rate.norm} is what a hand-off allocates (a node per task
 * for the linked queue, a chunk per {@value JctoolsTaskQueue#CHUNK} tasks for JCTools, nothing for
 * the deque once grown). The selector's wake-up is the same for all three; it is part of the cost
 * whenever the selector had gone to sleep.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class SelectorQueueBenchmark {

    /** Tasks a producer may have queued and not yet run (a power of two). */
    public static final int IN_FLIGHT = 64;

    @Param
    public TaskQueue.Kind queue;

    private SelectorThread selector;

    @Setup(Level.Trial)
    public void start() {
        selector = new SelectorThread(queue.create(), "selector-" + queue);
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        selector.stop();
    }

    /** A task that only marks itself run, so that its producer may submit it again. */
    static final class HandOff implements Runnable {
        private static final VarHandle QUEUED;

        static {
            try {
                QUEUED = MethodHandles.lookup().findVarHandle(HandOff.class, "queued", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused") // accessed through QUEUED
        private boolean queued;

        /** Release: the queue itself orders the hand-off; this only has to publish the flag. */
        void markQueued() {
            QUEUED.setRelease(this, true);
        }

        boolean isQueued() {
            return (boolean) QUEUED.getAcquire(this);
        }

        @Override
        public void run() {
            QUEUED.setRelease(this, false);
        }
    }

    /** One producer's reusable tasks. */
    @State(Scope.Thread)
    public static class Producer {
        private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(10);

        private final HandOff[] tasks = new HandOff[IN_FLIGHT];
        private int next;

        @Setup(Level.Trial)
        public void create() {
            for (int i = 0; i < tasks.length; i++) {
                tasks[i] = new HandOff();
            }
        }

        /** The next task once the selector has run its previous submission. */
        HandOff nextFree() {
            HandOff task = tasks[next];
            next = (next + 1) & (IN_FLIGHT - 1);
            if (task.isQueued()) {
                waitUntilRun(task);
            }
            return task;
        }

        private static void waitUntilRun(HandOff task) {
            long deadline = 0;
            for (int spins = 0; task.isQueued(); spins++) {
                if (spins < 100) {
                    Thread.onSpinWait();
                } else {
                    // The selector may need this core: give it up instead of spinning against it.
                    Thread.yield();
                    if (deadline == 0) {
                        deadline = System.nanoTime() + PATIENCE_NANOS;
                    } else if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the selector thread did not run a task within 10 s");
                    }
                }
            }
        }
    }

    private void submit(Producer producer) {
        HandOff task = producer.nextFree();
        task.markQueued();
        selector.submit(task);
    }

    @Benchmark
    @Threads(1)
    public void oneProducer(Producer producer) {
        submit(producer);
    }

    @Benchmark
    @Threads(2)
    public void twoProducers(Producer producer) {
        submit(producer);
    }
}
