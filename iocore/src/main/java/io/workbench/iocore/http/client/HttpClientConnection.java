package io.workbench.iocore.http.client;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.BadMessageException;
import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpParser;
import io.workbench.iocore.http.HttpParser.Progress;
import io.workbench.iocore.http.HttpStatus;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.selector.ManagedSelector;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/**
 * HTTP/1.1 over one client {@link EndPoint}: sends requests, reads their responses in order,
 * and ends every accepted request exactly once, with its response or with a failure that says
 * what happened.
 *
 * <h2>Sending</h2>
 * {@link #send(HttpRequest, HttpResponseListener, long)} takes a slot of the {@link ExchangeQueue}
 * (refused at once when the connection has {@code maxRequestsInFlight} outstanding, or is closing),
 * fills and publishes it, and asks the {@link RequestFlusher} to write: on the calling thread if no
 * write is under way. Several requests may be outstanding (pipelining); they are written in the
 * order they were accepted. Nothing is allocated per request: the slot is preallocated, the head is
 * generated into a pooled buffer, the listener and the caller's tag travel in the slot.
 *
 * <h2>Reading</h2>
 * The read callback never blocks, so the selector runs it in place. It reads into the buffer its
 * selector shares between its connections ({@link SelectorReadBuffer}: direct, 64 KiB by default;
 * the connection keeps nothing in it between reads), feeds the response parser, and hands the
 * response of request {@code n} to the listener of request {@code n}: head, content (a view, not a
 * copy; only counted if the listener does not want it), then completion. Interim 1xx responses are
 * skipped; the body may be delimited by Content-Length, chunked coding or the close; a response to
 * HEAD, a 204 or a 304 has none. A read that did not fill the buffer is not followed by another
 * that would only return 0: the connection waits for the selector to say there is more. Right
 * after each read returns, before anything is parsed, one {@code nanoTime()} is read: it is the
 * completion time of every response that read completes.
 *
 * <h2>Ending</h2>
 * <pre>
 *   response complete ---------------------------------------> request n succeeds (reader)
 *   Connection: close in the response, or in the request -----> no more requests admitted; the
 *                                                               connection closes after it
 *   a write fails (the server reset) --> no more requests admitted; the reader reads what the
 *                                        server sent before, until nothing is left, then closes
 *   the server closes, resets, sends garbage; a request times out; close(); the client stops
 *        --> the endpoint closes with a cause --> onClose: every outstanding request fails, once,
 *            with TIMEOUT if its own deadline passed, else with the cause made into an
 *            {@link HttpClientException} whose kind says what happened; with NOT_WRITTEN if the
 *            server closed or reset the connection before any byte of that request was written
 * </pre>
 * Which requests the server may have seen is what decides whether one may be sent again: a request
 * of which no byte was written when the server closed or reset the connection (a keep-alive
 * connection closed while idle, found by the write that fails; or a request pipelined behind one
 * the server never answered) fails with {@link HttpClientException.Kind#NOT_WRITTEN}, and a caller
 * may send it again on another connection. A request of which any byte was written fails with the
 * close's own kind ({@code CLOSED}, {@code RESET}), even when no byte of its response came: the
 * server may have read it and acted on it, and a request is never sent twice by guesswork. The
 * {@link RequestFlusher} keeps the mark, set before each write that may take a request's first
 * byte and cleared after one that took none.
 *
 * Timeouts are found by the client's periodic check ({@link #expire(long)}), which only closes the
 * endpoint: the requests are failed by {@link #onClose}, on the selector thread, like every other
 * failure, so that a listener never hears of a failure while the reader is still giving it content.
 */
public final class HttpClientConnection extends AbstractConnection {

    /** What {@link #send(HttpRequest, HttpResponseListener, long)} did with a request. */
    public enum Admission {
        /** Taken: its listener will be called exactly once. */
        ACCEPTED,
        /** Not taken: as many requests are outstanding as the connection allows; try another connection, or later. */
        FULL,
        /** Not taken: the connection takes no more requests (a {@code Connection: close} was sent or received) and closes after the outstanding ones. */
        CLOSING,
        /** Not taken: the connection is closed. */
        CLOSED
    }

    private static final System.Logger LOG = System.getLogger(HttpClientConnection.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);
    /** Reads that fill the whole input buffer, at most, before one wake of the selector gives it back. */
    static final int MAX_FULL_READS_PER_WAKE = 4;

    private final HttpClient client;
    private final ManagedSelector selector;
    private final SelectorReadBuffer input;
    private final ExchangeQueue queue;
    private final RequestFlusher flusher;
    private final HttpParser parser;
    private final ResponseHandler handler = new ResponseHandler();
    private final String authority;
    private final long defaultTimeoutMillis;
    private final CompletableFuture<HttpClientException> closed = new CompletableFuture<>();

    // Owned by the reader (the selector's producing thread).
    /** The exchange whose response is being read, or null between responses. */
    private HttpExchange receiving;
    private long receivingSeq;
    /** A write failed: read what is there, then close with this instead of waiting for more. */
    private Throwable writeFailure;

    /**
     * @param selector the selector the endpoint is registered with: it runs every read, and the
     *                 connection reads into its {@code input} buffer
     */
    HttpClientConnection(EndPoint endPoint, HttpClient client, ManagedSelector selector, SelectorReadBuffer input) {
        super(endPoint, InvocationType.NON_BLOCKING);
        this.client = client;
        this.selector = selector;
        this.input = input;
        HttpClient.Config config = client.getConfig();
        this.queue = new ExchangeQueue(config.maxRequestsInFlight(), () -> new HttpExchange(this));
        this.authority = authority(endPoint.getRemoteAddress());
        this.flusher = new RequestFlusher(queue, endPoint, this, authority, client.getBufferPool(), config.outputBufferSize());
        // Every read goes into the selector's one buffer: the parser may keep its view of it.
        this.parser = HttpParser.forResponses(config.limits()).retainContentView();
        this.defaultTimeoutMillis = config.requestTimeoutMillis();
        endPoint.setIdleTimeout(config.idleTimeoutMillis());
    }

    /** The Host a request names unless it names its own: the remote {@code address:port}. */
    private static String authority(InetSocketAddress remote) {
        String host = remote.getAddress().getHostAddress();
        if (host.indexOf(':') >= 0) {
            host = "[" + host + "]";
        }
        return host + ":" + remote.getPort();
    }

    // --- sending ----------------------------------------------------------------------------------

    /**
     * Sends {@code request}, the allocation-free way: {@code listener} hears the response and is
     * called exactly once with the outcome, unless the request is not taken.
     *
     * @param tag any number the caller wants back in the exchange (an id, an intended start time)
     * @return {@link Admission#ACCEPTED} if the request was taken (then, and only then, the listener
     *         will be completed, possibly before this method returns); otherwise why it was not
     */
    public Admission send(HttpRequest request, HttpResponseListener listener, long tag) {
        return send(request, listener, tag, 0);
    }

    /**
     * As {@link #send(HttpRequest, HttpResponseListener, long)}, with {@code number} as the value of
     * the request's numbered field ({@link HttpRequest.Builder#numberedField}; ignored without one):
     * e.g. an id a server records, so that its records can be joined to the client's.
     *
     * @param number a value >= 0
     */
    public Admission send(HttpRequest request, HttpResponseListener listener, long tag, long number) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(listener, "listener");
        if (number < 0) {
            throw new IllegalArgumentException("a numbered field's value must be >= 0, was " + number);
        }
        long seq = queue.claim(!request.isPersistent());
        if (seq < 0) {
            return seq == ExchangeQueue.FULL ? Admission.FULL : seq == ExchangeQueue.REFUSED_SHUT ? Admission.CLOSING : Admission.CLOSED;
        }
        HttpExchange exchange = queue.slot(seq);
        long timeout = request.timeoutMillis() == HttpRequest.DEFAULT_TIMEOUT ? defaultTimeoutMillis : request.timeoutMillis();
        exchange.prepare(seq, request, listener, tag, System.nanoTime(), timeout);
        exchange.number(number);
        exchange.publish(seq);
        if (queue.isClosed()) {
            // The connection closed while we published: its closing thread may have missed this slot.
            exchange.fail(seq, queue.closeFailure(), System.nanoTime());
        } else {
            flusher.iterate();
        }
        return Admission.ACCEPTED;
    }

    /**
     * Sends {@code request} and collects its response, body included, into a future: the
     * convenient form, which allocates per request. The future completes on a selector thread: do
     * not block in what is chained to it (use the {@code *Async} variants).
     *
     * @return a future of the response, failed with an {@link HttpClientException}: of kind
     *         {@link HttpClientException.Kind#REJECTED} at once if the request was not taken, of
     *         the kind that says what happened if it failed later
     */
    public CompletableFuture<HttpResponse> send(HttpRequest request) {
        ResponseCollector collector = new ResponseCollector();
        Admission admission = send(request, collector, 0);
        if (admission != Admission.ACCEPTED) {
            collector.completeExceptionally(new HttpClientException(HttpClientException.Kind.REJECTED,
                    request + " not taken by " + this + ": " + admission));
        }
        return collector;
    }

    /** @return requests accepted and not yet answered */
    public int getRequestsOutstanding() {
        return queue.outstanding();
    }

    /** @return the most requests this connection has outstanding at once */
    public int getMaxRequestsInFlight() {
        return queue.maxInFlight();
    }

    /** @return true while the connection takes requests (it may still be {@link Admission#FULL}) */
    public boolean isOpen() {
        return queue.admission() == ExchangeQueue.Admission.OPEN && getEndPoint().isOpen();
    }

    /**
     * @return a future completed once the connection has closed and every outstanding request has
     *         been failed, with the failure it closed with, or null for an orderly close
     */
    public CompletableFuture<HttpClientException> closed() {
        return closed;
    }

    public InetSocketAddress getLocalAddress() {
        return getEndPoint().getLocalAddress();
    }

    public InetSocketAddress getRemoteAddress() {
        return getEndPoint().getRemoteAddress();
    }

    /** Closes the connection now; outstanding requests fail with {@link HttpClientException.Kind#ABORTED}. */
    public void close() {
        abort("closed by the client");
    }

    void abort(String why) {
        if (getEndPoint().isOpen()) {
            getEndPoint().close(new HttpClientException(HttpClientException.Kind.ABORTED,
                    describe() + " " + why + " with " + queue.outstanding() + " request(s) outstanding"));
        }
    }

    // --- reading ----------------------------------------------------------------------------------

    @Override
    public void onOpen() {
        if (!client.opened(this)) {
            abort("opened after the client stopped");
            return;
        }
        super.onOpen();
    }

    /**
     * Reads what there is, on the selector's thread: in the read callback, or in the action a
     * failed write submits. After a failed write it reads until nothing is left, then closes.
     */
    @Override
    protected void onFillable() {
        ByteBuffer in = input.get();
        int fullReads = 0;
        while (true) {
            int read;
            in.clear();
            try {
                read = getEndPoint().fill(in);
            } catch (IOException x) {
                // The endpoint closed itself with x (a reset): onClose fails what is outstanding.
                return;
            }
            // The completion time of every response this read completes, before any listener runs.
            long readNanos = System.nanoTime();
            if (read > 0) {
                in.flip();
                if (!parse(in, readNanos)) {
                    return;
                }
                if (read < in.capacity() && writeFailure == null) {
                    // The socket had no more: another read now would return 0. The selector says when.
                    fillInterested();
                    return;
                }
                if (writeFailure == null && (++fullReads == MAX_FULL_READS_PER_WAKE || selector != null && selector.isTaskDue())) {
                    // A fast sender could keep this loop reading for as long as it sends: give the
                    // selector back after a few full reads, or after this one if one of its tasks
                    // (a load generator's next arrival) is due, so that its other connections and
                    // its tasks come first; the socket is still readable, so the next select
                    // returns it at once.
                    fillInterested();
                    return;
                }
            } else if (read == 0) {
                if (writeFailure != null) {
                    getEndPoint().close(writeFailure);
                } else {
                    fillInterested();
                }
                return;
            } else {
                endOfInput(readNanos);
                return;
            }
        }
    }

    /**
     * The request flusher's write failed (the server reset the connection, or closed it and the
     * write found out): nothing more can be sent, but what the server sent before may still be
     * in the socket (an early {@code 413} to an upload it did not want). The selector reads it
     * and then closes the connection, instead of closing at once and losing it. Any thread.
     */
    void writeFailed(Throwable cause) {
        if (!getEndPoint().isOpen()) {
            // Closed by this side (the failure is the close's), or already failed: onClose ends the requests.
            return;
        }
        queue.shut();
        if (!selector.submit(new ReadAfterWriteFailure(cause))) {
            getEndPoint().close(cause);
        }
    }

    /** @return false once nothing more is to be read: the connection is closing */
    private boolean parse(ByteBuffer in, long readNanos) {
        while (in.hasRemaining()) {
            if (receiving == null && !nextResponse()) {
                return false;
            }
            try {
                Progress progress = parser.parse(in, handler);
                if (progress == Progress.NEED_INPUT) {
                    return true;
                }
                if (progress != Progress.MESSAGE_COMPLETE) {
                    throw new IllegalStateException(progress + " from " + parser + ": the handler never pauses");
                }
            } catch (BadMessageException x) {
                badResponse(overLimit(x), x);
                return false;
            }
            if (!responseComplete(readNanos)) {
                return false;
            }
        }
        return true;
    }

    /** @return what the parser refused, naming the client's limit it hit if it was one */
    private String overLimit(BadMessageException x) {
        String limit = switch (x.status()) {
            case HttpStatus.CONTENT_TOO_LARGE -> "maxContentLength";
            case HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE -> "maxHeaderBytes";
            case HttpStatus.URI_TOO_LONG -> "maxStartLineLength";
            default -> null;
        };
        return limit == null ? x.getMessage() : x.reason() + ": over the client's limit HttpLimits." + limit + " ("
                + parser.limits() + "); raise it with HttpClient.Config.withLimits";
    }

    /** Bytes arrived between responses: they begin the response to the oldest outstanding request. */
    private boolean nextResponse() {
        long seq = queue.answered();
        if (seq >= queue.generated()) {
            badResponse("bytes arrived while no request was outstanding", null);
            return false;
        }
        HttpExchange exchange = queue.slot(seq);
        if (!exchange.isActive(seq)) {
            // Ended by a close that came meanwhile.
            return false;
        }
        receiving = exchange;
        receivingSeq = seq;
        parser.expectResponseTo(exchange.request().method());
        return true;
    }

    /** @return false if the connection is done */
    private boolean responseComplete(long readNanos) {
        HttpExchange exchange = receiving;
        long seq = receivingSeq;
        int status = parser.status();
        if (status < 200) {
            if (status == 101) {
                badResponse("101 Switching Protocols, but no upgrade was asked for", null);
                return false;
            }
            // An interim response (100 Continue, 103 Early Hints): the final one follows.
            parser.reset();
            parser.expectResponseTo(exchange.request().method());
            return true;
        }
        boolean persistent = parser.isPersistent() && exchange.request().isPersistent();
        receiving = null;
        // The credit comes back before the listener runs, so that it may send the next request.
        queue.answered(seq + 1);
        boolean succeeded = exchange.succeed(seq, readNanos);
        parser.reset();
        if (!succeeded) {
            return false;
        }
        if (!persistent) {
            closeAfterLastResponse(exchange);
            return false;
        }
        if (queue.admission() != ExchangeQueue.Admission.OPEN && queue.outstanding() == 0) {
            // Shut while idle (an idle timeout raced a send): nothing more will come.
            getEndPoint().close();
            return false;
        }
        return true;
    }

    private void closeAfterLastResponse(HttpExchange last) {
        queue.shut();
        int unanswered = queue.outstanding();
        if (unanswered == 0) {
            getEndPoint().close();
        } else {
            getEndPoint().close(new HttpClientException(HttpClientException.Kind.CLOSED, "the server ends " + describe()
                    + " after the response to " + last.request() + " (#" + last.sequence() + ": Connection: close, or a body delimited by the close); "
                    + unanswered + " later request(s) were not answered"));
        }
    }

    private void endOfInput(long readNanos) {
        if (!getEndPoint().isOpen()) {
            return;
        }
        if (receiving != null) {
            try {
                if (parser.endOfInput(handler) == Progress.MESSAGE_COMPLETE) {
                    // A body delimited by the close.
                    responseComplete(readNanos);
                    return;
                }
            } catch (BadMessageException x) {
                getEndPoint().close(new HttpClientException(HttpClientException.Kind.CLOSED, "the server closed " + describe()
                        + " in the middle of the response to " + receiving.request() + " (" + x.reason() + "); "
                        + queue.outstanding() + " request(s) outstanding", x));
                return;
            }
        }
        int outstanding = queue.outstanding();
        if (outstanding == 0) {
            getEndPoint().close();
        } else {
            getEndPoint().close(new HttpClientException(HttpClientException.Kind.CLOSED, "the server closed " + describe()
                    + " with " + outstanding + " request(s) outstanding"));
        }
    }

    private void badResponse(String what, BadMessageException cause) {
        getEndPoint().close(new HttpClientException(HttpClientException.Kind.BAD_RESPONSE, "bad response on " + describe()
                + (receiving != null ? " to " + receiving.request() + " (#" + receivingSeq + ")" : "") + ": " + what + "; "
                + queue.outstanding() + " request(s) outstanding", cause));
    }

    /** Read by exchanges for their listener, during its call. */
    HttpFields responseFields() {
        return parser.fields();
    }

    HttpFields responseTrailers() {
        return parser.trailers();
    }

    // --- ending -----------------------------------------------------------------------------------

    /**
     * The client's periodic check: closes the connection if an outstanding request's deadline
     * has passed. The requests themselves are failed by {@link #onClose}.
     */
    void expire(long nowNanos) {
        long claimed = queue.claimed();
        for (long seq = queue.answered(); seq < claimed; seq++) {
            long deadline = queue.slot(seq).activeDeadline(seq);
            if (deadline != HttpExchange.NO_DEADLINE && nowNanos - deadline >= 0) {
                getEndPoint().close(new HttpClientException(HttpClientException.Kind.TIMEOUT,
                        "request #" + seq + " on " + describe() + " timed out"));
                return;
            }
        }
    }

    /** Idle with nothing outstanding: close. With requests outstanding their own timeouts decide. */
    @Override
    public boolean onIdleExpired(TimeoutException timeout) {
        if (queue.outstanding() > 0) {
            return false;
        }
        queue.shut();
        // A send that slipped in before the shut is answered first; the reader closes after it.
        return queue.outstanding() == 0;
    }

    @Override
    public void onClose(Throwable cause) {
        long claimed = queue.shut();
        long answered = queue.answered();
        HttpClientException failure = failure(cause, (int) (claimed - answered));
        queue.close(failure);
        long now = System.nanoTime();
        for (long seq = answered; seq < claimed; seq++) {
            HttpExchange exchange = queue.slot(seq);
            if (exchange.isActive(seq)) {
                HttpClientException why = exchange.isExpired(now) ? timedOut(exchange, now)
                        : !exchange.isAnyByteWritten() && byTheServer(failure) ? notWritten(exchange, failure) : failure;
                exchange.fail(seq, why, now);
            }
        }
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "{0} closed: {1}", this, failure);
        }
        client.closed(this);
        closed.complete(cause == null && claimed == answered ? null : failure);
    }

    /** Makes the cause of a close into what the outstanding requests fail with. */
    private HttpClientException failure(Throwable cause, int outstanding) {
        String counted = " with " + outstanding + " request(s) outstanding";
        if (cause instanceof HttpClientException x) {
            if (x.kind() == HttpClientException.Kind.TIMEOUT) {
                // The expired requests get TIMEOUT of their own; this is for the others.
                return new HttpClientException(HttpClientException.Kind.ABORTED, describe() + " closed because a request timed out" + counted, x);
            }
            return x;
        }
        if (cause == null) {
            return new HttpClientException(HttpClientException.Kind.CLOSED, describe() + " closed" + counted);
        }
        if (cause instanceof TimeoutException) {
            return new HttpClientException(HttpClientException.Kind.TIMEOUT, describe() + " closed on idle timeout" + counted + ": "
                    + cause.getMessage(), cause);
        }
        if (cause instanceof AsynchronousCloseException) {
            return new HttpClientException(HttpClientException.Kind.ABORTED, describe() + " closed by its selector stopping" + counted, cause);
        }
        if (cause instanceof IOException) {
            return new HttpClientException(HttpClientException.Kind.RESET, describe() + " failed" + counted + ": " + cause, cause);
        }
        return new HttpClientException(HttpClientException.Kind.ABORTED, describe() + " failed" + counted + ": " + cause, cause);
    }

    /** @return true if the connection closed because the server closed or reset it (not this side, not a bad response) */
    private static boolean byTheServer(HttpClientException failure) {
        HttpClientException.Kind kind = failure.kind();
        return kind == HttpClientException.Kind.CLOSED || kind == HttpClientException.Kind.RESET;
    }

    private HttpClientException notWritten(HttpExchange exchange, HttpClientException failure) {
        HttpRequest request = exchange.request();
        return new HttpClientException(HttpClientException.Kind.NOT_WRITTEN, request + " (#" + exchange.sequence() + ") on " + describe()
                + ": the server closed the connection before any byte of the request was written; the server never saw it, and it "
                + (request.isIdempotent() ? "can be sent again on another connection"
                        : "could be sent again, but its method is not idempotent: a client sends it again only on purpose"), failure);
    }

    private HttpClientException timedOut(HttpExchange exchange, long nowNanos) {
        String progress = exchange.hasResponseHead() ? " (its head arrived, then " + exchange.contentBytes() + " bytes of content)"
                : exchange.isSent() ? " (no byte of it arrived)" : " (the socket had not taken all of it)";
        return new HttpClientException(HttpClientException.Kind.TIMEOUT, exchange.request() + " (#" + exchange.sequence() + ") on "
                + describe() + ": no complete response within " + exchange.timeoutMillis() + " ms" + progress);
    }

    private String describe() {
        return address(getEndPoint().getLocalAddress()) + "->" + address(getEndPoint().getRemoteAddress());
    }

    /** @return {@code host:port}, without the resolver's slash */
    static String address(InetSocketAddress address) {
        if (address == null) {
            return "?";
        }
        String host = address.getAddress() != null ? address.getAddress().getHostAddress() : address.getHostString();
        return host + ":" + address.getPort();
    }

    @Override
    public String toString() {
        return "HttpClientConnection@" + Integer.toHexString(hashCode()) + "[" + describe() + "," + queue + "," + flusher + "]";
    }

    /** Submitted by a failed write: the selector reads what the server sent before, then closes. */
    private final class ReadAfterWriteFailure implements Runnable {
        private final Throwable cause;

        ReadAfterWriteFailure(Throwable cause) {
            this.cause = cause;
        }

        @Override
        public void run() {
            if (!getEndPoint().isOpen()) {
                return;
            }
            writeFailure = cause;
            // The read callback may still be registered: this reads without it, to the end, and
            // never registers it again.
            onFillable();
        }

        @Override
        public String toString() {
            return "readAfterWriteFailure[" + HttpClientConnection.this + "," + cause + "]";
        }
    }

    /** The parser's events, on the reader's thread: they go to the exchange being received. */
    private final class ResponseHandler implements HttpParser.Handler {
        @Override
        public boolean headComplete(HttpParser p) {
            int status = p.status();
            if (status >= 200) {
                receiving.headReceived(status, p.version());
                if (!p.isPersistent()) {
                    // The server closes after this response: send nothing more on this connection.
                    queue.shut();
                }
                receiving.notifyHead();
            } else if (DEBUG) {
                LOG.log(System.Logger.Level.DEBUG, "{0} interim {1}", HttpClientConnection.this, status);
            }
            return false;
        }

        @Override
        public boolean content(HttpParser p, ByteBuffer content) {
            HttpExchange exchange = receiving;
            exchange.contentReceived(content.remaining());
            if (exchange.deliversContent()) {
                exchange.notifyContent(content);
            }
            return false;
        }

        @Override
        public void messageComplete(HttpParser p) {
        }
    }
}
