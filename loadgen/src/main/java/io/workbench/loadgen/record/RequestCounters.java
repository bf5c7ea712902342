package io.workbench.loadgen.record;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * What became of the requests of one phase (warm-up or measured) on one generator loop: sent, and
 * each one ended exactly once as ok, an error of a kind, or timed out, so that
 * {@code sent = ok + errors + timedOut} holds whenever nothing is in flight. Beside those:
 * <ul>
 *   <li>{@code written}: how many of the sent requests a connection accepted for writing (counted
 *       when the connection took it, before any byte went out; once, also when it is sent again);
 *       the others ended for want of a connection;</li>
 *   <li>{@code retried}: sent once more after the server closed or reset its connection before any
 *       byte of it was written (each still ends once);</li>
 *   <li>{@code censored}: given up by the generator before their response: before they were written
 *       (their connect failed or timed out, or the run ended while they waited for a connection),
 *       or in flight when the run ended; each is among the errors, by its kind, and is timed up to
 *       when it was given up;</li>
 *   <li>{@code queued}: waited for a connection (none idle when they were tried), and
 *       {@code queuedAtCap}: of those, the ones that waited while the connection cap refused a
 *       connect;</li>
 *   <li>{@code bodyBytes}: the bytes of the response bodies read.</li>
 * </ul>
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
    private static final int RETRIED = 4;
    private static final int BODY_BYTES = 5;
    private static final int CENSORED = 6;
    private static final int QUEUED = 7;
    private static final int QUEUED_AT_CAP = 8;
    private static final int ERRORS = 9;

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

    /** A connection accepted the request for writing (counted once, also when it is sent again on another connection). */
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

    /** The server closed or reset a request's connection before any byte of it was written: it is being sent again on another. */
    public void retried() {
        add(RETRIED, 1);
    }

    /** A request was given up before its response (it is among the errors, by its kind), and was timed up to then. */
    public void censored() {
        add(CENSORED, 1);
    }

    /** A request found no idle connection when it was tried, and waits for one. */
    public void queued() {
        add(QUEUED, 1);
    }

    /** A request that waited for a connection did so while the connection cap refused a connect. */
    public void queuedAtCap() {
        add(QUEUED_AT_CAP, 1);
    }

    /** A response's body of {@code bytes} bytes was read (counted, not kept). */
    public void bodyBytes(long bytes) {
        add(BODY_BYTES, bytes);
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

    public long retriedCount() {
        return get(RETRIED);
    }

    public long censoredCount() {
        return get(CENSORED);
    }

    public long queuedCount() {
        return get(QUEUED);
    }

    public long queuedAtCapCount() {
        return get(QUEUED_AT_CAP);
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

    /** @return requests that got a complete response, whatever its status, or timed out */
    public long answeredCount() {
        return respondedCount() + timedOutCount();
    }

    /** @return requests that got a complete response, whatever its status */
    public long respondedCount() {
        return okCount() + errorCount(ErrorKind.NON_2XX);
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
                + ",timedOut=" + timedOutCount() + ",retried=" + retriedCount() + ",censored=" + censoredCount() + "]";
    }
}
