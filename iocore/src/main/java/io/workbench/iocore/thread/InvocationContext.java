package io.workbench.iocore.thread;

import io.workbench.iocore.callback.Invocable.InvocationType;

/**
 * Tells an {@link InvocationType#EITHER} task how it is being run: a strategy that runs such a
 * task in place on a thread that must not block (a selector thread) marks the invocation, and the
 * task asks {@link #isNonBlocking()} to choose its non-blocking way (e.g. go asynchronous instead
 * of waiting).
 */
public final class InvocationContext {

    private static final ThreadLocal<Boolean> NON_BLOCKING = ThreadLocal.withInitial(() -> Boolean.FALSE);

    private InvocationContext() {
    }

    /** @return true while the current thread runs a task through {@link #invokeNonBlocking(Runnable)} */
    public static boolean isNonBlocking() {
        return NON_BLOCKING.get();
    }

    /** Runs {@code task} on this thread, with {@link #isNonBlocking()} true for its duration. */
    public static void invokeNonBlocking(Runnable task) {
        Boolean was = NON_BLOCKING.get();
        NON_BLOCKING.set(Boolean.TRUE);
        try {
            task.run();
        } finally {
            NON_BLOCKING.set(was);
        }
    }
}
