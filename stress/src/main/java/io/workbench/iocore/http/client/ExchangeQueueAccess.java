package io.workbench.iocore.http.client;

/**
 * The stress module's window on iocore's package-private {@link ExchangeQueue}: it lives in the
 * queue's package (on the classpath, so the split package is allowed) and forwards each call the
 * connection makes, unchanged, so that the jcstress tests in {@code io.workbench.stress.client.queue}
 * drive the real queue exactly as {@link HttpClientConnection} does. Nothing else is exposed.
 */
public final class ExchangeQueueAccess {

    /** What {@link #claim} returns instead of a sequence number, as in {@link ExchangeQueue}. */
    public static final long FULL = ExchangeQueue.FULL;
    public static final long REFUSED_SHUT = ExchangeQueue.REFUSED_SHUT;
    public static final long REFUSED_CLOSED = ExchangeQueue.REFUSED_CLOSED;

    private final ExchangeQueue queue;

    /** A queue of real slots ({@link HttpExchangeAccess#newSlot()}), as a connection makes it. */
    public ExchangeQueueAccess(int maxInFlight) {
        this.queue = new ExchangeQueue(maxInFlight, HttpExchangeAccess::newSlot);
    }

    public long claim(boolean last) {
        return queue.claim(last);
    }

    public long shut() {
        return queue.shut();
    }

    public void close(HttpClientException failure) {
        queue.close(failure);
    }

    public boolean isClosed() {
        return queue.isClosed();
    }

    public HttpClientException closeFailure() {
        return queue.closeFailure();
    }

    public long claimed() {
        return queue.claimed();
    }

    public long answered() {
        return queue.answered();
    }

    public HttpExchange slot(long seq) {
        return queue.slot(seq);
    }

    /** @return OPEN, SHUT or CLOSED */
    public String admission() {
        return queue.admission().name();
    }
}
