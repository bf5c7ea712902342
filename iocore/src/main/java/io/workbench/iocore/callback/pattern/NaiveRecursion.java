package io.workbench.iocore.callback.pattern;

/**
 * The completion starts the next write in place. With synchronous completions every write runs
 * inside the previous one: the stack grows by a few frames per operation until it overflows.
 */
public final class NaiveRecursion extends WriteChain {

    public NaiveRecursion(SimulatedChannel channel) {
        super(channel);
    }

    @Override
    public void succeeded() {
        writeNext();
    }
}
