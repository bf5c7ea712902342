package io.workbench.loadgen.record;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * What became of the requests of one phase (warm-up or measured) on one generator loop: sent, and
 * each one ended exactly once as ok, an error of a kind, or timed out, so that
 * {@code sent = ok + errors + timedOut} holds whenever nothing is in flight. Beside those, how many
 * of the sent requests reached the socket ({@code written}; the others failed before, for want of a
 * connection) and how many were sent again after finding their keep-alive connection closed by the
 * server while idle ({@code staleRetried}: each still ends once), and the bytes of the response
 * bodies read ({@code bodyBytes}).
 *
 * <p>One writer: the loop that owns the requests (no atomic read-modify-write, a release store per
 * count); any thread may read, and {@link #sum} adds up the loops of a run. A reading taken while
 * requests end may miss the latest ones, never count one twice.
 */
public final class RequestCounters {

    private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int SENT = 0;
    private static final int WRITTEN = 1;
    private static final int OK = 2;
    private static final int TIMED_OUT = 3;
    private static final int STALE_RETRIED = 4;
    private static final int BODY_BYTES = 5;
    private static final int ERRORS = 6;

    private final long[] counts = new long[ERRORS + ErrorKind.values().length];

    private void add(int index, long n) {
        COUNTS.setRelease(counts, index, (long) COUNTS.getOpaque(counts, index) + n);
    }

    private long get(int index) {
        return (long) COUNTS.getAcquire(counts, index);
    }

    /** A request was taken by a connection, or failed to get one: either way it is out of the schedule and will be ended once. */
    public void sent() {
        add(SENT, 1);
    }

    /** The request's bytes reached the socket (counted once, also when it is sent again on a fresh connection). */
    public void written() {
        add(WRITTEN, 1);
    }

    public void ok() {
        add(OK, 1);
    }

    public void timedOut() {
        add(TIMED_OUT, 1);
    }

    public void error(ErrorKind kind) {
        add(ERRORS + kind.ordinal(), 1);
    }

    /** A request found its connection closed by the server while idle and is being sent again on a fresh one. */
    public void staleRetried() {
        add(STALE_RETRIED, 1);
    }

    /** A response's body of {@code bytes} bytes was read (counted, not kept). */
    public void bodyBytes(long bytes) {
        add(BODY_BYTES, bytes);
    }

    /** A request that failed before it could be given to a connection: sent and ended at once, never written. */
    public void sentAndFailed(ErrorKind kind) {
        sent();
        error(kind);
    }

    public long sentCount() {
        return get(SENT);
    }

    public long writtenCount() {
        return get(WRITTEN);
    }

    public long okCount() {
        return get(OK);
    }

    public long timedOutCount() {
        return get(TIMED_OUT);
    }

    /** @return bytes of response bodies read */
    public long bodyByteCount() {
        return get(BODY_BYTES);
    }

    public long staleRetriedCount() {
        return get(STALE_RETRIED);
    }

    public long errorCount(ErrorKind kind) {
        return get(ERRORS + kind.ordinal());
    }

    public long errorCount() {
        long sum = 0;
        for (ErrorKind kind : ErrorKind.values()) {
            sum += errorCount(kind);
        }
        return sum;
    }

    /** @return requests ended so far, whichever way */
    public long doneCount() {
        return okCount() + errorCount() + timedOutCount();
    }

    /** @return requests that got a complete response, whatever its status, or timed out: those that were timed */
    public long answeredCount() {
        return okCount() + errorCount(ErrorKind.NON_2XX) + timedOutCount();
    }

    /** @return a new counter holding the sums of {@code parts} (read once each) */
    public static RequestCounters sum(List<RequestCounters> parts) {
        RequestCounters total = new RequestCounters();
        for (RequestCounters part : parts) {
            for (int i = 0; i < total.counts.length; i++) {
                total.counts[i] += part.get(i);
            }
        }
        return total;
    }

    @Override
    public String toString() {
        return "RequestCounters[sent=" + sentCount() + ",written=" + writtenCount() + ",ok=" + okCount() + ",errors=" + errorCount()
                + ",timedOut=" + timedOutCount() + ",staleRetried=" + staleRetriedCount() + "]";
    }
}
