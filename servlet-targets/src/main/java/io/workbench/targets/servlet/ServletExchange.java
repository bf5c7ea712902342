package io.workbench.targets.servlet;

import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.HelloExchange;
import io.workbench.targets.hello.HttpDate;
import io.workbench.targets.hello.Reply;
import io.workbench.targets.hello.RequestEnd;
import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.WriteMode;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * One servlet request seen as a {@link HelloExchange}: the Servlet API's own hand-offs behind the
 * strategies' calls. {@link #startAsync()} is {@code request.startAsync()} (no time-out: the wait
 * may be an hour); {@link #dispatch} is {@code AsyncContext.dispatch()}; a
 * {@link WriteMode#NON_BLOCKING} write is a {@code WriteListener}; {@link #resume} is
 * {@code AsyncContext.start()}. Waits and the strategies' own pools are the target's, as on every
 * server ({@link Handoffs}).
 *
 * <p>When a counted request ends ({@link RequestEnd}): for a request that never went asynchronous,
 * when the body has been written on the handling thread; for an asynchronous one, when the container
 * reports the asynchronous cycle complete ({@link AsyncListener#onComplete}), which it does exactly
 * once, after {@code complete()}, after a dispatched request returns, or after an error, such as a
 * client that closed the connection while its request was parked (then the container completes
 * the cycle itself, before the strategy sent anything); or when a write fails; or when the container
 * says it ended the request by itself in its own way ({@link ContainerEnd}: Undertow). A send or a
 * stream that comes after that end writes nothing: the container may already have recycled the
 * response.
 */
final class ServletExchange implements HelloExchange, AsyncListener {

    /** The most request content read and dropped to keep a connection after a 405 or 404. */
    static final int MAX_DROPPED_CONTENT = 64 * 1024;

    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final ContainerEnd containerEnd;
    /** Set on the handling thread by startAsync(), read by the threads the request is handed to after it. */
    private volatile AsyncContext async;
    private volatile boolean dispatched;
    private final RequestEnd end;
    /** Whether the container hands the response to the socket only at its own end ({@link ContainerStamps#handsOverAtItsEnd()}). */
    private final boolean handsOverAtItsEnd;

    /**
     * @param end               the request's end: a traced one if it carries a trace id and the target traces
     * @param handsOverAtItsEnd whether the container hands a response to the socket only at its own
     *                          end of the request, rather than in the write that reaches its length
     */
    ServletExchange(HttpServletRequest request, HttpServletResponse response, ContainerEnd containerEnd, RequestEnd end,
                    boolean handsOverAtItsEnd) {
        this.request = request;
        this.response = response;
        this.containerEnd = containerEnd;
        this.end = end;
        this.handsOverAtItsEnd = handsOverAtItsEnd;
    }

    /** On the handling thread: the container's own end of the request is watched from now on. */
    @Override
    public void counted(Runnable whenEnded) {
        end.counted(whenEnded);
        containerEnd.watch(request, this::containerEnded);
    }

    /** The container ended the request by itself, or (Undertow) completed it after its response was handed over. */
    private void containerEnded() {
        if (handsOverAtItsEnd) {
            end.handed();
        }
        end.end();
    }

    /** The write that reached the response's length returned: the container handed its last byte to the socket. */
    private void written() {
        if (!handsOverAtItsEnd) {
            end.handed();
        }
    }

    @Override
    public void send(Reply reply) {
        send(reply, WriteMode.BLOCKING);
    }

    @Override
    public void send(Reply reply, WriteMode mode) {
        if (end.isEnded()) {
            return;
        }
        end.answering();
        try {
            write(reply, mode);
        } catch (IllegalStateException endedMeanwhile) {
            // The container ended the cycle while this was being written (a closed connection).
            finish();
        }
    }

    private void write(Reply reply, WriteMode mode) {
        // (The hello is sent to GETs and HEADs, which bring no content: not a header lookup more on the hot path.)
        if (!reply.isHello() && async == null && !dropContent()) {
            // More content than is worth reading to answer a 405 or 404: the client is told the
            // connection closes, rather than finding it closed when it sends its next request.
            response.setHeader("Connection", "close");
        }
        response.setStatus(reply.status());
        // Dated now, and first, as every target's head is (Tomcat would date it after Content-Length).
        response.setHeader("Date", HttpDate.now());
        response.setContentType(reply.contentType());
        response.setContentLengthLong(reply.contentLength());
        if (reply.allow() != null) {
            response.setHeader("Allow", reply.allow());
        }
        byte[] body = bytes(reply.body());
        if (mode == WriteMode.NON_BLOCKING) {
            new ReplyListener(body).start();
            return;
        }
        try {
            end.writing();
            response.getOutputStream().write(body);
            written();
        } catch (IOException clientGone) {
            // Nothing to answer to; the container closes the connection. Still finished, and counted.
            end.end();
        } finally {
            finish();
        }
    }

    /**
     * Reads and drops the request's content, if it has any, up to {@value #MAX_DROPPED_CONTENT} bytes,
     * on the handling thread (a request with content is never detached: it is a 405 or a 404). A
     * container left with unread content either swallows it after the response (Tomcat, Undertow)
     * or closes the connection without saying so (Jetty's ee10 servlets), and a client may send its
     * next request into that close; read here, every container keeps the connection.
     *
     * @return true if no content is left unread
     */
    private boolean dropContent() {
        long length = request.getContentLengthLong();
        if (length == 0 || (length < 0 && request.getHeader("Transfer-Encoding") == null)) {
            return true;
        }
        if (length > MAX_DROPPED_CONTENT) {
            return false;
        }
        try {
            InputStream in = request.getInputStream();
            long dropped = 0;
            byte[] sink = new byte[(int) Math.min(MAX_DROPPED_CONTENT, 8192)];
            for (int n = in.read(sink); n >= 0; n = in.read(sink)) {
                dropped += n;
                if (dropped > MAX_DROPPED_CONTENT) {
                    return false;
                }
            }
            return true;
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
    }


    @Override
    public void startAsync() {
        AsyncContext context = request.startAsync();
        context.setTimeout(0);
        // Listeners may only be added during the dispatch that started the cycle: now.
        context.addListener(this);
        async = context;
    }

    /** write-listener after a wait: {@code AsyncContext.start()}, a container thread. */
    @Override
    public void resume(Runnable task) {
        if (end.isEnded()) {
            return;
        }
        try {
            async.start(task);
        } catch (IllegalStateException endedMeanwhile) {
            end.end();
        }
    }

    /**
     * Ends the request now, then answers 500 with no body if nothing was written yet, and, if the
     * request went asynchronous and no dispatch is running, completes the cycle (a running dispatch
     * is completed by the container when it returns). Called on the handling thread after a throw
     * (the container then sends what was set), or on any thread the strategy handed the request to.
     */
    @Override
    public void abort(Throwable cause) {
        if (!end.end()) {
            return;
        }
        try {
            if (!response.isCommitted()) {
                response.reset();
                response.setStatus(500);
                response.setContentLength(0);
                response.setHeader("Connection", "close");
            }
        } catch (IllegalStateException recycled) {
            // The container has already ended the response: nothing to set.
        }
        AsyncContext context = async;
        if (context != null && !dispatched) {
            try {
                context.complete();
            } catch (IllegalStateException alreadyCompleted) {
                // The container completed the cycle itself.
            }
        }
    }

    @Override
    public void dispatch(Runnable task) {
        if (end.isEnded()) {
            return;
        }
        dispatched = true;
        request.setAttribute(HelloServlet.DISPATCHED_TASK, task);
        try {
            async.dispatch();
        } catch (IllegalStateException endedMeanwhile) {
            end.end();
        }
    }

    @Override
    public void stream(StreamBody body, WriteMode mode) {
        if (end.isEnded()) {
            return;
        }
        end.answering();
        response.setStatus(200);
        response.setHeader("Date", HttpDate.now());
        response.setContentType(StreamBody.CONTENT_TYPE);
        response.setContentLengthLong(body.length());
        ServletStream stream = new ServletStream(body, this);
        if (mode == WriteMode.NON_BLOCKING) {
            stream.writeNonBlocking();
        } else {
            stream.writeBlocking();
        }
    }

    ServletOutputStream output() throws IOException {
        return response.getOutputStream();
    }

    /**
     * The response is written (or failed): asynchronous, complete it (unless a dispatch is running,
     * which the container completes when it returns) and let onComplete end it; else end it now.
     */
    void finish() {
        AsyncContext context = async;
        if (context == null) {
            end.end();
        } else if (!dispatched) {
            complete(context);
        }
    }

    /**
     * The response failed (the client went away, an idle timeout failed a write): the request ends
     * now, then the cycle is completed as after any response. Not left to {@code onComplete}: after
     * a failed non-blocking write Jetty accepts {@code complete()} and never reports the cycle complete.
     */
    void failed() {
        end.end();
        finish();
    }

    private void complete(AsyncContext context) {
        try {
            context.complete();
        } catch (IllegalStateException alreadyCompleted) {
            // The container completed the cycle itself (an error, a closed connection): ended then,
            // or now if its onComplete is still to come (the end runs its hook once either way).
            end.end();
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        end.end();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        complete(event.getAsyncContext());
    }

    @Override
    public void onError(AsyncEvent event) {
        complete(event.getAsyncContext());
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
    }

    private static byte[] bytes(ByteBuffer body) {
        byte[] bytes = new byte[body.remaining()];
        body.get(bytes);
        return bytes;
    }

    @Override
    public String toString() {
        return "ServletExchange@" + Integer.toHexString(hashCode()) + "[" + request.getRequestURI()
                + (async != null ? ",ASYNC" : "") + (dispatched ? ",DISPATCHED" : "") + "," + end + "]";
    }

    /** A small reply written the Servlet 3.1 way: write once when ready, complete once the write is done. */
    private final class ReplyListener implements WriteListener {

        private final byte[] body;
        private ServletOutputStream out;
        private boolean written;

        ReplyListener(byte[] body) {
            this.body = body;
        }

        void start() {
            try {
                out = output();
                out.setWriteListener(this);
            } catch (IOException | RuntimeException failed) {
                failed();
            }
        }

        @Override
        public void onWritePossible() throws IOException {
            if (!written) {
                written = true;
                end.writing();
                out.write(body);
            }
            // Complete only once the write is through: isReady() false means it is still pending,
            // and the container calls again when it is not.
            if (out.isReady()) {
                written();
                finish();
            }
        }

        @Override
        public void onError(Throwable failure) {
            failed();
        }
    }
}
