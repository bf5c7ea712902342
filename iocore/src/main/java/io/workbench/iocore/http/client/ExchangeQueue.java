package io.workbench.iocore.http.client;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/**
 * The requests of one connection, in the order they go on the wire and their responses come back:
 * a ring of preallocated {@link HttpExchange} slots, three counters of sequence numbers, and
 * whether the connection still admits requests. Lock-free; senders on any thread, one reader,
 * one flusher at a time.
 *
 * <pre>
 *   sequence numbers, answered &lt;= claimed, generated &lt;= claimed:
 *     [0, answered)          answered: the reader has taken their response (or found them ended)
 *     [answered, claimed)    outstanding: accepted, waiting for their response
 *     [0, generated)         written: their head went into a write (the flusher's count)
 *   claimed - answered &lt;= maxInFlight, and slots &gt;= 2 * maxInFlight, so
 *   - the slot whose listener the reader is calling is never the one a sender fills, even when the
 *     listener itself sends the next request;
 *   - the slot of a request n is not filled again while the write that holds n's last byte is
 *     under way, if n was not answered when that write's flusher looked: reusing the slot takes
 *     a claim of n + slots, so answered &gt; n + slots - maxInFlight &gt;= n + maxInFlight, so request
 *     n + maxInFlight answered; that request was claimed after n was answered, so after the
 *     flusher looked, so it is not in this write, and nothing else is written (so answered)
 *     before this write completes. So the flusher may stamp a request as sent, and take the
 *     stamp back after a partial write, on its own thread while the reader goes on (see
 *     HttpExchange#sent).
 *
 *   admission, in the top bits of the claims word (the rest is claimed):
 *
 *          claim(a Connection: close request)          close(failure)
 *   OPEN --------------------------------------> SHUT ------------------> CLOSED (final)
 *    |  shut(): the response says Connection: close  ^                       ^
 *    |  or the connection is closing ----------------+                       |
 *    +-----------------------------------------------------close(failure)----+
 *
 *   claim() in OPEN: claimed + 1 if claimed - answered &lt; maxInFlight, else FULL, nothing changed
 *   claim() in SHUT or CLOSED: refused, nothing changed
 * </pre>
 * Every change of the claims word is one CAS in {@link #cas}, which checks the move against
 * {@link #NEXT}. A connection that closes first shuts (so that the count of claimed requests can
 * no longer grow), then records the failure, then moves to CLOSED; a sender that publishes its
 * request and then finds CLOSED ends that request itself with the recorded failure, because the
 * closing thread may have looked at its slot before it was published. Both sides write first
 * (the slot, the state) and read the other's after, with volatile accesses, so at least one of
 * them sees the other; the exchange's CAS makes sure only one ends it.
 */
final class ExchangeQueue {

    enum Admission { OPEN, SHUT, CLOSED }

    /** What {@link #claim} returns instead of a sequence number. */
    static final long FULL = -1;
    static final long REFUSED_SHUT = -2;
    static final long REFUSED_CLOSED = -3;

    private static final int STATE_SHIFT = 62;
    private static final long COUNT_MASK = (1L << STATE_SHIFT) - 1;
    private static final Admission[] STATES = Admission.values();
    /** For each state (by ordinal), the bit set of the states it may move to; OPEN to OPEN is a claim. */
    private static final int[] NEXT = new int[STATES.length];

    static {
        NEXT[Admission.OPEN.ordinal()] = 1 << Admission.OPEN.ordinal() | 1 << Admission.SHUT.ordinal() | 1 << Admission.CLOSED.ordinal();
        NEXT[Admission.SHUT.ordinal()] = 1 << Admission.CLOSED.ordinal();
        NEXT[Admission.CLOSED.ordinal()] = 0;
    }

    private static final System.Logger LOG = System.getLogger(ExchangeQueue.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    private static final VarHandle CLAIMS;
    private static final VarHandle ANSWERED;
    private static final VarHandle GENERATED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CLAIMS = lookup.findVarHandle(ExchangeQueue.class, "claims", long.class);
            ANSWERED = lookup.findVarHandle(ExchangeQueue.class, "answered", long.class);
            GENERATED = lookup.findVarHandle(ExchangeQueue.class, "generated", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final HttpExchange[] slots;
    private final int mask;
    private final int maxInFlight;

    /** Admission state in the top bits, claimed in the rest; changed only by {@link #cas}. */
    @SuppressWarnings("unused") // through CLAIMS
    private volatile long claims;
    /** Written by the reader only (release), read by senders (acquire). */
    @SuppressWarnings("unused") // through ANSWERED
    private volatile long answered;
    /** Written by the flusher only (release), read by the reader (acquire). */
    @SuppressWarnings("unused") // through GENERATED
    private volatile long generated;
    /** Written once, before the state becomes CLOSED. */
    private volatile HttpClientException closeFailure;

    /**
     * @param maxInFlight how many requests may be outstanding at once, at least 1
     * @param newSlot     makes each preallocated exchange
     */
    ExchangeQueue(int maxInFlight, Supplier<HttpExchange> newSlot) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1, was " + maxInFlight);
        }
        this.maxInFlight = maxInFlight;
        // The power of two at least 2 * maxInFlight (see the class comment for why twice).
        int size = Integer.highestOneBit(2 * maxInFlight - 1) << 1;
        this.slots = new HttpExchange[size];
        this.mask = size - 1;
        for (int i = 0; i < size; i++) {
            slots[i] = newSlot.get();
        }
    }

    /**
     * Takes the next sequence number for a request; the caller then owns its slot until it
     * publishes it.
     *
     * @param last true for a request after which the connection closes ({@code Connection: close}):
     *             nothing more is admitted
     * @return the sequence number, or {@link #FULL}, {@link #REFUSED_SHUT} or {@link #REFUSED_CLOSED}
     */
    long claim(boolean last) {
        while (true) {
            long word = (long) CLAIMS.getVolatile(this);
            Admission state = state(word);
            if (state != Admission.OPEN) {
                return state == Admission.SHUT ? REFUSED_SHUT : REFUSED_CLOSED;
            }
            long claimed = word & COUNT_MASK;
            if (claimed - (long) ANSWERED.getAcquire(this) >= maxInFlight) {
                return FULL;
            }
            if (cas(word, pack(last ? Admission.SHUT : Admission.OPEN, claimed + 1))) {
                return claimed;
            }
        }
    }

    /** No more requests: the connection will close after the outstanding ones. @return claimed, now final */
    long shut() {
        while (true) {
            long word = (long) CLAIMS.getVolatile(this);
            if (state(word) != Admission.OPEN || cas(word, pack(Admission.SHUT, word & COUNT_MASK))) {
                return word & COUNT_MASK;
            }
        }
    }

    /**
     * Closes admission for good; the caller then ends every outstanding request. Call after
     * {@link #shut()}, so that {@code failure} can say how many were outstanding.
     *
     * @param failure what senders that publish from now on end their request with
     */
    void close(HttpClientException failure) {
        if (closeFailure == null) {
            closeFailure = failure;
        }
        while (true) {
            long word = (long) CLAIMS.getVolatile(this);
            if (state(word) == Admission.CLOSED || cas(word, pack(Admission.CLOSED, word & COUNT_MASK))) {
                return;
            }
        }
    }

    /** @return the failure the queue closed with, once {@link #isClosed()} */
    HttpClientException closeFailure() {
        return closeFailure;
    }

    Admission admission() {
        return state((long) CLAIMS.getVolatile(this));
    }

    boolean isClosed() {
        return admission() == Admission.CLOSED;
    }

    /** @return how many requests were ever accepted */
    long claimed() {
        return (long) CLAIMS.getVolatile(this) & COUNT_MASK;
    }

    long answered() {
        return (long) ANSWERED.getAcquire(this);
    }

    /** The reader took the response of every request before {@code count} (or found them ended). */
    void answered(long count) {
        ANSWERED.setRelease(this, count);
    }

    long generated() {
        return (long) GENERATED.getAcquire(this);
    }

    /** The flusher wrote the head of every request before {@code count}, or is about to in this write. */
    void generated(long count) {
        GENERATED.setRelease(this, count);
    }

    /** @return the slot of request {@code seq} */
    HttpExchange slot(long seq) {
        return slots[(int) (seq & mask)];
    }

    int maxInFlight() {
        return maxInFlight;
    }

    /** @return requests accepted and not yet answered */
    int outstanding() {
        return (int) (claimed() - answered());
    }

    private static Admission state(long word) {
        return STATES[(int) (word >>> STATE_SHIFT)];
    }

    private static long pack(Admission state, long claimed) {
        return (long) state.ordinal() << STATE_SHIFT | claimed;
    }

    /** The one place the claims word changes, checked against {@link #NEXT}. */
    private boolean cas(long expected, long next) {
        Admission from = state(expected);
        Admission to = state(next);
        if ((NEXT[from.ordinal()] & 1 << to.ordinal()) == 0) {
            throw new IllegalStateException(from + " !-> " + to + " is not a transition of " + this);
        }
        boolean swapped = CLAIMS.compareAndSet(this, expected, next);
        if (DEBUG && from != to) {
            LOG.log(System.Logger.Level.DEBUG, "{0} {1}{2}{3}", this, from, swapped ? "-->" : "!->", to);
        }
        return swapped;
    }

    @Override
    public String toString() {
        long word = (long) CLAIMS.getVolatile(this);
        return "ExchangeQueue@" + Integer.toHexString(hashCode()) + "[" + state(word) + ",claimed=" + (word & COUNT_MASK)
                + ",generated=" + generated() + ",answered=" + answered() + ",max=" + maxInFlight + "]";
    }
}
