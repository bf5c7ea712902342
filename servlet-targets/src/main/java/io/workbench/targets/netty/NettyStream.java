package io.workbench.targets.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.workbench.targets.hello.HttpDate;
import io.workbench.targets.hello.StreamBody;

/**
 * {@code GET /stream} on Netty, driven by channel writability: the head, then chunks written while
 * {@code Channel.isWritable()} (the outbound buffer below its high-water mark), one flush per
 * round; when the buffer is full the stream stops, no thread waits, and
 * {@code channelWritabilityChanged} (forwarded by {@link NettyHelloHandler}) resumes it once the
 * socket has drained below the low-water mark. Chunks are slices of one unreleasable direct buffer
 * holding the pattern, so nothing is copied. Runs on the channel's event loop only.
 *
 * <p>The last chunk is a {@code LastHttpContent} whose write's listener runs the completion hook
 * and closes a connection that is not kept alive; a connection that closes first ends the stream
 * through {@link #channelClosed()}, and a stream that starts on a connection already closed (its
 * request was parked by a sweep, or queued behind others, when the client went away) ends at once.
 */
final class NettyStream implements ChannelFutureListener {

    /** The pattern as one direct buffer that write completions cannot release. */
    private static final ByteBuf PATTERN = Unpooled.unreleasableBuffer(
            Unpooled.wrappedBuffer(StreamBody.newView()).asReadOnly());
    private static final AsciiString CONTENT_TYPE = AsciiString.cached(StreamBody.CONTENT_TYPE);

    private final ChannelHandlerContext ctx;
    private final NettyHelloHandler handler;
    private final StreamBody body;
    private final boolean keepAlive;
    private final boolean http10;
    private final Runnable whenDone;
    private boolean lastWritten;
    private boolean finished;
    /** When the stream last wrote: at the start, and each time the channel took more. */
    private long movedAt;

    NettyStream(ChannelHandlerContext ctx, NettyHelloHandler handler, StreamBody body, boolean keepAlive,
                boolean http10, Runnable whenDone) {
        this.ctx = ctx;
        this.handler = handler;
        this.body = body;
        this.keepAlive = keepAlive;
        this.http10 = http10;
        this.whenDone = whenDone;
    }

    void start() {
        if (!ctx.channel().isActive()) {
            // Closed already: channelInactive may have fired before this stream began, and will not
            // end it. (A channel that closes after this check fires it later, and that ends it.)
            channelClosed();
            return;
        }
        DefaultHttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, NettyExchange.HEADERS);
        HttpHeaders headers = head.headers();
        headers.set(NettyExchange.DATE, HttpDate.now());
        headers.set(NettyExchange.CONTENT_TYPE, CONTENT_TYPE);
        headers.set(NettyExchange.CONTENT_LENGTH, body.length());
        NettyExchange.connection(headers, keepAlive, http10);
        handler.streaming(this);
        movedAt = System.nanoTime();
        ctx.write(head);
        writeWhileWritable();
    }

    /** Writes chunks while the channel takes them, then flushes; called again when it is writable. */
    void writeWhileWritable() {
        if (lastWritten || !ctx.channel().isActive()) {
            return;
        }
        movedAt = System.nanoTime();
        while (ctx.channel().isWritable()) {
            int length = body.nextChunkLength();
            ByteBuf chunk = PATTERN.slice(body.patternOffset(), length);
            body.advance(length);
            if (body.isDone()) {
                lastWritten = true;
                ctx.writeAndFlush(new DefaultLastHttpContent(chunk)).addListener(this);
                handler.streamed(ctx);
                return;
            }
            ctx.write(new DefaultHttpContent(chunk));
        }
        ctx.flush();
    }

    /** True if the channel took a part of this stream within the last {@code nanos}: it is not idle. */
    boolean movedWithin(long nanos) {
        return System.nanoTime() - movedAt < nanos;
    }

    /** The channel closed before the last chunk was written: the stream is over, short. */
    void channelClosed() {
        if (!lastWritten) {
            lastWritten = true;
            finish();
        }
    }

    @Override
    public void operationComplete(ChannelFuture written) {
        finish();
        if (!keepAlive || !written.isSuccess()) {
            ctx.close();
        }
    }

    private void finish() {
        if (!finished) {
            finished = true;
            whenDone.run();
        }
    }

    @Override
    public String toString() {
        return "NettyStream[" + body + ",writable=" + ctx.channel().isWritable() + "]";
    }
}
