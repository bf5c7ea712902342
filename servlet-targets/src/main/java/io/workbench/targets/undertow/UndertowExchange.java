package io.workbench.targets.undertow;

import io.undertow.io.IoCallback;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.HttpDate;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.nio.ByteBuffer;
import org.xnio.IoUtils;

/**
 * One Undertow request seen as a {@link HelloExchange}. {@link UndertowHelloHandler} runs the
 * shared handling after Undertow's handler call has returned (dispatched), so the exchange stays
 * open until a write here ends it, and any thread may write: the reply goes through the
 * exchange's {@code Sender} with {@link IoCallback#END_EXCHANGE}, a stream through
 * {@link UndertowStream}. Waits are kept by the target's wait timer, as on every server;
 * async-dispatch hands the request to the XNIO worker pool.
 *
 * <p>A counted request ends ({@link RequestEnd}) when Undertow reports the exchange complete (an
 * exchange completion listener, added when the request is counted, so that it also hears an
 * exchange Undertow ends itself when the connection closes), or when a stream fails and closes the
 * connection, or when the handler aborts it (the connection is closed), whichever comes first.
 * Nothing is written for an exchange that has ended.
 */
final class UndertowExchange implements HelloExchange {

    private final HttpServerExchange exchange;
    private final RequestEnd end;

    /** @param end the request's end: a traced one if it carries a trace id and the target traces */
    UndertowExchange(HttpServerExchange exchange, RequestEnd end) {
        this.exchange = exchange;
        this.end = end;
    }

    /** Also on the handling thread, before any hand-off: the exchange has not been ended by us yet. */
    @Override
    public void counted(Runnable whenEnded) {
        end.counted(whenEnded);
        if (exchange.isComplete()) {
            end.end();
            return;
        }
        try {
            exchange.addExchangeCompleteListener((ended, next) -> {
                // Undertow completes an exchange once its response is written and flushed (or its connection closed).
                end.handed();
                end.end();
                next.proceed();
            });
        } catch (IllegalStateException completedMeanwhile) {
            end.end();
        }
    }

    @Override
    public void send(Reply reply) {
        if (end.isEnded() || exchange.isComplete()) {
            return;
        }
        end.answering();
        try {
            exchange.setStatusCode(reply.status());
            // Dated now, and first, as every target's head is (Undertow would date it last).
            exchange.getResponseHeaders().put(Headers.DATE, HttpDate.now());
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, reply.contentType());
            exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, reply.contentLength());
            if (reply.allow() != null) {
                exchange.getResponseHeaders().put(Headers.ALLOW, reply.allow());
            }
            ByteBuffer body = reply.body();
            end.writing();
            exchange.getResponseSender().send(body, IoCallback.END_EXCHANGE);
        } catch (IllegalStateException endedMeanwhile) {
            // Undertow ended the exchange between the check and the write (the connection closed).
            end.end();
        }
    }

    /** Ends the request and closes the connection: nothing more is written for it. */
    @Override
    public void abort(Throwable cause) {
        end.end();
        IoUtils.safeClose(exchange.getConnection());
    }

    /** async-dispatch: the connection's XNIO worker pool, whose threads may sleep. */
    @Override
    public void dispatch(Runnable task) {
        exchange.getConnection().getWorker().execute(task);
    }

    @Override
    public void stream(StreamBody body, WriteMode mode) {
        if (end.isEnded() || exchange.isComplete()) {
            return;
        }
        end.answering();
        exchange.setStatusCode(200);
        exchange.getResponseHeaders().put(Headers.DATE, HttpDate.now());
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, StreamBody.CONTENT_TYPE);
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, body.length());
        new UndertowStream(exchange, body, end::end).start();
    }

    @Override
    public String toString() {
        return "UndertowExchange@" + Integer.toHexString(hashCode()) + "[" + exchange.getRequestPath() + "," + end + "]";
    }
}
