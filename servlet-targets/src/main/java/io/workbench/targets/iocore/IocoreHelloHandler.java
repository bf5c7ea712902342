package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.server.Handler;
import io.workbench.iocore.http.server.Request;
import io.workbench.iocore.http.server.Response;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.trace.TraceHeader;
import io.workbench.targets.trace.TraceRecorder;
import java.util.concurrent.Executor;

/**
 * The hello contract as an iocore {@link Handler}: every request goes to {@link HelloService}
 * through an {@link IocoreExchange} of its own.
 *
 * <p>It is {@code NON_BLOCKING}: iocore reads requests and calls it in place on the selector thread.
 * For the strategies that sleep (sync, virtual) it hands each request to {@code dispatcher} (the
 * target's worker pool, or a virtual thread), except {@code GET} and {@code HEAD /stats}
 * ({@link HelloService#answeredInPlace}), answered in place: iocore decides where a handler runs from
 * its one declared invocation type, and a {@code BLOCKING} handler would have every request,
 * {@code /stats} too, read and handled on a worker, which waits in the pool's queue while every
 * worker sleeps.
 *
 * <p>Whatever the shared handling throws, on the selector or on the worker, aborts the request
 * ({@link IocoreExchange#abort}): it ends, counted once, and iocore answers 500.
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
        TraceRecorder tracing = hello.tracing();
        long traceId = tracing == null ? TraceHeader.NONE : TraceHeader.id(request.fields().get(TraceHeader.NAME));
        RequestEnd end = traceId < 0 ? new RequestEnd() : tracing.traced(traceId, request.beginNanos());
        IocoreExchange exchange = new IocoreExchange(response, callback, streamHighWater, end);
        String method = request.method().name();
        String path = request.path();
        String query = request.query();
        if (dispatcher == null || hello.answeredInPlace(method, path)) {
            handle(method, path, query, exchange);
            return;
        }
        try {
            dispatcher.execute(() -> handle(method, path, query, exchange));
        } catch (RuntimeException refused) {
            // The pool has stopped: the target is stopping.
            exchange.abort(refused);
        }
    }

    private void handle(String method, String path, String query, IocoreExchange exchange) {
        try {
            hello.handle(method, path, query, exchange);
        } catch (Throwable failed) {
            exchange.abort(failed);
        }
    }

    /** With tracing on, iocore notes when each request's first bytes were read ({@link Request#beginNanos()}). */
    @Override
    public boolean wantsBeginNanos() {
        return hello.tracing() != null;
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
