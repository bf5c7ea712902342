package io.workbench.stress.client.queue.mutant;

import static io.workbench.stress.client.queue.mutant.ExchangeQueueBug.CLAIM_READ_THEN_WRITE;
import static io.workbench.stress.client.queue.mutant.ExchangeQueueBug.CLOSED_BEFORE_FAILURE;
import static io.workbench.stress.client.queue.mutant.ExchangeQueueBug.SHUT_READ_THEN_WRITE;

import io.workbench.iocore.http.client.ExchangeQueueAccess;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpExchange;
import io.workbench.iocore.http.client.HttpExchangeAccess;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of iocore's {@code ExchangeQueue} (as of commit 68d5cfc) that is built with at most one
 * {@link ExchangeQueueBug}, for the jcstress tests in {@code io.workbench.stress.client.queue} to
 * catch. Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy of the admission machine (OPEN -> SHUT -> CLOSED in
 * the top bits of the claims word, the claimed count in the rest), the reader's answered count and
 * the ring of real {@link HttpExchange} slots; the harness runs every test against it as a
 * control. Left out are the flusher's generated count and debug logging, which no race here
 * touches. Every spot a bug changes is marked with the bug's name; each bug waits a little in its
 * gap ({@link #widen()}) so that jcstress's quick mode lands in it reliably on two cores.
 */
public final class ExchangeQueueMutant {

    private static final int OPEN = 0;
    private static final int SHUT = 1;
    private static final int CLOSED = 2;
    private static final String[] NAMES = {"OPEN", "SHUT", "CLOSED"};
    private static final int[] NEXT = {1 << OPEN | 1 << SHUT | 1 << CLOSED, 1 << CLOSED, 0};

    private static final int STATE_SHIFT = 62;
    private static final long COUNT_MASK = (1L << STATE_SHIFT) - 1;

    private static final VarHandle CLAIMS;
    private static final VarHandle ANSWERED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CLAIMS = lookup.findVarHandle(ExchangeQueueMutant.class, "claims", long.class);
            ANSWERED = lookup.findVarHandle(ExchangeQueueMutant.class, "answered", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ExchangeQueueBug bug;
    private final HttpExchange[] slots;
    private final int mask;
    private final int maxInFlight;
    @SuppressWarnings("unused") // through CLAIMS
    private volatile long claims;
    @SuppressWarnings("unused") // through ANSWERED
    private volatile long answered;
    private volatile HttpClientException closeFailure;

    /** @param bug the bug to build in; null for the faithful control copy */
    public ExchangeQueueMutant(int maxInFlight, ExchangeQueueBug bug) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1, was " + maxInFlight);
        }
        this.bug = bug;
        this.maxInFlight = maxInFlight;
        int size = Integer.highestOneBit(maxInFlight) << 1;
        this.slots = new HttpExchange[size];
        this.mask = size - 1;
        for (int i = 0; i < size; i++) {
            slots[i] = HttpExchangeAccess.newSlot();
        }
    }

    public long claim(boolean last) {
        while (true) {
            long word = (long) CLAIMS.getVolatile(this);
            int state = state(word);
            if (state != OPEN) {
                return state == SHUT ? ExchangeQueueAccess.REFUSED_SHUT : ExchangeQueueAccess.REFUSED_CLOSED;
            }
            long claimed = word & COUNT_MASK;
            if (claimed - (long) ANSWERED.getAcquire(this) >= maxInFlight) {
                return ExchangeQueueAccess.FULL;
            }
            long next = pack(last ? SHUT : OPEN, claimed + 1);
            if (bug == CLAIM_READ_THEN_WRITE) {
                // CLAIM_READ_THEN_WRITE: whatever happened to the word since the read is overwritten.
                check(word, next);
                RaceWindow.widen();
                CLAIMS.setVolatile(this, next);
                return claimed;
            }
            if (cas(word, next)) {
                return claimed;
            }
        }
    }

    public long shut() {
        while (true) {
            long word = (long) CLAIMS.getVolatile(this);
            if (state(word) != OPEN) {
                return word & COUNT_MASK;
            }
            long next = pack(SHUT, word & COUNT_MASK);
            if (bug == SHUT_READ_THEN_WRITE) {
                // SHUT_READ_THEN_WRITE: a claim between the read and the store is erased from the count.
                check(word, next);
                RaceWindow.widen();
                CLAIMS.setVolatile(this, next);
                return word & COUNT_MASK;
            }
            if (cas(word, next)) {
                return word & COUNT_MASK;
            }
        }
    }

    public void close(HttpClientException failure) {
        if (bug != CLOSED_BEFORE_FAILURE && closeFailure == null) {
            closeFailure = failure;
        }
        while (true) {
            long word = (long) CLAIMS.getVolatile(this);
            if (state(word) == CLOSED || cas(word, pack(CLOSED, word & COUNT_MASK))) {
                break;
            }
        }
        if (bug == CLOSED_BEFORE_FAILURE && closeFailure == null) {
            // CLOSED_BEFORE_FAILURE: a sender that saw CLOSED may already have read the failure.
            RaceWindow.widen();
            closeFailure = failure;
        }
    }

    public HttpClientException closeFailure() {
        return closeFailure;
    }

    public boolean isClosed() {
        return state((long) CLAIMS.getVolatile(this)) == CLOSED;
    }

    public String admission() {
        return NAMES[state((long) CLAIMS.getVolatile(this))];
    }

    public long claimed() {
        return (long) CLAIMS.getVolatile(this) & COUNT_MASK;
    }

    public long answered() {
        return (long) ANSWERED.getAcquire(this);
    }

    public HttpExchange slot(long seq) {
        return slots[(int) (seq & mask)];
    }

    private static int state(long word) {
        return (int) (word >>> STATE_SHIFT);
    }

    private static long pack(int state, long claimed) {
        return (long) state << STATE_SHIFT | claimed;
    }

    private boolean cas(long expected, long next) {
        check(expected, next);
        return CLAIMS.compareAndSet(this, expected, next);
    }

    private void check(long expected, long next) {
        if ((NEXT[state(expected)] & 1 << state(next)) == 0) {
            throw new IllegalStateException(NAMES[state(expected)] + " !-> " + NAMES[state(next)]
                    + " is not a transition of " + this);
        }
    }

    @Override
    public String toString() {
        long word = (long) CLAIMS.getVolatile(this);
        return "ExchangeQueueMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + NAMES[state(word)]
                + ",claimed=" + (word & COUNT_MASK) + ",answered=" + answered() + "]";
    }
}
