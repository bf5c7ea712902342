package io.workbench.iocore.thread;

/**
 * Produce-execute-consume: the producing thread never gives production away. Tasks that never
 * block run in place; tasks that may block are executed on the worker pool, one thread hop each,
 * and the producer goes straight back to producing. Predictable, and the baseline the adaptive
 * strategy is measured against.
 */
public final class ProduceExecuteConsume extends AbstractExecutionStrategy {

    public ProduceExecuteConsume(Producer producer, ThreadPool producers, ThreadPool workers) {
        super(producer, producers, workers);
    }

    @Override
    boolean consumeHandingOff(Runnable task) {
        return false;
    }
}
