package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
import java.util.concurrent.Executor;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The first handler of both Jetty targets, declared non-blocking so that Jetty reads requests and
 * calls it on the selector thread: {@code GET} and {@code HEAD /stats} are answered here and now
 * ({@link HelloService#answeredInPlace}); every other request goes on to the target's handler, in
 * place when that handler never blocks (the asynchronous strategies of {@code jetty-handler}), or
 * handed to the thread that may block ({@code dispatcher}: the {@code QueuedThreadPool}, or its
 * virtual threads) when it does (the sleeping strategies, and every servlet).
 *
 * <p>Why: Jetty decides where to run a request from the invocation type of the whole handler tree,
 * not per request. With a blocking tree it reads and handles every request on a pool thread, so
 * while every pool thread sleeps (the concurrency-level scenario) {@code /stats} waited for one,
 * and a poll timed out. Here only the dispatch is ours; it is the one Jetty made for a blocking
 * handler (the request, parsed, handed to a pool thread), made after {@code /stats} was answered.
 */
final class JettyStatsInPlace extends Handler.Wrapper {

    private final HelloService hello;
    private final Executor pool;
    private final Executor dispatcher;

    /**
     * @param pool       the server's pool, for the {@link JettyExchange} of {@code /stats}
     * @param dispatcher where a request for {@code next} runs, or null to call {@code next} in place
     */
    JettyStatsInPlace(HelloService hello, Executor pool, Executor dispatcher, Handler next) {
        super(next);
        this.hello = hello;
        this.pool = pool;
        this.dispatcher = dispatcher;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (hello.answeredInPlace(request.getMethod(), Request.getPathInContext(request))) {
            JettyHelloHandler.handle(hello, pool, request, response, callback);
            return true;
        }
        Handler next = getHandler();
        if (dispatcher == null) {
            return next.handle(request, response, callback);
        }
        try {
            dispatcher.execute(() -> {
                try {
                    if (!next.handle(request, response, callback)) {
                        Response.writeError(request, response, callback, 404);
                    }
                } catch (Throwable failure) {
                    callback.failed(failure);
                }
            });
        } catch (RuntimeException refused) {
            callback.failed(refused);
        }
        return true;
    }

    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public String toString() {
        return "JettyStatsInPlace[" + (dispatcher == null ? "in place" : "dispatched") + "," + getHandler() + "]@"
                + Integer.toHexString(hashCode());
    }
}
