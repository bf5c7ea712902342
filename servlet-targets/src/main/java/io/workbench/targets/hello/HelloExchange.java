package io.workbench.targets.hello;

/**
 * One request as a server technology hands it to {@link HelloService}: the few things the shared
 * handling needs from the server, and nothing else. A server implements it once (a small object
 * per request over its own request/response/callback), so routing, counting and the strategies
 * are written once for every server.
 *
 * <p>The first three methods and {@link #stream} are all a native, asynchronous-by-nature server
 * needs: the strategies keep their waits on the target's own timer and hand requests to the
 * target's own pools ({@link Handoffs}), the same on every server. The others are the Servlet
 * API's hand-offs ({@code startAsync()}, {@code AsyncContext.dispatch()}, {@code AsyncContext.start()},
 * the {@code WriteListener}); their defaults say what they mean for a server whose handler is
 * asynchronous by nature, and a server that cannot do one does not offer the strategies that need it.
 */
public interface HelloExchange {

    /**
     * This request is counted in {@code /stats}: run {@code whenEnded} exactly once when it ends,
     * however it ends: its response written or failed, or the server ending it first (an idle
     * timeout, a closed connection, a container that ends the asynchronous cycle itself). Called at
     * most once, by {@link HelloService} on the handling thread as soon as it counts the request,
     * before any strategy runs; a request that is not counted ({@code /stats}, a 404) never gets it.
     * A server keeps it in a {@link RequestEnd}.
     */
    void counted(Runnable whenEnded);

    /**
     * Sends {@code reply} as the complete response of this request. May be called from any thread
     * the strategy runs on (the server's I/O thread, the wait timer, a pool thread). If the request
     * has ended already (the server ended it first), there is nothing to write to: it does nothing.
     */
    void send(Reply reply);

    /**
     * The handler gives up on this request: something it ran threw, a pool refused the task, or the
     * target is stopping with the request still waiting. The request ends now, through the same one
     * end as a response (its completion hook runs once, if it has not already), and the server is
     * told in its own way: its callback failed (iocore, Jetty's core handler), the connection closed
     * (Netty, Undertow's handler), a 500 or the asynchronous cycle completed (a servlet container).
     * Any thread; nothing more is written for the request afterwards. Does nothing if it has ended.
     */
    void abort(Throwable cause);

    /**
     * As {@link #send(Reply)}, written the way {@code mode} says. Only servlet containers tell the
     * modes apart; the default ignores the mode.
     */
    default void send(Reply reply, WriteMode mode) {
        send(reply);
    }

    /**
     * Detaches the request from the thread that handles it, so that the handler may return and the
     * response be sent later from any thread ({@code request.startAsync()}; for Undertow's handlers,
     * a dispatch that keeps the exchange open). Called at most once, on the handling thread. The
     * default does nothing: iocore's, Jetty's core and Netty's handlers are asynchronous by nature.
     */
    default void startAsync() {
    }

    /**
     * Runs {@code task} on a thread of the server's own pool, one that may block
     * ({@code AsyncContext.dispatch()} for a servlet container, the worker pool for Undertow's and
     * Jetty's handlers). Only called after {@link #startAsync()}.
     *
     * @throws UnsupportedOperationException if the server has no such pool (it does not offer async-dispatch)
     */
    default void dispatch(Runnable task) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot dispatch to a container thread");
    }

    /**
     * Runs {@code task} on a thread of the container, the request staying asynchronous
     * ({@code AsyncContext.start()}): where write-listener sets its {@code WriteListener} once a wait
     * is over. Only called after {@link #startAsync()}.
     *
     * @throws UnsupportedOperationException if the server is not a servlet container (it does not offer write-listener)
     */
    default void resume(Runnable task) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no AsyncContext.start()");
    }

    /**
     * Sends {@code 200 application/octet-stream} with {@code body} ({@code Content-Length} set), as
     * fast as the client reads, in the server's own way: iocore and Jetty through an iterating
     * callback over their asynchronous writes, Netty driven by channel writability, Undertow by its
     * sink channel's write listener, a servlet container as {@code mode} says (blocking
     * {@code ServletOutputStream.write}, or a {@code WriteListener}). Each written piece is reported
     * through {@link StreamBody#advance(int)}. The stream's end (written whole, or failed) ends the
     * request; if the request has ended already, it does nothing.
     */
    void stream(StreamBody body, WriteMode mode);
}
