package io.workbench.iocore.thread;

import io.workbench.iocore.callback.Invocable;

/**
 * "Eat what you kill": when the producer produces a task that may block and a producer-pool
 * thread is idle right now, production is handed to that thread and the task is consumed by the
 * thread that produced it, so the connection's buffers and parser state are still in its cache.
 * When no thread is idle it degrades to {@link ProduceExecuteConsume}: the task goes to the worker
 * pool and production continues here (never waiting for a thread, so a selector never stalls).
 * Tasks that never block always run in place.
 *
 * <p>The hand-off goes through {@link ProducerState#handOff()} before the other thread is asked,
 * so that the dispatched thread, however fast it starts, finds production waiting for it, and no
 * third thread can start producing in between. The thread that hands off stops being the
 * {@linkplain #isProducingThread() producing thread} before that, so that the task it keeps, run
 * beside the new producer, is never taken for the producer's.
 */
public final class AdaptiveExecutionStrategy extends AbstractExecutionStrategy {

    private final Runnable resumeTask = new ResumeTask();

    public AdaptiveExecutionStrategy(Producer producer, ThreadPool producers, ThreadPool workers) {
        super(producer, producers, workers);
    }

    @Override
    boolean consumeHandingOff(Runnable task) {
        // Not the producer from here on: the thread that takes production over may start at once,
        // and the task this thread keeps runs beside it.
        letGo();
        state.handOff();
        if (producers.tryExecute(resumeTask)) {
            counts.handedOff();
            runInPlace(task);
            return true;
        }
        state.resumeHandedOff();
        owned();
        return false;
    }

    /** Preallocated: the thread production was handed to takes it and produces. */
    private final class ResumeTask implements Invocable.Task {
        @Override
        public void run() {
            state.resumeHandedOff();
            produceOwned();
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }

        @Override
        public String toString() {
            return "resume[" + AdaptiveExecutionStrategy.this + "]";
        }
    }
}
