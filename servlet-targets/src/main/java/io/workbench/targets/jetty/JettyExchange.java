package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.nio.ByteBuffer;
import java.util.concurrent.Executor;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * One Jetty request seen as a {@link HelloExchange}. It is also the {@link Callback} of the
 * response write: when Jetty reports the write finished or failed, it ends the request
 * ({@link RequestEnd}: the completion hook runs once), then completes Jetty's own request callback,
 * so the request is counted complete exactly when Jetty considers it done. Every other end goes
 * through the same {@link RequestEnd}: a stream's ({@link JettyStream}), and an abort, which fails
 * Jetty's callback (Jetty answers 500 if nothing was written); whichever comes first completes
 * Jetty's callback, once. (Jetty does not end a request its handler holds; a request whose
 * connection failed meanwhile ends when the write it is finally given fails.)
 */
final class JettyExchange implements HelloExchange, Callback {

    /** The hello body and its headers, encoded once; each response writes a view of them. */
    private static final ByteBuffer HELLO_BODY = ByteBuffer.allocateDirect(Reply.HELLO.bodyLength())
            .put(Reply.HELLO.body()).flip().asReadOnlyBuffer();
    private static final PreEncodedHttpField HELLO_CONTENT_TYPE = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, Reply.HELLO.contentType());
    private static final PreEncodedHttpField HELLO_CONTENT_LENGTH = new PreEncodedHttpField(HttpHeader.CONTENT_LENGTH, Reply.HELLO.bodyLength());
    private static final PreEncodedHttpField STREAM_CONTENT_TYPE = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, StreamBody.CONTENT_TYPE);

    private final Response response;
    private final Callback requestCallback;
    private final Executor pool;
    private final RequestEnd end;

    /**
     * @param pool the server's pool, where async-dispatch's thread sleeps
     * @param end  the request's end: a traced one if it carries a trace id and the target traces
     */
    JettyExchange(Response response, Callback requestCallback, Executor pool, RequestEnd end) {
        this.response = response;
        this.requestCallback = requestCallback;
        this.pool = pool;
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
        if (reply.isHello()) {
            // GET or HEAD: no content to drain, and the hot path.
            write(reply, true);
        } else {
            JettyContentDrain.drain(response.getRequest(), all -> write(reply, all));
        }
    }

    /** @param persistent false if request content was left unread: the response says the connection closes */
    private void write(Reply reply, boolean persistent) {
        response.setStatus(reply.status());
        HttpFields.Mutable headers = response.getHeaders();
        dateNow(headers);
        ByteBuffer body;
        if (reply.isHello()) {
            headers.add(HELLO_CONTENT_TYPE);
            headers.add(HELLO_CONTENT_LENGTH);
            body = HELLO_BODY.slice();
        } else {
            headers.add(HttpHeader.CONTENT_TYPE, reply.contentType());
            headers.add(HttpHeader.CONTENT_LENGTH, reply.contentLength());
            if (reply.allow() != null) {
                headers.add(HttpHeader.ALLOW, reply.allow());
            }
            if (!persistent) {
                headers.put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
            }
            body = reply.body();
        }
        end.writing();
        response.write(true, body, this);
    }

    /**
     * Jetty put its {@code Date} first when the request arrived; after a wait it is replaced, in its
     * place, by the time the response is made (as every other target dates its responses).
     */
    private void dateNow(HttpFields.Mutable headers) {
        Request request = response.getRequest();
        headers.put(request.getConnectionMetaData().getConnector().getServer().getDateField());
    }

    /** async-dispatch: the server's own thread pool, whose threads may sleep. */
    @Override
    public void dispatch(Runnable task) {
        pool.execute(task);
    }

    /** Fails Jetty's request callback: Jetty answers 500 if nothing was written, or aborts the response. */
    @Override
    public void abort(Throwable cause) {
        if (end.end()) {
            requestCallback.failed(cause);
        }
    }

    @Override
    public void stream(StreamBody body, WriteMode mode) {
        if (end.isEnded()) {
            return;
        }
        end.answering();
        response.setStatus(200);
        HttpFields.Mutable headers = response.getHeaders();
        dateNow(headers);
        headers.add(STREAM_CONTENT_TYPE);
        headers.add(HttpHeader.CONTENT_LENGTH, body.length());
        new JettyStream(response, body, this).iterate();
    }

    /** Jetty says the response's write (or the stream's last) is done: its last byte was handed to the socket. */
    @Override
    public void succeeded() {
        end.handed();
        if (end.end()) {
            requestCallback.succeeded();
        }
    }

    @Override
    public void failed(Throwable cause) {
        if (end.end()) {
            requestCallback.failed(cause);
        }
    }

    @Override
    public InvocationType getInvocationType() {
        // Our part of the completion only bumps counters; how Jetty may invoke it is up to its own callback.
        return requestCallback.getInvocationType();
    }

    @Override
    public String toString() {
        return "JettyExchange@" + Integer.toHexString(hashCode()) + "[" + response.getRequest().getHttpURI() + "," + end + "]";
    }
}
