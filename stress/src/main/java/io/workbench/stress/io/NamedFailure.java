package io.workbench.stress.io;

import java.nio.channels.ClosedChannelException;

/**
 * A failure a test names ({@code x}, {@code y}) so that the outcome shows whose cause won, and the
 * short, stable names outcomes give to any cause.
 */
public final class NamedFailure extends Exception {

    public NamedFailure(String name) {
        // No stack trace and no suppression: millions of iterations should not pay for them.
        super(name, null, false, false);
    }

    /** The test's name for a cause, {@code closed} for a closed channel, else the exception's simple class name. */
    public static String nameOf(Throwable cause) {
        if (cause == null) {
            return "null";
        }
        if (cause instanceof NamedFailure named) {
            return named.getMessage();
        }
        if (cause instanceof ClosedChannelException) {
            return "closed";
        }
        return cause.getClass().getSimpleName();
    }
}
