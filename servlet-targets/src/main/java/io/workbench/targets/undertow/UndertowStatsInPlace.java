package io.workbench.targets.undertow;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.workbench.targets.hello.HelloService;

/**
 * In front of both Undertow targets' handlers, on the I/O thread that parsed the request:
 * {@code GET} and {@code HEAD /stats} are answered here and now ({@link HelloService#answeredInPlace}),
 * everything else goes on to the target's handler, which dispatches it where its strategy runs it
 * (the worker pool, a virtual thread, the servlet container). So {@code /stats} answers while every
 * worker sleeps, as in the concurrency-level scenario, and costs no dispatch.
 */
final class UndertowStatsInPlace implements HttpHandler {

    private final HelloService hello;
    private final HttpHandler next;

    UndertowStatsInPlace(HelloService hello, HttpHandler next) {
        this.hello = hello;
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (hello.answeredInPlace(exchange.getRequestMethod().toString(), exchange.getRequestPath())) {
            UndertowHelloHandler.handle(hello, exchange);
        } else {
            next.handleRequest(exchange);
        }
    }

    @Override
    public String toString() {
        return "UndertowStatsInPlace[" + next + "]";
    }
}
