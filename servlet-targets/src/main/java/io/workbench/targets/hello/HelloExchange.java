package io.workbench.targets.hello;

/**
 * One request as a server technology hands it to {@link HelloService}: the two things the shared
 * handling needs from the server, and nothing else. A server implements it once (a small object
 * per request over its own request/response/callback), so routing, counting and the strategies
 * are written once for every server.
 */
public interface HelloExchange {

    /**
     * Sends {@code reply} as the complete response of this request. May be called from any thread
     * the strategy runs on (the server's I/O thread, its scheduler, a pool thread).
     *
     * @param whenDone run exactly once when the response has been written or has failed (for
     *                 {@code /stats} counting), or null when nobody needs to know
     */
    void send(Reply reply, Runnable whenDone);

    /**
     * Runs {@code task} once after {@code delayMillis} on the server's own scheduler, without
     * blocking any thread meanwhile (Jetty's {@code Scheduler}, Netty's event loop...).
     */
    void schedule(Runnable task, long delayMillis);
}
