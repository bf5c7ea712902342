package io.workbench.iocore.callback;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * The completion of an asynchronous operation: exactly one of {@link #succeeded()} or
 * {@link #failed(Throwable)} is called, once, by whichever thread finishes the operation
 * (possibly the thread that started it, inside the call that started it).
 *
 * <p>Both methods are abstract on purpose: a callback that forgets its failure path is the
 * classic way to leak a connection. {@link #NOOP} and the factories cover the trivial cases.
 */
public interface Callback extends Invocable {

    /** A callback that does nothing and never blocks. */
    Callback NOOP = new Callback() {
        @Override
        public void succeeded() {
        }

        @Override
        public void failed(Throwable cause) {
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }

        @Override
        public String toString() {
            return "Callback.NOOP";
        }
    };

    /** The operation completed successfully. */
    void succeeded();

    /** The operation failed with {@code cause}. */
    void failed(Throwable cause);

    /** A {@link InvocationType#BLOCKING} callback that runs {@code success} or passes the cause to {@code failure}. */
    static Callback from(Runnable success, Consumer<Throwable> failure) {
        return from(InvocationType.BLOCKING, success, failure);
    }

    /** A callback of the given invocation type that runs {@code success} or passes the cause to {@code failure}. */
    static Callback from(InvocationType type, Runnable success, Consumer<Throwable> failure) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(success, "success");
        Objects.requireNonNull(failure, "failure");
        return new Callback() {
            @Override
            public void succeeded() {
                success.run();
            }

            @Override
            public void failed(Throwable cause) {
                failure.accept(cause);
            }

            @Override
            public InvocationType getInvocationType() {
                return type;
            }

            @Override
            public String toString() {
                return "Callback@" + Integer.toHexString(hashCode()) + "[" + type + "]";
            }
        };
    }

    /**
     * A callback that runs {@code completion} first, with {@code null} on success or the cause on
     * failure, and then completes {@code next} the same way. It declares {@code next}'s invocation
     * type, so {@code completion} must not block. Used to release a resource before telling the
     * caller the operation is over.
     */
    static Callback andThen(Consumer<Throwable> completion, Callback next) {
        Objects.requireNonNull(completion, "completion");
        Objects.requireNonNull(next, "next");
        return new Callback() {
            @Override
            public void succeeded() {
                try {
                    completion.accept(null);
                } finally {
                    next.succeeded();
                }
            }

            @Override
            public void failed(Throwable cause) {
                try {
                    completion.accept(cause);
                } finally {
                    next.failed(cause);
                }
            }

            @Override
            public InvocationType getInvocationType() {
                return next.getInvocationType();
            }

            @Override
            public String toString() {
                return "Callback.andThen[" + next + "]";
            }
        };
    }
}
