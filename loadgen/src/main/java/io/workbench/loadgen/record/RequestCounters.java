package io.workbench.loadgen.record;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What became of the requests of one phase (warm-up or measured): sent, and each one ended exactly
 * once as ok, an error of a kind, or timed out, so that {@code sent = ok + errors + timedOut} holds
 * whenever nothing is in flight. Counting takes one atomic add on the thread that ends a request;
 * nothing is allocated and nothing locked.
 */
public final class RequestCounters {

    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong ok = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final AtomicLongArray errors = new AtomicLongArray(ErrorKind.values().length);

    /** A request was taken by a connection, or failed to get one: either way it is out of the schedule and will be ended once. */
    public void sent() {
        sent.incrementAndGet();
    }

    public void ok() {
        ok.incrementAndGet();
    }

    public void timedOut() {
        timedOut.incrementAndGet();
    }

    public void error(ErrorKind kind) {
        errors.incrementAndGet(kind.ordinal());
    }

    /** A request that failed before it could be given to a connection: sent and ended at once. */
    public void sentAndFailed(ErrorKind kind) {
        sent();
        error(kind);
    }

    public long sentCount() {
        return sent.get();
    }

    public long okCount() {
        return ok.get();
    }

    public long timedOutCount() {
        return timedOut.get();
    }

    public long errorCount(ErrorKind kind) {
        return errors.get(kind.ordinal());
    }

    public long errorCount() {
        long sum = 0;
        for (int i = 0; i < errors.length(); i++) {
            sum += errors.get(i);
        }
        return sum;
    }

    /** @return requests ended so far, whichever way */
    public long doneCount() {
        // Each counter is read once: a request ending meanwhile may be missed by a live reading, never counted twice.
        return ok.get() + errorCount() + timedOut.get();
    }

    @Override
    public String toString() {
        return "RequestCounters[sent=" + sent + ",ok=" + ok + ",errors=" + errorCount() + ",timedOut=" + timedOut + "]";
    }
}
