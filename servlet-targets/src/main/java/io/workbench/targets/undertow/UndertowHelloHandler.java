package io.workbench.targets.undertow;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.workbench.targets.hello.HelloService;
import java.util.concurrent.Executor;

/**
 * The hello contract as an Undertow {@link HttpHandler}. The handler call itself only dispatches:
 * to the strategy's executor ({@code exchange.dispatch(executor, task)}), which runs the shared
 * handling once the call has returned, and keeps the exchange open until a write ends it.
 * <ul>
 *   <li>sync: the XNIO worker pool, whose thread sleeps the wait (the study's "Undertow Sync");</li>
 *   <li>virtual: a virtual thread per request;</li>
 *   <li>the asynchronous strategies: the same I/O thread, at once ({@code SameThreadExecutor}), which
 *       never blocks: async-complete schedules on the I/O thread, async-queue hands to the batch
 *       queue, async-dispatch to the worker pool.</li>
 * </ul>
 * Running the handling outside Undertow's call means no write or hand-off ever races with the end
 * of that call (Undertow refuses an exchange both dispatched and resumed in one call).
 */
final class UndertowHelloHandler implements HttpHandler {

    private final HelloService hello;
    private final Executor handling;
    private final Executor workers;

    /**
     * @param handling where the shared handling runs after the call
     * @param workers  the worker pool, for async-dispatch
     */
    UndertowHelloHandler(HelloService hello, Executor handling, Executor workers) {
        this.hello = hello;
        this.handling = handling;
        this.workers = workers;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.dispatch(handling, () -> hello.handle(exchange.getRequestMethod().toString(), exchange.getRequestPath(),
                emptyToNull(exchange.getQueryString()), new UndertowExchange(exchange, workers)));
    }

    private static String emptyToNull(String query) {
        return query == null || query.isEmpty() ? null : query;
    }

    @Override
    public String toString() {
        return "UndertowHelloHandler[" + hello + "]@" + Integer.toHexString(hashCode());
    }
}
