package io.workbench.iocore.http.client;

/**
 * The stress module's window on the package-private life of an {@link HttpExchange} slot: it lives
 * in the exchange's package (on the classpath, so the split package is allowed) and forwards the
 * calls the connection and its queue make, unchanged, so that the jcstress tests in
 * {@code io.workbench.stress.client} drive real slots exactly as {@link HttpClientConnection}
 * does. The request fields a test does not look at are given fixed values.
 */
public final class HttpExchangeAccess {

    private static final HttpRequest REQUEST = HttpRequest.get("/");

    private HttpExchangeAccess() {
    }

    /** A fresh slot that holds no request, as {@link ExchangeQueue} preallocates them (no connection behind it). */
    public static HttpExchange newSlot() {
        return new HttpExchange(null);
    }

    /** The claiming thread fills the slot for request {@code seq}, with no timeout. */
    public static void prepare(HttpExchange slot, long seq, HttpResponseListener listener) {
        slot.prepare(seq, REQUEST, listener, seq, 0L, 0L);
    }

    public static void publish(HttpExchange slot, long seq) {
        slot.publish(seq);
    }

    public static boolean isActive(HttpExchange slot, long seq) {
        return slot.isActive(seq);
    }

    public static boolean succeed(HttpExchange slot, long seq) {
        return slot.succeed(seq, 0L);
    }

    public static boolean fail(HttpExchange slot, long seq, HttpClientException cause) {
        return slot.fail(seq, cause, 0L);
    }
}
