package io.workbench.loadgen.pacing;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until an intended time given in {@link System#nanoTime()} nanoseconds, and no longer.
 *
 * <p>It parks until the intended time; a park wakes late by the kernel's timer slack (about 50 µs
 * on Linux, more on a busy machine), and that lateness is not hidden: it is the request's
 * intended->send time. For more precision at the price of CPU, a spin window makes it park until
 * that much before the intended time and spend the rest yielding (on a generator pinned to one
 * core a yield hands the core to the selector thread whenever it has work, but every yield is a
 * system call). A time already past returns at once: a late request is sent late (and its
 * lateness measured), never skipped, and the times after it are not moved, so nothing is ever
 * sent before its time to catch up. Requests that came due while it slept are sent one after the
 * other as soon as it wakes, each timed from its own intended time.
 *
 * <p>{@link #cancel()} ends the current and every later wait at once (the run was interrupted).
 */
public final class Pacer {

    private final long spinNanos;
    private volatile boolean cancelled;
    private volatile Thread waiter;

    /** A pacer that parks until {@code spinNanos} before each intended time, then yields (0: parks only). */
    public Pacer(long spinNanos) {
        if (spinNanos < 0) {
            throw new IllegalArgumentException("spin window must not be negative, was " + spinNanos);
        }
        this.spinNanos = spinNanos;
    }

    /**
     * Measures how late a short park wakes here: the 90th percentile of 200 parks of 50 µs (about
     * 15 ms in all). Reported with the run, to read its intended->send times against.
     */
    public static long measureParkLatenessNanos() {
        int samples = 200;
        long[] late = new long[samples];
        for (int i = 0; i < samples; i++) {
            long before = System.nanoTime();
            LockSupport.parkNanos(50_000);
            late[i] = Math.max(0, System.nanoTime() - before - 50_000);
        }
        Arrays.sort(late);
        return late[samples * 9 / 10];
    }

    /**
     * Returns at {@code deadline} or as soon after it as this thread runs again, or at once after
     * {@link #cancel()}.
     *
     * @return {@link System#nanoTime()} when it returned, never before {@code deadline} unless cancelled
     */
    public long awaitUntil(long deadline) {
        long now;
        while ((now = System.nanoTime()) - deadline < 0 && !cancelled) {
            long remaining = deadline - now;
            if (remaining > spinNanos) {
                waiter = Thread.currentThread();
                if (!cancelled) {
                    LockSupport.parkNanos(this, remaining - spinNanos);
                }
                waiter = null;
            } else {
                Thread.yield();
            }
        }
        return now;
    }

    /** Ends the current wait and makes every later one return at once. */
    public void cancel() {
        cancelled = true;
        Thread thread = waiter;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** @return how long before an intended time this pacer stops parking and yields */
    public long spinNanos() {
        return spinNanos;
    }

    @Override
    public String toString() {
        return "Pacer[spin=" + spinNanos + "ns" + (cancelled ? ",cancelled" : "") + "]";
    }
}
