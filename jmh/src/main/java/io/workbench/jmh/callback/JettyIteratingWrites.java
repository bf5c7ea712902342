package io.workbench.jmh.callback;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.pattern.CompletionPattern;
import io.workbench.iocore.callback.pattern.IteratingWrites;
import io.workbench.iocore.callback.pattern.SimulatedChannel;
import org.eclipse.jetty.util.IteratingCallback;

/**
 * The reference: the task of {@link IteratingWrites}, driven by Jetty 12.1's own
 * {@link org.eclipse.jetty.util.IteratingCallback} (jetty-util) instead of iocore's.
 *
 * <p>Both do the same work per write: {@code process()} decrements a counter and writes once to
 * the same {@link SimulatedChannel}. The only addition is the channel's callback: the channel
 * calls back an iocore {@link Callback}, so a small adapter, allocated once per writer, forwards
 * the completion to Jetty's callback (one monomorphic call the JIT inlines). Like ours, the Jetty
 * callback starts completed, is {@code reset()} for every task and reused, so steady state
 * allocates nothing on either pattern's account.
 */
public final class JettyIteratingWrites implements CompletionPattern {

    private final Writer writer;

    public JettyIteratingWrites(SimulatedChannel channel) {
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
        return "JettyIteratingWrites[" + writer + "]";
    }

    private static final class Writer extends IteratingCallback {
        private final SimulatedChannel channel;
        /** What the channel calls back: forwards to this Jetty callback. */
        private final Callback completion = new Callback() {
            @Override
            public void succeeded() {
                Writer.this.succeeded();
            }

            @Override
            public void failed(Throwable cause) {
                Writer.this.failed(cause);
            }

            @Override
            public InvocationType getInvocationType() {
                return InvocationType.NON_BLOCKING;
            }

            @Override
            public String toString() {
                return "completion of " + Writer.this;
            }
        };
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
            channel.write(completion);
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
        public org.eclipse.jetty.util.thread.Invocable.InvocationType getInvocationType() {
            return org.eclipse.jetty.util.thread.Invocable.InvocationType.NON_BLOCKING;
        }
    }
}
