package io.workbench.iocore.callback.pattern;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.IteratingCallback;

/**
 * The task driven by {@link IteratingCallback}: a completion inside a write is recorded, and the
 * processing thread loops. One write on the stack at a time, and no hop for a write that did not
 * block. The callback is reset and reused for every task, so steady state allocates nothing.
 */
public final class IteratingWrites implements CompletionPattern {

    private final Writer writer;

    public IteratingWrites(SimulatedChannel channel) {
        this.writer = new Writer(channel);
    }

    @Override
    public void run(int operations, Callback done) {
        if (operations < 0) {
            throw new IllegalArgumentException("operations must be >= 0, was " + operations);
        }
        if (!writer.reset()) {
            throw new IllegalStateException("previous task still running: " + writer);
        }
        writer.remaining = operations;
        writer.done = done;
        writer.iterate();
    }

    @Override
    public String toString() {
        return "IteratingWrites[" + writer + "]";
    }

    private static final class Writer extends IteratingCallback {
        private final SimulatedChannel channel;
        private int remaining;
        private Callback done;

        Writer(SimulatedChannel channel) {
            super(true);
            this.channel = channel;
        }

        @Override
        protected Action process() {
            if (remaining == 0) {
                return Action.SUCCEEDED;
            }
            remaining--;
            channel.write(this);
            return Action.SCHEDULED;
        }

        @Override
        protected void onCompleteSuccess() {
            done.succeeded();
        }

        @Override
        protected void onCompleteFailure(Throwable cause) {
            done.failed(cause);
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }
    }
}
