package io.workbench.iocore.callback.pattern;

import java.util.concurrent.Executor;

/**
 * Every completion hands the next write to an executor: the stack never grows, and every
 * operation pays a thread hop (queueing, a wake-up, a cold cache), even one that completed
 * without ever blocking.
 */
public final class AlwaysDispatch extends WriteChain {

    private final Executor dispatcher;

    public AlwaysDispatch(SimulatedChannel channel, Executor dispatcher) {
        super(channel);
        this.dispatcher = dispatcher;
    }

    @Override
    public void succeeded() {
        dispatcher.execute(writeNextTask);
    }
}
