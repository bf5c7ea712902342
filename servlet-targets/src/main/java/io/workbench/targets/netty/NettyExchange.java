package io.workbench.targets.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.HttpDate;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.util.concurrent.RejectedExecutionException;

/**
 * One Netty request seen as a {@link HelloExchange}. It writes the response on the channel's event
 * loop (hopping there if called from elsewhere: Netty's rule for a channel's writes), tells the
 * handler the next pipelined request may start, and is the listener of the write: when Netty reports
 * the write done or failed, it ends the request ({@link RequestEnd}: the completion hook runs once)
 * and closes the connection if this was its last response. A write to a connection that closed
 * meanwhile fails, and ends the request too; an abort ends it and closes the connection; a hop the
 * event loop refuses (it has stopped) aborts it.
 *
 * <p>The head is the one every target sends: {@code Date}, {@code Content-Type},
 * {@code Content-Length}, then {@code Connection} when needed, the field names in their usual case
 * (Netty's own constants are lower case; HTTP/1.1 does not care, a byte-for-byte comparison does).
 */
final class NettyExchange implements HelloExchange, ChannelFutureListener {

    /** The hello body, encoded once in direct memory; each response writes a duplicate of it. */
    private static final ByteBuf HELLO_BODY = Unpooled.unreleasableBuffer(
            Unpooled.directBuffer(Reply.HELLO.bodyLength()).writeBytes(Reply.HELLO.body()).asReadOnly());
    static final AsciiString DATE = AsciiString.cached("Date");
    static final AsciiString CONTENT_TYPE = AsciiString.cached("Content-Type");
    static final AsciiString CONTENT_LENGTH = AsciiString.cached("Content-Length");
    static final AsciiString CONNECTION = AsciiString.cached("Connection");
    static final AsciiString CLOSE = AsciiString.cached("close");
    private static final AsciiString ALLOW = AsciiString.cached("Allow");
    private static final AsciiString HELLO_CONTENT_TYPE = AsciiString.cached(Reply.HELLO.contentType());
    private static final AsciiString HELLO_CONTENT_LENGTH = AsciiString.cached(Integer.toString(Reply.HELLO.bodyLength()));
    /** Our header names and values are constants or digits; validating them per response buys nothing. */
    static final HttpHeadersFactory HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory TRAILERS = DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

    private final ChannelHandlerContext ctx;
    private final NettyHelloHandler handler;
    private final boolean keepAlive;
    private final boolean http10;
    private final RequestEnd end;

    /** @param end the request's end: a traced one if it carries a trace id and the target traces */
    NettyExchange(ChannelHandlerContext ctx, NettyHelloHandler handler, boolean keepAlive, boolean http10, RequestEnd end) {
        this.ctx = ctx;
        this.handler = handler;
        this.keepAlive = keepAlive;
        this.http10 = http10;
        this.end = end;
    }

    @Override
    public void counted(Runnable whenEnded) {
        end.counted(whenEnded);
    }

    @Override
    public void send(Reply reply) {
        end.answering();
        if (!ctx.executor().inEventLoop()) {
            onTheEventLoop(() -> send(reply));
            return;
        }
        ByteBuf body = reply.isHello() ? HELLO_BODY.duplicate() : Unpooled.wrappedBuffer(reply.body());
        DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(reply.status()), body, HEADERS, TRAILERS);
        HttpHeaders headers = response.headers();
        headers.set(DATE, HttpDate.now());
        if (reply.isHello()) {
            headers.set(CONTENT_TYPE, HELLO_CONTENT_TYPE);
            headers.set(CONTENT_LENGTH, HELLO_CONTENT_LENGTH);
        } else {
            headers.set(CONTENT_TYPE, reply.contentType());
            if (reply.allow() != null) {
                headers.set(ALLOW, reply.allow());
            }
            headers.set(CONTENT_LENGTH, reply.contentLength());
        }
        connection(headers, keepAlive, http10);
        end.writing();
        ctx.writeAndFlush(response).addListener(this);
        handler.responded(ctx);
    }

    /** {@code Connection: close} when the connection closes after the response, {@code keep-alive} to an HTTP/1.0 client it stays open for. */
    static void connection(HttpHeaders headers, boolean keepAlive, boolean http10) {
        if (!keepAlive) {
            headers.set(CONNECTION, CLOSE);
        } else if (http10) {
            headers.set(CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
    }

    /** Ends the request and closes the connection: nothing more is written for it. */
    @Override
    public void abort(Throwable cause) {
        end.end();
        ctx.close();
    }

    @Override
    public void stream(StreamBody body, WriteMode mode) {
        end.answering();
        if (!ctx.executor().inEventLoop()) {
            onTheEventLoop(() -> stream(body, mode));
            return;
        }
        new NettyStream(ctx, handler, body, keepAlive, http10, end::end).start();
    }

    /** Runs {@code task} on the channel's event loop, under this request: refused, or failing there, it aborts it. */
    private void onTheEventLoop(Runnable task) {
        try {
            ctx.executor().execute(Handoffs.guarded(this, task));
        } catch (RejectedExecutionException stopped) {
            abort(stopped);
        }
    }

    /** Netty says the response's write is done: its last byte was handed to the socket (or the write failed). */
    @Override
    public void operationComplete(ChannelFuture written) {
        if (written.isSuccess()) {
            end.handed();
        }
        end.end();
        if (!keepAlive || !written.isSuccess()) {
            ctx.close();
        }
    }

    @Override
    public String toString() {
        return "NettyExchange@" + Integer.toHexString(hashCode()) + "[" + ctx.channel() + ",keepAlive=" + keepAlive + "," + end + "]";
    }
}
