package io.workbench.iocore.hello;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a target has really done, for {@code /stats}: requests started (the handler began with
 * them), completed (their response finished, or failed), in flight now, and the most in flight at
 * once. The Concurrency Level scenario reads it to count how many of its requests a server
 * actually started, which the client side alone cannot tell.
 *
 * <p>Thread-safe and lock-free. {@code inFlight} is one atomic counter, so {@code maxInFlight} is
 * exact; the maximum is written only when exceeded.
 */
public final class RequestStats {

    private final AtomicLong started = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong maxInFlight = new AtomicLong();

    /** A request reached the handler. */
    public void started() {
        started.incrementAndGet();
        long now = inFlight.incrementAndGet();
        if (now > maxInFlight.get()) {
            maxInFlight.accumulateAndGet(now, Math::max);
        }
    }

    /** A started request's response finished (successfully or not). Call exactly once per {@link #started()}. */
    public void completed() {
        inFlight.decrementAndGet();
        completed.incrementAndGet();
    }

    /**
     * Starts a new peak: {@code maxInFlight} becomes the number in flight now, so that what it says
     * next is the most in flight since this call (a suite runner resets it between scenarios).
     * Requests started meanwhile are not lost: the count is read again after the reset, and a
     * {@link #started()} that raised it after that read compares itself with the reset value.
     */
    public void resetMaxInFlight() {
        maxInFlight.set(inFlight.get());
        maxInFlight.accumulateAndGet(inFlight.get(), Math::max);
    }

    public long startedCount() {
        return started.get();
    }

    public long completedCount() {
        return completed.get();
    }

    public long inFlightCount() {
        return inFlight.get();
    }

    public long maxInFlightCount() {
        return maxInFlight.get();
    }

    /** {@code {"started":S,"completed":C,"inFlight":I,"maxInFlight":M}}, the body of {@code /stats}. */
    public String toJson() {
        return "{\"started\":" + started.get()
                + ",\"completed\":" + completed.get()
                + ",\"inFlight\":" + inFlight.get()
                + ",\"maxInFlight\":" + maxInFlight.get() + "}";
    }

    @Override
    public String toString() {
        return "RequestStats" + toJson();
    }
}
