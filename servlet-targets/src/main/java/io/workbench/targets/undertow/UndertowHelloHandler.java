package io.workbench.targets.undertow;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.trace.TraceHeader;
import io.workbench.targets.trace.TraceRecorder;
import java.util.concurrent.Executor;

/**
 * The hello contract as an Undertow {@link HttpHandler}, behind {@link UndertowStatsInPlace} (which
 * answers {@code /stats} on the I/O thread). The handler call itself only dispatches: to the
 * strategy's executor ({@code exchange.dispatch(executor, task)}), which runs the shared handling
 * once the call has returned, and keeps the exchange open until a write ends it.
 * <ul>
 *   <li>sync: the XNIO worker pool, whose thread sleeps the wait (the study's "Undertow Sync");</li>
 *   <li>virtual: a virtual thread per request;</li>
 *   <li>in-place and the asynchronous strategies: the same I/O thread, at once
 *       ({@code SameThreadExecutor}), which never blocks: in-place answers there, async-complete hands
 *       the request to the fork-join pool, async-queue to the batch queue, async-dispatch to the
 *       worker pool.</li>
 * </ul>
 * Running the handling outside Undertow's call means no write or hand-off ever races with the end
 * of that call (Undertow refuses an exchange both dispatched and resumed in one call).
 */
final class UndertowHelloHandler implements HttpHandler {

    private final HelloService hello;
    private final Executor handling;

    /** @param handling where the shared handling runs after the call */
    UndertowHelloHandler(HelloService hello, Executor handling) {
        this.hello = hello;
        this.handling = handling;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.dispatch(handling, () -> handle(hello, exchange));
    }

    /**
     * Hands {@code exchange} to {@code hello} through an {@link UndertowExchange}, on the calling
     * thread; whatever the shared handling throws aborts the request (it ends, counted once, and the
     * connection closes).
     */
    static void handle(HelloService hello, HttpServerExchange exchange) {
        TraceRecorder tracing = hello.tracing();
        long traceId = tracing == null ? TraceHeader.NONE : TraceHeader.id(exchange.getRequestHeaders().getFirst(TraceHeader.NAME));
        RequestEnd end = traceId < 0 ? new RequestEnd() : tracing.traced(traceId, Math.max(0, exchange.getRequestStartTime()));
        UndertowExchange answering = new UndertowExchange(exchange, end);
        try {
            hello.handle(exchange.getRequestMethod().toString(), exchange.getRequestPath(),
                    emptyToNull(exchange.getQueryString()), answering);
        } catch (Throwable failed) {
            answering.abort(failed);
        }
    }

    private static String emptyToNull(String query) {
        return query == null || query.isEmpty() ? null : query;
    }

    @Override
    public String toString() {
        return "UndertowHelloHandler[" + hello + "]@" + Integer.toHexString(hashCode());
    }
}
