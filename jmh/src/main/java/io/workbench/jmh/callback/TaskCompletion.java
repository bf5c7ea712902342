package io.workbench.jmh.callback;

import io.workbench.iocore.callback.Callback;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The {@code done} callback of one benchmark task, reused task after task, and the wait for it.
 *
 * <p>The benchmark thread {@link #arm()}s it, starts the task and {@link #await()}s. A task that
 * completed inside {@code run()} costs one volatile read here; one that finishes on another thread
 * is waited for by spinning briefly, then parking. Parking is announced through {@code waiter}:
 * the waiter writes it and then re-reads the outcome, the completing thread writes the outcome and
 * then reads {@code waiter} (both volatile), so at least one of them sees the other and a wake-up
 * is never lost. Nothing here allocates, so the benchmark's bytes/op belong to the pattern.
 *
 * <pre>
 *   RUNNING --succeeded()--> SUCCEEDED --arm()--> RUNNING
 *   RUNNING --failed(x)----> FAILED      (await() throws; the benchmark stops)
 * </pre>
 */
final class TaskCompletion implements Callback {

    private static final int RUNNING = 0;
    private static final int SUCCEEDED = 1;
    private static final int FAILED = 2;
    private static final String[] NAMES = {"RUNNING", "SUCCEEDED", "FAILED"};

    /** Spins before parking: long enough to catch a short asynchronous task without a futex round trip. */
    private static final int SPINS = 2_000;

    private static final VarHandle OUTCOME;
    private static final VarHandle WAITER;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            OUTCOME = lookup.findVarHandle(TaskCompletion.class, "outcome", int.class);
            WAITER = lookup.findVarHandle(TaskCompletion.class, "waiter", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long timeoutNanos;
    private volatile int outcome = SUCCEEDED;
    private volatile Thread waiter;
    /** Written before the FAILED outcome is published, read after it is seen. */
    private Throwable failure;
    private long completions;

    /** @param timeout how long {@link #await()} waits before it declares the task hung */
    TaskCompletion(long timeout, TimeUnit unit) {
        this.timeoutNanos = unit.toNanos(timeout);
    }

    /** Prepares for the next task; the previous one must have completed. */
    void arm() {
        int current = (int) OUTCOME.getVolatile(this);
        if (current != SUCCEEDED) {
            throw new IllegalStateException("arm() while " + NAMES[current] + ": " + this);
        }
        OUTCOME.setVolatile(this, RUNNING);
    }

    @Override
    public void succeeded() {
        complete(SUCCEEDED);
    }

    @Override
    public void failed(Throwable cause) {
        failure = cause;
        complete(FAILED);
    }

    private void complete(int result) {
        if (!OUTCOME.compareAndSet(this, RUNNING, result)) {
            throw new IllegalStateException("task completed twice: " + this);
        }
        Thread parked = (Thread) WAITER.getVolatile(this);
        if (parked != null) {
            LockSupport.unpark(parked);
        }
    }

    /**
     * Returns once the task has succeeded.
     *
     * @throws IllegalStateException if it failed, or did not complete within the timeout
     */
    void await() {
        if ((int) OUTCOME.getVolatile(this) == RUNNING) {
            waitForOutcome();
        }
        if ((int) OUTCOME.getVolatile(this) == FAILED) {
            throw new IllegalStateException("task failed: " + this, failure);
        }
        completions++;
    }

    private void waitForOutcome() {
        for (int spin = 0; spin < SPINS; spin++) {
            if ((int) OUTCOME.getVolatile(this) != RUNNING) {
                return;
            }
            Thread.onSpinWait();
        }
        long deadline = System.nanoTime() + timeoutNanos;
        WAITER.setVolatile(this, Thread.currentThread());
        try {
            while ((int) OUTCOME.getVolatile(this) == RUNNING) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException("task did not complete within "
                            + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms: " + this);
                }
                LockSupport.parkNanos(this, left);
            }
        } finally {
            WAITER.setVolatile(this, null);
        }
    }

    /** @return how many tasks completed successfully since this was created */
    long completions() {
        return completions;
    }

    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public String toString() {
        return "TaskCompletion@" + Integer.toHexString(hashCode()) + "[" + NAMES[outcome]
                + ",completions=" + completions + ",waiter=" + waiter + "]";
    }
}
