package io.workbench.iocore.http.client;

import java.nio.ByteBuffer;

/**
 * Hears what becomes of one request sent with
 * {@link HttpClientConnection#send(HttpRequest, HttpResponseListener, long)}: the allocation-free
 * form, for a load generator. One listener may serve every request (the exchange says which one
 * it is, and the caller's tag travels with it).
 *
 * <p>{@link #onComplete} is called exactly once per accepted request. Before it, for a response
 * that arrives, {@link #onHead} once and {@link #onContent} for each piece of the body, in that
 * order, all from the thread that reads the connection. Every method runs on a selector thread
 * (or, for a request that fails as it is sent, on the sending thread) and must not block; it may
 * send the next request. The exchange and everything read from it are valid only during the call:
 * the connection reuses the exchange for a later request once the call returns.
 */
@FunctionalInterface
public interface HttpResponseListener {

    /**
     * The head of the final response arrived (interim 1xx responses are skipped): the status and
     * {@link HttpExchange#fields()} can be read now and until {@link #onComplete} returns.
     */
    default void onHead(HttpExchange exchange) {
    }

    /**
     * A piece of the body, without any chunked framing: a read-only view of the connection's input
     * buffer, not a copy, valid only during this call. The default drops it, which costs nothing;
     * {@link HttpExchange#contentBytes()} counts the bytes either way.
     */
    default void onContent(HttpExchange exchange, ByteBuffer content) {
    }

    /**
     * Whether {@link #onContent} is to be called: false to have the body only counted
     * ({@link HttpExchange#contentBytes()}), as a load generator does. The parser then steps over
     * each piece by its length and no listener is called per piece. Asked once per request, when
     * it is sent; true by default.
     */
    default boolean wantsContent() {
        return true;
    }

    /**
     * The request is over, exactly once: {@link HttpExchange#isSucceeded()} with a complete
     * response, or {@link HttpExchange#failure()} says why not.
     */
    void onComplete(HttpExchange exchange);
}
