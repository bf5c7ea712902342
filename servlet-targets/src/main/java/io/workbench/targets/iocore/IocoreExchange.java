package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.server.Response;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.nio.ByteBuffer;

/**
 * One iocore request seen as a {@link HelloExchange}. It is also the callback of the response
 * write: when the write is done or failed it ends the request ({@link RequestEnd}: the completion
 * hook runs once), then completes the handler's callback, so the request counts as complete exactly
 * when iocore has written it. Every other end goes through the same {@link RequestEnd}: a stream's
 * ({@link IocoreStream}), and an abort, which fails the handler's callback (iocore answers 500 if
 * nothing was written yet, and closes the connection); whichever comes first completes iocore's
 * callback, once. iocore never ends a request its handler holds (its idle timeout spares them): a
 * request whose client went away ends when its write fails.
 */
final class IocoreExchange implements HelloExchange, Callback {

    /** The hello body, encoded once in direct memory; each response writes a view of it. */
    private static final ByteBuffer HELLO_BODY = ByteBuffer.allocateDirect(Reply.HELLO.bodyLength())
            .put(Reply.HELLO.body()).flip().asReadOnlyBuffer();
    private static final HttpField HELLO_CONTENT_TYPE = HttpField.of(HttpHeader.CONTENT_TYPE, Reply.HELLO.contentType());
    private static final HttpField STREAM_CONTENT_TYPE = HttpField.of(HttpHeader.CONTENT_TYPE, StreamBody.CONTENT_TYPE);

    private final Response response;
    private final Callback callback;
    /** The most bytes of stream chunks one write gathers. */
    private final int streamHighWater;
    private final RequestEnd end;

    /** @param end the request's end: a traced one if it carries a trace id and the target traces */
    IocoreExchange(Response response, Callback callback, int streamHighWater, RequestEnd end) {
        this.response = response;
        this.callback = callback;
        this.streamHighWater = streamHighWater;
        this.end = end;
    }

    @Override
    public void counted(Runnable whenEnded) {
        end.counted(whenEnded);
    }

    @Override
    public void send(Reply reply) {
        if (end.isEnded()) {
            return;
        }
        end.answering();
        response.setStatus(reply.status());
        ByteBuffer body;
        if (reply.isHello()) {
            response.fields().add(HELLO_CONTENT_TYPE);
            body = HELLO_BODY.duplicate();
        } else {
            response.fields().add(HttpHeader.CONTENT_TYPE, reply.contentType());
            if (reply.allow() != null) {
                response.fields().add(HttpHeader.ALLOW, reply.allow());
            }
            // Declared, not taken from the body: a head-only reply (HEAD) declares what GET would send.
            response.setContentLength(reply.contentLength());
            body = reply.body();
        }
        end.writing();
        response.write(true, body, this);
    }

    /** Fails the handler's callback: iocore answers 500 if nothing is written yet, and closes the connection. */
    @Override
    public void abort(Throwable cause) {
        if (end.end()) {
            callback.failed(cause);
        }
    }

    /** Hands the request to an {@link IocoreStream}, whose end is this exchange's. */
    @Override
    public void stream(StreamBody body, WriteMode mode) {
        if (end.isEnded()) {
            return;
        }
        end.answering();
        response.setStatus(200);
        response.fields().add(STREAM_CONTENT_TYPE);
        response.setContentLength(body.length());
        new IocoreStream(response, streamHighWater, body, this).iterate();
    }

    /** The response's write (or the stream's last) is done: its last byte was handed to the socket. */
    @Override
    public void succeeded() {
        end.handed();
        if (end.end()) {
            callback.succeeded();
        }
    }

    @Override
    public void failed(Throwable cause) {
        if (end.end()) {
            callback.failed(cause);
        }
    }

    @Override
    public InvocationType getInvocationType() {
        return callback.getInvocationType();
    }

    @Override
    public String toString() {
        return "IocoreExchange@" + Integer.toHexString(hashCode()) + "[" + end + "]";
    }
}
