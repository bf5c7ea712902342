package io.workbench.iocore.thread;

/**
 * Decides which thread runs each task a {@link Producer} (a selector) produces.
 *
 * <p>Tasks declare their {@link io.workbench.iocore.callback.Invocable.InvocationType}; a task
 * that never blocks runs in place on the producing thread (no hop, hot caches), one that may block
 * must not, because it would stall every connection the producer serves. The strategies differ in
 * what they do with a blocking task:
 * <ul>
 *   <li>{@link ProduceExecuteConsume}: execute it on the worker pool and go on producing;</li>
 *   <li>{@link AdaptiveExecutionStrategy} ("eat what you kill"): if a pool thread is idle right now,
 *       hand production to it and consume the task on this thread, whose caches hold the
 *       connection that produced it; otherwise fall back to produce-execute-consume.</li>
 * </ul>
 */
public interface ExecutionStrategy {

    /** The source of tasks. */
    @FunctionalInterface
    interface Producer {
        /**
         * @return the next task, or null when there is nothing to do (for a selector: only when it
         *         stops, since it waits in {@code select()} for work)
         */
        Runnable produce();
    }

    /** Produces and runs tasks on the calling thread until the producer has none or production moved to another thread. */
    void produce();

    /** Asks a pool thread to {@link #produce()}. */
    void dispatch();

    /**
     * @return true if the calling thread produces right now: it owns production and has not handed
     *         it off. A thread that handed production to another and runs the task it kept is no
     *         longer the producer, from before the other thread can start producing; so what only
     *         the producing thread may touch (a selector's timers, a connect it runs in place) is
     *         never touched by two threads at once.
     */
    boolean isProducingThread();

    /** What the strategy has done with the tasks produced so far, per mode. */
    StrategyCounts.Snapshot counts();

    /** The strategies, by the names the configuration uses. */
    enum Kind {
        /** {@link ProduceExecuteConsume}. */
        PRODUCE_EXECUTE_CONSUME,
        /** {@link AdaptiveExecutionStrategy}. */
        ADAPTIVE;

        /**
         * @param producer  what produces the tasks
         * @param producers platform threads that may run production (and take it over)
         * @param workers   where blocking tasks go when they are not consumed in place
         */
        public ExecutionStrategy create(Producer producer, ThreadPool producers, ThreadPool workers) {
            return switch (this) {
                case PRODUCE_EXECUTE_CONSUME -> new ProduceExecuteConsume(producer, producers, workers);
                case ADAPTIVE -> new AdaptiveExecutionStrategy(producer, producers, workers);
            };
        }
    }
}
