package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.server.Response;
import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.nio.ByteBuffer;

/**
 * The requests of one iocore connection seen as {@link HelloExchange}s, one after the other. It is
 * also the callback of the response write: when the write is done or failed it runs the
 * exchange's completion hook, then completes the handler's callback, so the request counts as
 * complete exactly when iocore has written it. iocore completes that callback exactly once, and
 * never ends a request its handler holds (its idle timeout spares them), so the hook needs no more
 * than a field, reset per request: a request allocates nothing here. Waits are scheduled on the
 * target's completion scheduler ({@link Handoffs#schedule}: one timer thread, due completions on up
 * to {@link io.workbench.targets.server.TargetSettings#completionThreads()} threads), iocore having
 * no timer of its own.
 */
final class IocoreExchange implements HelloExchange, Callback {

    /** The hello body, encoded once in direct memory; each connection writes through its own view. */
    private static final ByteBuffer HELLO_BODY = ByteBuffer.allocateDirect(Reply.HELLO.bodyLength())
            .put(Reply.HELLO.body()).flip().asReadOnlyBuffer();
    private static final HttpField HELLO_CONTENT_TYPE = HttpField.of(HttpHeader.CONTENT_TYPE, Reply.HELLO.contentType());
    private static final HttpField STREAM_CONTENT_TYPE = HttpField.of(HttpHeader.CONTENT_TYPE, StreamBody.CONTENT_TYPE);

    private final Handoffs handoffs;
    /** The most bytes of stream chunks one write gathers. */
    private final int streamHighWater;
    /** This connection's view of the hello body, rewound for each response. */
    private final ByteBuffer helloBody = HELLO_BODY.duplicate();
    private Response response;
    private Callback callback;
    private Runnable whenDone;

    IocoreExchange(Handoffs handoffs, int streamHighWater) {
        this.handoffs = handoffs;
        this.streamHighWater = streamHighWater;
    }

    /** The next request of the connection starts. */
    void begin(Response response, Callback callback) {
        this.response = response;
        this.callback = callback;
        this.whenDone = null;
    }

    @Override
    public void counted(Runnable whenEnded) {
        this.whenDone = whenEnded;
    }

    @Override
    public void send(Reply reply) {
        response.setStatus(reply.status());
        ByteBuffer body;
        if (reply.isHello()) {
            response.fields().add(HELLO_CONTENT_TYPE);
            body = helloBody.clear();
        } else {
            response.fields().add(HttpHeader.CONTENT_TYPE, reply.contentType());
            if (reply.allow() != null) {
                response.fields().add(HttpHeader.ALLOW, reply.allow());
            }
            // Declared, not taken from the body: a head-only reply (HEAD) declares what GET would send.
            response.setContentLength(reply.contentLength());
            body = reply.body();
        }
        response.write(true, body, this);
    }

    @Override
    public void schedule(Runnable task, long delayMillis) {
        handoffs.schedule(task, delayMillis);
    }

    /**
     * Hands the request to an {@link IocoreStream}, which writes the body and completes the
     * handler's callback itself: the exchange is free for the connection's next request.
     */
    @Override
    public void stream(StreamBody body, WriteMode mode) {
        Response streaming = response;
        Callback handlerCallback = callback;
        Runnable whenDone = this.whenDone;
        response = null;
        callback = null;
        this.whenDone = null;
        streaming.setStatus(200);
        streaming.fields().add(STREAM_CONTENT_TYPE);
        streaming.setContentLength(body.length());
        new IocoreStream(streaming, streamHighWater, body, whenDone, handlerCallback).iterate();
    }

    @Override
    public void succeeded() {
        done().succeeded();
    }

    @Override
    public void failed(Throwable cause) {
        done().failed(cause);
    }

    /** Runs the completion hook and forgets the request; @return the handler's callback, to complete last */
    private Callback done() {
        Runnable hook = whenDone;
        Callback next = callback;
        whenDone = null;
        callback = null;
        response = null;
        if (hook != null) {
            hook.run();
        }
        return next;
    }

    @Override
    public InvocationType getInvocationType() {
        Callback next = callback;
        return next == null ? InvocationType.NON_BLOCKING : next.getInvocationType();
    }

    @Override
    public String toString() {
        return "IocoreExchange@" + Integer.toHexString(hashCode()) + "[" + response + "]";
    }
}
