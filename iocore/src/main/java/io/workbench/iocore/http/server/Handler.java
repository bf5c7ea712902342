package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable;

/**
 * What an {@link HttpServer} does with each request.
 *
 * <p>{@link #handle} is called once per request, with the complete request (its content, if any,
 * already read), a response to fill in, and a callback to complete once the exchange is over.
 * The handler may return at once and complete the callback later from any thread (a scheduler,
 * another connection, a pool): the connection waits, without holding a thread, and reads nothing
 * more from that client meanwhile. Typically the handler passes the callback to the last
 * {@link Response#write}, so that it completes when the response has been written:
 *
 * <pre>
 *   response.setStatus(200);
 *   response.fields().add(TEXT_PLAIN);
 *   response.write(true, body, callback);
 * </pre>
 *
 * <p>Completing the callback with {@code succeeded()} before the last write sends what is missing
 * (the head, the end of a chunked body); {@code failed(x)} answers 500 if nothing was sent yet and
 * closes the connection either way. Complete it exactly once; a handler that throws from
 * {@code handle()} must not complete it (the server fails it).
 *
 * <p>The {@linkplain #getInvocationType() invocation type} says where the server may call the
 * handler: a {@code NON_BLOCKING} handler runs in place on the selector thread that read the
 * request, with no thread hop; a {@code BLOCKING} one (the default) on the server's worker pool.
 * The completions of its response writes run under the same rule.
 *
 * <p>{@link Request} and {@link Response} are reused for the next request on the connection: they
 * are valid until the callback is completed, and not after.
 */
public interface Handler extends Invocable {

    /**
     * Handles one request.
     *
     * @param request  the request, valid until {@code callback} completes
     * @param response the response to write, valid until {@code callback} completes
     * @param callback complete it exactly once, from any thread, when the exchange is over
     */
    void handle(Request request, Response response, Callback callback) throws Exception;

    /**
     * @return true if the handler wants to know when each request began
     *         ({@link Request#beginNanos()}): the connection then reads the clock once per read that
     *         brings bytes; false (the default) costs nothing
     */
    default boolean wantsBeginNanos() {
        return false;
    }
}
