package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.server.Handler;
import io.workbench.iocore.http.server.HttpConnection;
import io.workbench.iocore.http.server.Request;
import io.workbench.iocore.http.server.Response;
import io.workbench.targets.hello.HelloService;
import java.util.concurrent.Executor;

/**
 * The hello contract as an iocore {@link Handler}: every request goes to {@link HelloService}
 * through the {@link IocoreExchange} of its connection, made on the connection's first request and
 * reused for the next ones (a connection hands its requests over one at a time), so that a request
 * allocates nothing here.
 *
 * <p>It is {@code NON_BLOCKING}: iocore reads requests and calls it in place on the selector thread.
 * For the strategies that sleep (sync, virtual) it hands each request to {@code dispatcher}, the
 * server's worker pool, except {@code GET} and {@code HEAD /stats} ({@link HelloService#answeredInPlace}),
 * answered in place: iocore decides where a handler runs from its one declared invocation type, and
 * a {@code BLOCKING} handler would have every request, {@code /stats} too, read and handled on a
 * worker, which waits in the pool's queue while every worker sleeps.
 */
final class IocoreHelloHandler implements Handler {

    private final HelloService hello;
    private final Executor dispatcher;
    /** The most bytes of stream chunks one write gathers. */
    private final int streamHighWater;

    /**
     * @param dispatcher      where a request that may sleep runs, or null to handle every request in place
     * @param streamHighWater the most bytes of {@code /stream} chunks one write gathers
     */
    IocoreHelloHandler(HelloService hello, Executor dispatcher, int streamHighWater) {
        this.hello = hello;
        this.dispatcher = dispatcher;
        this.streamHighWater = streamHighWater;
    }

    @Override
    public void handle(Request request, Response response, Callback callback) {
        HttpConnection connection = request.getConnection();
        IocoreExchange exchange = (IocoreExchange) connection.getAttachment();
        if (exchange == null) {
            exchange = new IocoreExchange(hello.handoffs(), streamHighWater);
            connection.setAttachment(exchange);
        }
        exchange.begin(response, callback);
        String method = request.method().name();
        String path = request.path();
        if (dispatcher == null || hello.answeredInPlace(method, path)) {
            hello.handle(method, path, request.query(), exchange);
            return;
        }
        IocoreExchange dispatched = exchange;
        String query = request.query();
        dispatcher.execute(() -> {
            try {
                hello.handle(method, path, query, dispatched);
            } catch (RuntimeException failed) {
                callback.failed(failed);
            }
        });
    }

    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public String toString() {
        return "IocoreHelloHandler[" + (dispatcher == null ? "in place" : "dispatched") + "," + hello + "]@"
                + Integer.toHexString(hashCode());
    }
}
