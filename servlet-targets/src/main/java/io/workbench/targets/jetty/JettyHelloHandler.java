package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.trace.TraceHeader;
import io.workbench.targets.trace.TraceRecorder;
import java.util.concurrent.Executor;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The hello contract as a Jetty 12 core handler: every request goes to {@link HelloService} through
 * a {@link JettyExchange}, and the handler returns {@code true} at once; Jetty's {@link Callback}
 * completes the request when the exchange has written the response, whenever the strategy decides.
 * It never blocks by itself; where it runs is {@link JettyStatsInPlace}'s choice, in front of it: in
 * place on the selector thread, or on a thread that may sleep for the strategies that sleep.
 * Whatever the shared handling throws aborts the request ({@link JettyExchange#abort}): it ends,
 * counted once, and Jetty's callback fails (a 500 if nothing was written).
 */
final class JettyHelloHandler extends Handler.Abstract.NonBlocking {

    private final HelloService hello;
    private final Executor pool;

    /** @param pool the server's pool: async-dispatch's threads that sleep */
    JettyHelloHandler(HelloService hello, Executor pool) {
        this.hello = hello;
        this.pool = pool;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        handle(hello, pool, request, response, callback);
        return true;
    }

    /** Hands one request to {@code hello} through a {@link JettyExchange}, on the calling thread. */
    static void handle(HelloService hello, Executor pool, Request request, Response response, Callback callback) {
        TraceRecorder tracing = hello.tracing();
        long traceId = tracing == null ? TraceHeader.NONE : TraceHeader.id(request.getHeaders().get(TraceHeader.NAME));
        RequestEnd end = traceId < 0 ? new RequestEnd() : tracing.traced(traceId, request.getBeginNanoTime());
        JettyExchange exchange = new JettyExchange(response, callback, pool, end);
        try {
            hello.handle(request.getMethod(), Request.getPathInContext(request), request.getHttpURI().getQuery(), exchange);
        } catch (Throwable failed) {
            exchange.abort(failed);
        }
    }

    @Override
    public String toString() {
        return "JettyHelloHandler[" + hello + "]@" + Integer.toHexString(hashCode());
    }
}
