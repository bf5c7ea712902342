package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.BadMessageException;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpParser;
import io.workbench.iocore.http.HttpStatus;
import io.workbench.iocore.http.HttpVersion;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.io.EndPoint;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;

/**
 * HTTP/1.1 on one {@link EndPoint}: reads requests with an {@link HttpParser}, hands each one to
 * the {@link Handler}, writes its response through the {@link ResponseFlusher}, and goes on with
 * the next: keep-alive, pipelining, {@code Connection: close}, and a status and a close for bad input.
 *
 * <h2>How a request flows</h2>
 * <pre>
 *   selector: readable --> onFillable(): fill into a pooled input buffer, parse
 *     NEED_INPUT        --> release the (empty) buffer, fillInterested(), return
 *     MESSAGE_COMPLETE  --> handle(request, response, callback)
 *        completed inside handle()  --> loop: parse the next pipelined request, or wait for input
 *        returned first             --> return; the thread that completes the exchange carries on
 *     bad input         --> answer its status with Connection: close, then close gracefully
 * </pre>
 * While a request is with the handler the connection reads nothing more: a client that pipelines
 * without reading its responses fills its own socket buffers, not the server's memory, and a
 * client that never reads leaves at most one write pending. Who carries on after a request is
 * decided by the lock-free {@link HandlingState}, so the connection is processed by exactly one
 * thread at a time, and a long pipeline is iterated, never recursed.
 *
 * <h2>Buffers</h2>
 * The input buffer is taken from the pool when bytes arrive and given back as soon as the parser
 * has consumed them (the parser copies what it keeps), so an idle connection holds no buffer; a
 * response's head buffer is held only while its write is outstanding. The input buffer is
 * touched only by the thread that processes the connection, which is why {@link #onClose} leaves
 * it alone: the processing thread gives it back when it sees the close.
 *
 * <h2>Pipelined responses</h2>
 * When a non-blocking handler answers in place, on the thread that parsed its request, with more
 * request bytes buffered behind it, its response is held (see {@link ResponseFlusher} and
 * {@link HeldResponses}) and leaves with the next write: the next response's, or the
 * connection's own flush, which comes when the batch ends, the moment a handler returns without
 * having completed (so that a slow handler never delays the responses before it), and before the
 * connection closes after a failure (so that responses whose handlers were told they were written
 * are written). A blocking handler's responses are never held: the next handler could block the
 * thread that holds them.
 *
 * <h2>Closing</h2>
 * After a response that does not persist (the client asked, HTTP/1.0, a bad request, a failed
 * handler), the output is shut down (FIN) and the input read and dropped until the client closes
 * (at most {@link #MAX_LINGER_BYTES}, and the idle timeout): closing at once with unread input
 * would reset the connection and could destroy the response before the client reads it.
 */
public final class HttpConnection extends AbstractConnection {

    private static final System.Logger LOG = System.getLogger(HttpConnection.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);
    /** Bytes a closing connection reads and drops before it gives up waiting for the client's close. */
    static final int MAX_LINGER_BYTES = 1024 * 1024;
    private static final HttpField TEXT_PLAIN = HttpField.of(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");

    private final Handler handler;
    private final ByteBufferPool inputPool;
    private final int inputBufferSize;
    private final HttpParser parser;
    private final ParserEvents events = new ParserEvents();
    private final Request request;
    private final ResponseFlusher flusher;
    private final Response response;
    private final HandlingState handling = new HandlingState();
    private final Callback handlerCallback = new HandlerCallback();
    private final Callback finishCallback = new FinishCallback();
    private final Callback errorCallback = new ErrorCallback();
    private final BatchFlushed batchFlushed = new BatchFlushed();
    private final Callback lingerAfterHeld = new LingerAfterHeld();
    /**
     * Whether responses may be held at all: only for a handler that never blocks, so that nothing
     * the connection's thread does while it holds them (the next handler) can keep them waiting.
     */
    private final boolean holdsResponses;
    /** Whether each request notes when it began ({@link Handler#wantsBeginNanos()}). */
    private final boolean notesBegin;

    // Owned by the thread processing the connection (handed over through HandlingState).
    /** Bytes read and not yet parsed, between fills in flush mode (position..limit); null when empty. */
    private ByteBuffer input;
    private boolean lingering;
    /** When the last read that brought bytes returned (only if {@link #notesBegin}). */
    private long readNanos;
    private long lingered;
    /** Set by the thread completing the exchange, before the hand-over, when the exchange failed. */
    private Throwable exchangeFailure;
    private volatile Object attachment;

    HttpConnection(EndPoint endPoint, HttpServer server) {
        super(endPoint, server.getHandler().getInvocationType());
        HttpServer.Config config = server.getConfig();
        this.handler = server.getHandler();
        this.inputPool = server.getInputPool();
        this.inputBufferSize = config.inputBufferSize();
        this.parser = HttpParser.forRequests(config.limits());
        this.request = new Request(this, parser);
        this.flusher = new ResponseFlusher(endPoint, server.getOutputPool(), config.outputBufferSize(),
                config.maxResponseHeadSize(), config.sendDate(), handler.getInvocationType());
        this.response = new Response(flusher);
        flusher.bind(response);
        this.holdsResponses = handler.getInvocationType() == InvocationType.NON_BLOCKING;
        this.notesBegin = handler.wantsBeginNanos();
    }

    /**
     * @return what a handler attached to this connection, or null: state it keeps per connection and
     *         reuses for each request on it (requests on one connection are handled one at a time)
     */
    public Object getAttachment() {
        return attachment;
    }

    public void setAttachment(Object attachment) {
        this.attachment = attachment;
    }

    // --- reading and parsing ------------------------------------------------------------------

    @Override
    protected void onFillable() {
        process(true);
    }

    /**
     * Parses what is buffered, fills when it needs more, and hands complete requests to the
     * handler, until it must wait: for bytes, or for a handler that went asynchronous.
     *
     * @param mayFill whether to read before registering for input; false after a response, when
     *                the client has most likely sent nothing yet, so that the read that would
     *                return 0 is left to the selector
     */
    private void process(boolean mayFill) {
        EndPoint endPoint = getEndPoint();
        try {
            while (true) {
                if (lingering) {
                    linger();
                    return;
                }
                if (input != null && input.hasRemaining()) {
                    if (notesBegin && request.beginNanos() == 0) {
                        request.begin(readNanos);
                    }
                    if (parser.parse(input, events) == HttpParser.Progress.MESSAGE_COMPLETE) {
                        if (!handle()) {
                            return;
                        }
                        if (!afterExchange()) {
                            return;
                        }
                        mayFill = false;
                        continue;
                    }
                    // NEED_INPUT: the parser consumed every byte (it never pauses: the events do not ask it to).
                }
                if (!mayFill) {
                    endBatch(false);
                    return;
                }
                int filled = fill(endPoint);
                if (filled < 0) {
                    endBatch(true);
                    return;
                }
                if (filled == 0) {
                    endBatch(false);
                    return;
                }
                // A read that did not fill the buffer drained the socket: ask the selector before reading again.
                mayFill = input.limit() == input.capacity();
            }
        } catch (BadMessageException x) {
            sendError(x.status(), x.reason());
        } catch (IOException x) {
            // The endpoint closed itself with x: what is held can no longer be written.
            releaseInput();
            flusher.dropHeld();
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, "processing " + this + " failed", x);
            releaseInput();
            closeAfterHeld(x);
        }
    }

    /**
     * No complete request is buffered: the responses held for the batch just answered go out in one
     * write, and then the connection waits for input, or sees the end of it again and closes.
     *
     * @param endOfInput whether the client shut its output (the read returned -1)
     */
    private void endBatch(boolean endOfInput) throws BadMessageException {
        batchFlushed.endOfInput = endOfInput;
        if (flusher.flushHeld(batchFlushed)) {
            return;
        }
        if (endOfInput) {
            endOfInput();
        } else {
            waitForInput();
        }
    }

    private int fill(EndPoint endPoint) throws IOException {
        if (input == null) {
            input = inputPool.acquire(inputBufferSize);
        } else {
            input.compact();
        }
        try {
            int filled = endPoint.fill(input);
            if (notesBegin && filled > 0) {
                readNanos = System.nanoTime();
            }
            return filled;
        } finally {
            input.flip();
        }
    }

    private void waitForInput() {
        if (input != null && !input.hasRemaining()) {
            releaseInput();
        }
        fillInterested();
    }

    private void releaseInput() {
        ByteBuffer buffer = input;
        if (buffer != null) {
            input = null;
            inputPool.release(buffer);
        }
    }

    /** The client shut its output: a clean close between requests, or a truncated request. */
    private void endOfInput() throws BadMessageException {
        releaseInput();
        parser.endOfInput(events);
        getEndPoint().close();
    }

    // --- handling -----------------------------------------------------------------------------

    /**
     * Hands the parsed request to the handler.
     *
     * @return true if the exchange completed before {@code handle()} returned: the caller carries on
     */
    private boolean handle() {
        response.prepare(parser.method(), parser.version(), parser.isPersistent());
        // Another request (or part of one) is buffered: its response can carry this one out, if
        // this thread writes it before handle() returns.
        flusher.holdOnThisThread(holdsResponses && input != null && input.hasRemaining() && parser.isPersistent());
        handling.dispatch();
        try {
            handler.handle(request, response, handlerCallback);
        } catch (Throwable x) {
            if (handling.get() == HandlingState.HANDLING) {
                handlerCallback.failed(x);
            } else {
                LOG.log(System.Logger.Level.WARNING, handler + " threw after completing its callback", x);
            }
        }
        flusher.holdOnThisThread(false);
        if (handling.get() == HandlingState.HANDLING) {
            // The handler went asynchronous: the responses held before its request go now, not
            // with its own (a handler that answers late, or never, keeps nothing waiting). If its
            // write has already taken them, there is nothing to do.
            try {
                flusher.flushHeld(null);
            } catch (Throwable x) {
                // The flush completed in place and woke the handler's response write, which waited
                // for it and completed in place too: its callback threw. The exchange goes on as
                // after any callback that throws; this thread still says the handler has returned.
                LOG.log(System.Logger.Level.WARNING, "a callback completed by the flush of the held responses of " + this + " threw", x);
            }
        }
        return handling.handled();
    }

    /** The exchange is over (any thread). If the handler has returned, this thread carries on. */
    private void exchangeCompleted(Throwable failure) {
        exchangeFailure = failure;
        if (handling.completed() && afterExchange()) {
            process(false);
        }
    }

    /**
     * Readies the connection for the next request, by the thread that carries on.
     *
     * @return false if the connection is closed and there is nothing more to do
     */
    private boolean afterExchange() {
        Throwable failure = exchangeFailure;
        exchangeFailure = null;
        boolean persistent = response.isPersistent();
        request.recycle();
        response.recycle();
        if (failure != null || !flusher.recycle()) {
            if (DEBUG) {
                LOG.log(System.Logger.Level.DEBUG, "{0} exchange failed: {1}", this, failure);
            }
            releaseInput();
            closeAfterHeld(failure);
            return false;
        }
        if (!getEndPoint().isOpen()) {
            // Nothing more can be written: what is held goes back to the pool (unless a write
            // carries it: that write gives it back when it fails).
            flusher.dropHeld();
            startLingering();
            return true;
        }
        if (!persistent) {
            // A response that ends the connection is never held, and it carried out what was.
            startLingering();
            return true;
        }
        parser.reset();
        return true;
    }

    // --- errors and closing -------------------------------------------------------------------

    /**
     * The exchange (or the connection's processing) failed. The responses still held were
     * answered to their handlers as written, so they are written first, and then the connection
     * closes gracefully (output shut, input drained until the client closes), so that a reset
     * cannot destroy them before the client reads them. With nothing held, it closes at once; so
     * it does if a write carries the held responses and waits for the socket (the exchange failed
     * from another thread meanwhile): the close fails that write, whose completion gives their
     * buffer back.
     */
    private void closeAfterHeld(Throwable failure) {
        if (!flusher.flushHeld(lingerAfterHeld)) {
            getEndPoint().close(failure);
        }
    }

    /** Answers a bad request with its status and reason, then closes gracefully. The parser has failed. */
    private void sendError(int status, String reason) {
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "{0} bad request: {1} {2}", this, status, reason);
        }
        HttpMethod method = parser.isHeadComplete() ? parser.method() : HttpMethod.GET;
        HttpVersion version = parser.isHeadComplete() ? parser.version() : HttpVersion.HTTP_1_1;
        response.prepare(method, version, false);
        response.setStatus(status);
        response.fields().add(TEXT_PLAIN);
        // The last thing this thread does with the connection: the error callback carries on.
        response.write(true, ByteBuffer.wrap((reason + "\n").getBytes(StandardCharsets.UTF_8)), errorCallback);
    }

    /** Shuts the output down and drops input until the client closes. */
    private void startLingering() {
        lingering = true;
        getEndPoint().shutdownOutput();
    }

    private void linger() throws IOException {
        EndPoint endPoint = getEndPoint();
        while (true) {
            if (input == null) {
                input = inputPool.acquire(inputBufferSize);
            }
            input.clear();
            int filled = endPoint.fill(input);
            if (filled < 0 || lingered > MAX_LINGER_BYTES) {
                releaseInput();
                endPoint.close();
                return;
            }
            if (filled == 0) {
                releaseInput();
                fillInterested();
                return;
            }
            lingered += filled;
        }
    }

    @Override
    protected void onFillInterestedFailed(Throwable cause) {
        getEndPoint().close(cause);
    }

    /**
     * Expires a connection waiting for a request (or half of one), lingering, or whose response
     * the client does not read; a request the handler is still working on is the handler's
     * business, and keeps the connection open.
     */
    @Override
    public boolean onIdleExpired(TimeoutException timeout) {
        return handling.isIdle() || flusher.isWaitingForSocket();
    }

    @Override
    public void onClose(Throwable cause) {
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "{0} closed: {1}", this, cause);
        }
    }

    @Override
    public String toString() {
        return "HttpConnection@" + Integer.toHexString(hashCode()) + "[" + HandlingState.name(handling.get())
                + (lingering ? ",LINGERING" : "") + "," + parser + "," + getEndPoint() + "]";
    }

    // --- callbacks, preallocated --------------------------------------------------------------

    /** What the parser reports: the request's content is gathered, everything else is read from the parser. */
    private final class ParserEvents implements HttpParser.Handler {
        @Override
        public boolean headComplete(HttpParser p) {
            request.onHead();
            return false;
        }

        @Override
        public boolean content(HttpParser p, ByteBuffer content) {
            request.onContent(content);
            return false;
        }

        @Override
        public void messageComplete(HttpParser p) {
        }
    }

    /** The callback the handler completes. */
    private final class HandlerCallback implements Callback {
        @Override
        public void succeeded() {
            if (response.isLastWritten()) {
                exchangeCompleted(null);
            } else {
                // The handler is done but did not end the response: send what is missing.
                response.write(true, null, finishCallback);
            }
        }

        @Override
        public void failed(Throwable cause) {
            if (DEBUG) {
                LOG.log(System.Logger.Level.DEBUG, "{0} handler failed: {1}", HttpConnection.this, cause);
            }
            if (response.isCommitted()) {
                exchangeCompleted(cause);
                return;
            }
            response.prepare(response.requestMethod(), response.requestVersion(), false);
            response.setStatus(HttpStatus.INTERNAL_SERVER_ERROR);
            response.fields().add(TEXT_PLAIN);
            response.write(true, ByteBuffer.wrap("internal server error\n".getBytes(StandardCharsets.UTF_8)), finishCallback);
        }

        @Override
        public InvocationType getInvocationType() {
            return handler.getInvocationType();
        }

        @Override
        public String toString() {
            return "handlerCallback[" + HttpConnection.this + "]";
        }
    }

    /** The server finished a response the handler left open (or replaced it with a 500). */
    private final class FinishCallback implements Callback {
        @Override
        public void succeeded() {
            exchangeCompleted(null);
        }

        @Override
        public void failed(Throwable cause) {
            exchangeCompleted(cause);
        }

        @Override
        public InvocationType getInvocationType() {
            return handler.getInvocationType();
        }
    }

    /**
     * A write the connection itself started (not the handler's): when it fails, the connection
     * is done. Runs nothing that blocks.
     */
    private abstract class ConnectionWriteCallback implements Callback {
        @Override
        public void failed(Throwable cause) {
            releaseInput();
            getEndPoint().close(cause);
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }
    }

    /** The responses held for a batch were written: wait for the next one, or read the end of input again. */
    private final class BatchFlushed extends ConnectionWriteCallback {
        /** Set by the owner thread before the flush; read by whichever thread completes it. */
        private boolean endOfInput;

        @Override
        public void succeeded() {
            if (endOfInput) {
                process(true);
            } else {
                waitForInput();
            }
        }
    }

    /** The responses held before a failure were written: close gracefully. */
    private final class LingerAfterHeld extends ConnectionWriteCallback {
        @Override
        public void succeeded() {
            startLingering();
            process(true);
        }
    }

    /** The answer to a bad request was written (or failed): close gracefully. */
    private final class ErrorCallback extends ConnectionWriteCallback {
        @Override
        public void succeeded() {
            flusher.recycle();
            startLingering();
            process(true);
        }
    }
}
