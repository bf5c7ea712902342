package io.workbench.targets.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import java.util.concurrent.TimeUnit;

/**
 * One Netty request seen as a {@link HelloExchange}. It writes the response on the channel's event
 * loop (hopping there if called from elsewhere), tells the handler the next pipelined request may
 * start, and is the listener of the write: when Netty reports the write done or failed, it ends the
 * request ({@link RequestEnd}: the completion hook runs) and closes the connection if this was its
 * last response. A write to a connection that closed meanwhile fails, and ends the request too.
 */
final class NettyExchange implements HelloExchange, ChannelFutureListener {

    /** The hello body, encoded once in direct memory; each response writes a duplicate of it. */
    private static final ByteBuf HELLO_BODY = Unpooled.unreleasableBuffer(
            Unpooled.directBuffer(Reply.HELLO.bodyLength()).writeBytes(Reply.HELLO.body()).asReadOnly());
    private static final AsciiString HELLO_CONTENT_TYPE = AsciiString.cached(Reply.HELLO.contentType());
    private static final AsciiString HELLO_CONTENT_LENGTH = AsciiString.cached(Integer.toString(Reply.HELLO.bodyLength()));
    /** Our header names and values are constants or digits; validating them per response buys nothing. */
    static final HttpHeadersFactory HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
    private static final HttpHeadersFactory TRAILERS = DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

    private final ChannelHandlerContext ctx;
    private final NettyHelloHandler handler;
    private final boolean keepAlive;
    private final boolean http10;
    private final RequestEnd end = new RequestEnd();

    NettyExchange(ChannelHandlerContext ctx, NettyHelloHandler handler, boolean keepAlive, boolean http10) {
        this.ctx = ctx;
        this.handler = handler;
        this.keepAlive = keepAlive;
        this.http10 = http10;
    }

    @Override
    public void counted(Runnable whenEnded) {
        end.counted(whenEnded);
    }

    @Override
    public void send(Reply reply) {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(() -> send(reply));
            return;
        }
        ByteBuf body = reply.isHello() ? HELLO_BODY.duplicate() : Unpooled.wrappedBuffer(reply.body());
        DefaultFullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(reply.status()), body, HEADERS, TRAILERS);
        HttpHeaders headers = response.headers();
        if (reply.isHello()) {
            headers.set(HttpHeaderNames.CONTENT_TYPE, HELLO_CONTENT_TYPE);
            headers.set(HttpHeaderNames.CONTENT_LENGTH, HELLO_CONTENT_LENGTH);
        } else {
            headers.set(HttpHeaderNames.CONTENT_TYPE, reply.contentType());
            headers.set(HttpHeaderNames.CONTENT_LENGTH, reply.contentLength());
            if (reply.allow() != null) {
                headers.set(HttpHeaderNames.ALLOW, reply.allow());
            }
        }
        if (!keepAlive) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (http10) {
            headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        ctx.writeAndFlush(response).addListener(this);
        handler.responded(ctx);
    }

    @Override
    public void schedule(Runnable task, long delayMillis) {
        ctx.executor().schedule(task, delayMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void stream(StreamBody body, WriteMode mode) {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(() -> stream(body, mode));
            return;
        }
        new NettyStream(ctx, handler, body, keepAlive, http10, end::end).start();
    }

    @Override
    public void operationComplete(ChannelFuture written) {
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
