package io.workbench.targets.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.trace.TraceHeader;
import io.workbench.targets.trace.TraceRecorder;
import java.util.ArrayDeque;

/**
 * The hello contract on one Netty connection, after {@code HttpServerCodec}.
 *
 * <p>Netty writes responses in the order they are written, not in the order of the requests, and
 * a request may be answered later than the one pipelined behind it ({@code ?wait=} differs per
 * request). So, as HTTP/1.1 pipelining requires, this handler starts one request at a time: a
 * request that arrives while another is being answered waits in a queue, and reading from the
 * socket is paused until the queue is empty, which bounds it to what one read delivered. Without
 * pipelining (wrk, browsers) the queue is never touched.
 *
 * <pre>
 *   request --(idle)--> start --> HelloService --...wait...--> exchange writes --> responded()
 *       \--(busy)--> waiting queue, autoRead off        start the next waiting one <--/
 * </pre>
 *
 * A {@code /stream} response is written by a {@link NettyStream}, which this handler resumes when
 * the channel becomes writable again and ends if the channel closes first.
 *
 * Every method runs on the channel's event loop (exchanges hop there before they write), so the
 * fields need no synchronisation. Body bytes of a request are read and dropped.
 */
final class NettyHelloHandler extends ChannelInboundHandlerAdapter {

    private final HelloService hello;
    /** The idle timeout: a stream that moved within it is not idle. */
    private final long idleNanos;
    /** Pipelined requests that arrived while another was being answered; created on first use. */
    private ArrayDeque<HttpRequest> waiting;
    /** With tracing on, when each waiting request was read (0 for one without a trace id), in the same order. */
    private long[] waitingReads = new long[0];
    private int waitingReadsHead;
    /** A request has been started and its response not written yet. */
    private boolean responding;
    /** The response being written is the last one: the connection closes after it. */
    private boolean closing;
    /** startWaiting() is on the stack: a response written synchronously must not recurse into it. */
    private boolean startingWaiting;
    /** The stream whose chunks are being written, resumed when the channel becomes writable again. */
    private NettyStream stream;

    NettyHelloHandler(HelloService hello, long idleNanos) {
        this.hello = hello;
        this.idleNanos = idleNanos;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        try {
            if (message instanceof HttpRequest request && !closing) {
                // The decoded head reaches the handler within the read that brought its last byte: that
                // read is the request's first read as Netty lets a handler see it (taken only if traced).
                long readNanos = hello.tracing() != null && request.headers().contains(TraceHeader.NAME) ? System.nanoTime() : 0;
                if (responding || (waiting != null && !waiting.isEmpty())) {
                    queue(ctx, request, readNanos);
                } else {
                    start(ctx, request, readNanos);
                }
            }
        } finally {
            // Content (and a full request the decoder rejected) is reference-counted; the request
            // line and headers of a queued request stay readable after its release.
            ReferenceCountUtil.release(message);
        }
    }

    private void queue(ChannelHandlerContext ctx, HttpRequest request, long readNanos) {
        if (waiting == null) {
            waiting = new ArrayDeque<>();
        }
        if (hello.tracing() != null) {
            int queued = waiting.size();
            if (waitingReadsHead + queued == waitingReads.length) {
                // Compact, and grow if full: as many slots as requests ever waited at once.
                long[] reads = new long[Math.max(4, queued * 2)];
                System.arraycopy(waitingReads, waitingReadsHead, reads, 0, queued);
                waitingReads = reads;
                waitingReadsHead = 0;
            }
            waitingReads[waitingReadsHead + queued] = readNanos;
        }
        waiting.add(request);
        ctx.channel().config().setAutoRead(false);
    }

    /** @param readNanos when the request was read, if it carries a trace id and the target traces; else 0 */
    private void start(ChannelHandlerContext ctx, HttpRequest request, long readNanos) {
        responding = true;
        DecoderResult decoded = request.decoderResult();
        if (decoded.isFailure()) {
            closing = true;
            new NettyExchange(ctx, this, false, false, new RequestEnd()).send(rejection(decoded.cause()), null);
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (!keepAlive) {
            closing = true;
        }
        String uri = request.uri();
        int pathStart = pathStart(uri);
        int queryStart = uri.indexOf('?', pathStart);
        String path = queryStart < 0 ? uri.substring(pathStart) : uri.substring(pathStart, queryStart);
        String query = queryStart < 0 ? null : uri.substring(queryStart + 1);
        boolean http10 = request.protocolVersion().minorVersion() == 0;
        TraceRecorder tracing = hello.tracing();
        long traceId = readNanos == 0 ? TraceHeader.NONE : TraceHeader.id(request.headers().get(TraceHeader.NAME));
        RequestEnd end = traceId < 0 ? new RequestEnd() : tracing.traced(traceId, readNanos);
        NettyExchange exchange = new NettyExchange(ctx, this, keepAlive, http10, end);
        try {
            hello.handle(request.method().name(), path, query, exchange);
        } catch (Throwable failed) {
            // Ends the request, counted once, and closes the connection.
            exchange.abort(failed);
        }
    }

    /** Where the path starts: 0 in origin form ({@code /hello}), after the authority in absolute form. */
    private static int pathStart(String uri) {
        if (uri.startsWith("/")) {
            return 0;
        }
        int scheme = uri.indexOf("://");
        if (scheme < 0) {
            return 0;
        }
        int path = uri.indexOf('/', scheme + 3);
        return path < 0 ? uri.length() : path;
    }

    private static Reply rejection(Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return Reply.text(414, "request line too long");
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return Reply.text(431, "request header fields too large");
        }
        return Reply.text(400, "bad request: " + cause.getMessage());
    }

    /** {@code stream} is writing the current response, as the channel's writability allows. */
    void streaming(NettyStream stream) {
        this.stream = stream;
    }

    /** The current stream has handed its last chunk to Netty. */
    void streamed(ChannelHandlerContext ctx) {
        stream = null;
        responded(ctx);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (stream != null && ctx.channel().isWritable()) {
            stream.writeWhileWritable();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (stream != null) {
            NettyStream closed = stream;
            stream = null;
            closed.channelClosed();
        }
        ctx.fireChannelInactive();
    }

    /** The current request's response has been handed to Netty: the next waiting request may start. */
    void responded(ChannelHandlerContext ctx) {
        responding = false;
        if (!closing) {
            startWaiting(ctx);
        }
    }

    private void startWaiting(ChannelHandlerContext ctx) {
        if (waiting == null || startingWaiting) {
            return;
        }
        startingWaiting = true;
        try {
            HttpRequest next;
            while (!responding && !closing && (next = waiting.poll()) != null) {
                long readNanos = 0;
                if (hello.tracing() != null) {
                    readNanos = waitingReads[waitingReadsHead++];
                    if (waiting.isEmpty()) {
                        waitingReadsHead = 0;
                    }
                }
                start(ctx, next, readNanos);
            }
        } finally {
            startingWaiting = false;
        }
        if (waiting.isEmpty() && !closing && !ctx.channel().config().isAutoRead()) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    /**
     * The idle timeout, with the meaning every target gives it. The event says nothing was read for
     * that long (a reader-idle {@code IdleStateHandler}, which puts no listener on every write); the
     * connection is closed if it waits for a request or for the client to take a response, and kept
     * if the handler holds a request (its wait) or a stream has moved within the idle timeout. So a
     * stalled stream is closed between one and two idle timeouts after it stopped moving.
     */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            boolean busy = stream != null ? stream.movedWithin(idleNanos) : responding;
            if (!busy) {
                ctx.close();
            }
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // A reset or a broken pipe from a client that went away: nothing to answer, just close.
        ctx.close();
    }

    @Override
    public String toString() {
        return "NettyHelloHandler@" + Integer.toHexString(hashCode())
                + "[responding=" + responding + ",closing=" + closing
                + ",waiting=" + (waiting == null ? 0 : waiting.size()) + "]";
    }
}
