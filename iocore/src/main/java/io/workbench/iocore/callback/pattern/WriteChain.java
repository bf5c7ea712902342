package io.workbench.iocore.callback.pattern;

import io.workbench.iocore.callback.Callback;

/**
 * The part every recursive or dispatching pattern shares: a task of N writes that uses itself as
 * the callback of each write. Subclasses decide only what {@link #succeeded()} does to get the
 * next write going: call {@link #writeNext()} in place, hand it to another thread, or a mix.
 */
abstract class WriteChain implements Callback, CompletionPattern {

    protected final SimulatedChannel channel;
    /** Runs {@link #writeNext()} from a pool thread; allocated once, not per dispatch. */
    protected final Runnable writeNextTask = this::writeNext;
    private int remaining;
    private Callback done;

    WriteChain(SimulatedChannel channel) {
        this.channel = channel;
    }

    @Override
    public final void run(int operations, Callback done) {
        if (operations < 0) {
            throw new IllegalArgumentException("operations must be >= 0, was " + operations);
        }
        this.remaining = operations;
        this.done = done;
        begin();
    }

    /** Starts the first write on the calling thread; a pattern that tracks events may mark one begun. */
    protected void begin() {
        writeNext();
    }

    /** Starts the next write, or completes the task when none is left. */
    protected final void writeNext() {
        if (remaining == 0) {
            Callback finished = done;
            done = null;
            finished.succeeded();
            return;
        }
        remaining--;
        channel.write(this);
    }

    @Override
    public final void failed(Throwable cause) {
        Callback finished = done;
        done = null;
        if (finished != null) {
            finished.failed(cause);
        }
    }

    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(hashCode()) + "[remaining=" + remaining + "]";
    }
}
