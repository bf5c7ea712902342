package io.workbench.iocore.thread;

import io.workbench.iocore.callback.Invocable;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;

/**
 * What both strategies share: the single-producer {@link ProducerState}, the production loop, and
 * running or executing one task. A subclass decides only what to do with a task that may block.
 */
abstract class AbstractExecutionStrategy implements ExecutionStrategy {

    private static final System.Logger LOG = System.getLogger(ExecutionStrategy.class.getName());

    final ProducerState state = new ProducerState();
    final Producer producer;
    final ThreadPool producers;
    final ThreadPool workers;
    final StrategyCounts counts = new StrategyCounts();
    private final Runnable produceTask = new ProduceTask();
    /**
     * The thread that owns production, or null while nobody does: set by the owner once it owns
     * production, cleared by it before it lets go (before the CAS that lets another thread own
     * it), so that the next owner's write comes after; read by any thread for itself.
     */
    private volatile Thread producingThread;

    AbstractExecutionStrategy(Producer producer, ThreadPool producers, ThreadPool workers) {
        this.producer = Objects.requireNonNull(producer, "producer");
        this.producers = Objects.requireNonNull(producers, "producers");
        this.workers = Objects.requireNonNull(workers, "workers");
    }

    @Override
    public final void produce() {
        if (state.tryProduce()) {
            produceOwned();
        }
    }

    @Override
    public final void dispatch() {
        producers.execute(produceTask);
    }

    @Override
    public final boolean isProducingThread() {
        return producingThread == Thread.currentThread();
    }

    /** The loop run by the thread that owns production, until it is idle or handed off. */
    final void produceOwned() {
        owned();
        while (true) {
            Runnable task = nextTask();
            if (task == null) {
                letGo();
                if (state.tryIdle()) {
                    return;
                }
                // A produce request came meanwhile: this thread still owns production.
                owned();
                continue;
            }
            switch (Invocable.typeOf(task)) {
                case NON_BLOCKING -> {
                    counts.ranInPlace();
                    runInPlace(task);
                }
                case EITHER -> {
                    if (consumeHandingOff(task)) {
                        return;
                    }
                    counts.ranEitherInPlace();
                    InvocationContext.invokeNonBlocking(task);
                }
                case BLOCKING -> {
                    if (consumeHandingOff(task)) {
                        return;
                    }
                    counts.executed();
                    execute(task);
                }
            }
        }
    }

    @Override
    public final StrategyCounts.Snapshot counts() {
        return counts.snapshot();
    }

    /** The calling thread owns production now (it won it, was handed it, or took it back). */
    final void owned() {
        producingThread = Thread.currentThread();
    }

    /** The calling thread is about to let production go (hand it off, or go idle): from now on it is not the producer. */
    final void letGo() {
        producingThread = null;
    }

    /**
     * A task that may block was produced: either give production to another thread and return
     * true (the caller then runs the task and stops producing, and it is counted as handed off),
     * or return false.
     */
    abstract boolean consumeHandingOff(Runnable task);

    private Runnable nextTask() {
        try {
            return producer.produce();
        } catch (Throwable x) {
            // A producer that throws is a bug; stopping production would silently hang every connection.
            LOG.log(System.Logger.Level.ERROR, "producer " + producer + " threw", x);
            return null;
        }
    }

    static void runInPlace(Runnable task) {
        try {
            task.run();
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, "task " + task + " failed", x);
        }
    }

    final void execute(Runnable task) {
        try {
            workers.execute(task);
        } catch (RejectedExecutionException x) {
            // Only while stopping: running it here is better than losing a completion.
            LOG.log(System.Logger.Level.DEBUG, "{0} rejected {1}; running it in place", workers, task);
            runInPlace(task);
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(hashCode()) + "["
                + ProducerState.name(state.get()) + "," + counts + "," + producer + "]";
    }

    /** Preallocated: runs {@link #produce()} on a pool thread. */
    private final class ProduceTask implements Invocable.Task {
        @Override
        public void run() {
            produce();
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }

        @Override
        public String toString() {
            return "produce[" + AbstractExecutionStrategy.this + "]";
        }
    }
}
