package io.workbench.targets.undertow;

import io.undertow.io.IoCallback;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.nio.ByteBuffer;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One Undertow request seen as a {@link HelloExchange}. {@link UndertowHelloHandler} runs the
 * shared handling after Undertow's handler call has returned (dispatched), so the exchange stays
 * open until a write here ends it, and any thread may write: the reply goes through the
 * exchange's {@code Sender} with {@link IoCallback#END_EXCHANGE}, a stream through
 * {@link UndertowStream}. Waits are scheduled on the connection's own I/O thread
 * ({@code XnioIoThread.executeAfter}); async-dispatch hands the request to the XNIO worker pool.
 *
 * <p>A counted response is finished when Undertow reports the exchange complete (an exchange
 * completion listener), or when a stream fails and closes the connection, whichever comes first.
 */
final class UndertowExchange implements HelloExchange {

    private final HttpServerExchange exchange;
    private final Executor workers;
    private final AtomicBoolean done = new AtomicBoolean();
    private Runnable whenDone;

    UndertowExchange(HttpServerExchange exchange, Executor workers) {
        this.exchange = exchange;
        this.workers = workers;
    }

    @Override
    public void send(Reply reply, Runnable whenDone) {
        onEnd(whenDone);
        exchange.setStatusCode(reply.status());
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, reply.contentType());
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, reply.contentLength());
        if (reply.allow() != null) {
            exchange.getResponseHeaders().put(Headers.ALLOW, reply.allow());
        }
        ByteBuffer body = reply.body();
        exchange.getResponseSender().send(body, IoCallback.END_EXCHANGE);
    }

    @Override
    public void schedule(Runnable task, long delayMillis) {
        exchange.getIoThread().executeAfter(task, delayMillis, TimeUnit.MILLISECONDS);
    }

    /** async-dispatch: the XNIO worker pool, whose threads may sleep. */
    @Override
    public void dispatch(Runnable task) {
        workers.execute(task);
    }

    @Override
    public void stream(StreamBody body, WriteMode mode, Runnable whenDone) {
        onEnd(whenDone);
        exchange.setStatusCode(200);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, StreamBody.CONTENT_TYPE);
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, body.length());
        new UndertowStream(exchange, body, this::finished).start();
    }

    private void onEnd(Runnable hook) {
        this.whenDone = hook;
        exchange.addExchangeCompleteListener((ended, next) -> {
            finished();
            next.proceed();
        });
    }

    /** Runs the completion hook once, whoever sees the end first. */
    private void finished() {
        Runnable hook = whenDone;
        if (done.compareAndSet(false, true) && hook != null) {
            hook.run();
        }
    }

    @Override
    public String toString() {
        return "UndertowExchange@" + Integer.toHexString(hashCode()) + "[" + exchange.getRequestPath() + "]";
    }
}
