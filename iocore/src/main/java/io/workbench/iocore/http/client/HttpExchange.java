package io.workbench.iocore.http.client;

import io.workbench.iocore.http.HttpFields;
import io.workbench.iocore.http.HttpVersion;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * One request on one connection and what became of it: what a {@link HttpResponseListener} is
 * given. Exchanges are preallocated slots of the connection's {@link ExchangeQueue} and are reused
 * for later requests, so a listener reads them during its call and keeps nothing.
 *
 * <h2>Exactly once</h2>
 * The slot's state is one word, {@code sequence << 1 | done}: the sequence number of the request it
 * holds (its place in the connection's order) and whether that request is over.
 * <pre>
 *   (older sequence, done) --publish(seq), by the thread that claimed seq--> (seq, ACTIVE)
 *   (seq, ACTIVE) --complete(seq): CAS, exactly one winner--> (seq, DONE)
 * </pre>
 * Three kinds of thread may try to end a request: the reader when its response is complete, the
 * closing connection for every request still outstanding, and the sender for its own request when
 * it finds the connection closed just as it published it. Each tries the one CAS
 * {@code (seq, ACTIVE) -> (seq, DONE)}; the winner alone records the outcome and calls the
 * listener. Because the expected word carries the sequence, a thread that read the slot before it
 * was reused for a later request cannot end the later one by mistake.
 *
 * <p>Fields other than the word are plain: the request's are written by the claiming thread before
 * the volatile publish and read after reading the word; the response's are written by the reader,
 * and the outcome by the winner of the CAS before it calls the listener. The send time, and
 * whether any byte of the request may have been written, are written by the flusher, whichever
 * thread that is, with release and read with acquire, only while the request is not over; the
 * queue's slot count makes sure the slot is not reused while the flusher's write is under way
 * ({@code ExchangeQueue}).
 *
 * <h2>The time stamps</h2>
 * All three are {@link System#nanoTime()}:
 * <ul>
 *   <li>{@link #queuedNanos()}: read in {@code send}, on the caller's thread, before the request is
 *       published; its timeout counts from here.</li>
 *   <li>{@link #sentNanos()}: read right before the {@code SocketChannel.write} ({@code write(2)},
 *       or {@code writev(2)} for several buffers) that took the request's last byte, on the thread
 *       that made that call: the sender's when the socket took it at once, else the selector's,
 *       which goes on with a write the socket could not take whole. Requests whose last bytes went
 *       in the same call share it; a request split over several calls has the last one's. 0 while
 *       the socket has not taken all of it, and for good if it never does.</li>
 *   <li>{@link #completedNanos()}, for a response: read right after the {@code SocketChannel.read}
 *       ({@code read(2)}) that returned the response's last byte (for a body delimited by the
 *       close, the read that returned the end of the stream), before the parser or any listener
 *       ran; every response completed by that read has the same. For a failure: read when the
 *       request is ended, on the thread that ends it.</li>
 * </ul>
 */
public final class HttpExchange {

    private static final long DONE = 1;
    /** Not any sequence: a fresh slot holds no request. */
    private static final long EMPTY = -1;
    static final long NO_DEADLINE = Long.MIN_VALUE;

    private static final VarHandle WORD;
    private static final VarHandle SENT;
    private static final VarHandle WRITTEN;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WORD = lookup.findVarHandle(HttpExchange.class, "word", long.class);
            SENT = lookup.findVarHandle(HttpExchange.class, "sentNanos", long.class);
            WRITTEN = lookup.findVarHandle(HttpExchange.class, "anyByteWritten", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final System.Logger LOG = System.getLogger(HttpExchange.class.getName());

    private final HttpClientConnection connection;
    @SuppressWarnings("unused") // through WORD
    private volatile long word = EMPTY;

    // The request, written by the claiming thread before publish().
    private HttpRequest request;
    private HttpResponseListener listener;
    /** Whether the listener wants the body's pieces ({@link HttpResponseListener#wantsContent()}), asked once per request. */
    private boolean deliverContent;
    private long tag;
    /** The value of the request's numbered field ({@link HttpRequest.Builder#numberedField}); 0 unless the send gave one. */
    private long number;
    private long sequence;
    private long queuedNanos;
    private long deadlineNanos;
    private long timeoutMillis;

    /** When the socket took the request's last byte; 0 until then. */
    @SuppressWarnings("unused") // through SENT
    private long sentNanos;

    /** Whether a write may have taken a byte of the request: set right before such a write, cleared after one that took none. */
    @SuppressWarnings("unused") // through WRITTEN
    private boolean anyByteWritten;

    // The response, written by the reader; the outcome, by the winner of complete().
    private int status;
    private HttpVersion version;
    private boolean headReceived;
    private long contentBytes;
    private long completedNanos;
    private boolean succeeded;
    private HttpClientException failure;

    HttpExchange(HttpClientConnection connection) {
        this.connection = connection;
    }

    // --- the life of a slot ------------------------------------------------------------------------

    /** The claiming thread owns the slot until {@link #publish}: fills it for request {@code seq}. */
    void prepare(long seq, HttpRequest request, HttpResponseListener listener, long tag, long nowNanos, long timeoutMillis) {
        this.sequence = seq;
        this.request = request;
        this.listener = listener;
        this.deliverContent = listener.wantsContent();
        this.tag = tag;
        this.number = 0;
        this.queuedNanos = nowNanos;
        this.timeoutMillis = timeoutMillis;
        this.deadlineNanos = timeoutMillis > 0 ? nowNanos + timeoutMillis * 1_000_000 : NO_DEADLINE;
        SENT.setRelease(this, 0L);
        WRITTEN.setRelease(this, false);
        this.status = 0;
        this.version = null;
        this.headReceived = false;
        this.contentBytes = 0;
        this.completedNanos = 0;
        this.succeeded = false;
        this.failure = null;
    }

    /** Makes the request visible to the flusher, the reader, the closer and the timeout check. */
    void publish(long seq) {
        WORD.setVolatile(this, seq << 1);
    }

    /** @return true while request {@code seq} is published here and not over */
    boolean isActive(long seq) {
        return (long) WORD.getVolatile(this) == seq << 1;
    }

    /**
     * @return the deadline of request {@code seq} if it is active here, read so that a slot reused
     *         meanwhile is noticed; {@link #NO_DEADLINE} if it has none or is not active
     */
    long activeDeadline(long seq) {
        long active = seq << 1;
        if ((long) WORD.getVolatile(this) != active) {
            return NO_DEADLINE;
        }
        long deadline = deadlineNanos;
        // The deadline must be read before the word is read again (a seqlock's read side).
        VarHandle.loadLoadFence();
        return (long) WORD.getVolatile(this) == active ? deadline : NO_DEADLINE;
    }

    /** @return whether request {@code seq}'s deadline has passed at {@code nowNanos}; reader context only */
    boolean isExpired(long nowNanos) {
        return deadlineNanos != NO_DEADLINE && nowNanos - deadlineNanos >= 0;
    }

    /**
     * The flusher, right before a write that may take the last byte of request {@code seq}. A
     * request that is over already (answered before it was written whole, or the connection
     * closed) keeps what its listener saw.
     */
    void sent(long seq, long nowNanos) {
        if (isActive(seq)) {
            // 0 means "not sent"; a clock that reads exactly 0 is off by a nanosecond.
            SENT.setRelease(this, nowNanos == 0 ? 1 : nowNanos);
        }
    }

    /** The flusher: that write did not take the last byte of request {@code seq} after all. */
    void unsent(long seq) {
        if (isActive(seq)) {
            SENT.setRelease(this, 0L);
        }
    }

    /**
     * The flusher, right before a write that may take the first byte of request {@code seq}: from
     * now on a close fails it as a request that may have reached the server. Set before the write,
     * not after, so that a close that races with the write (on the selector, while the flusher
     * writes on the sender's thread) errs on the side of never sending it twice.
     */
    void mayBeWritten(long seq) {
        if (isActive(seq)) {
            WRITTEN.setRelease(this, true);
        }
    }

    /** The flusher: that write took no byte of request {@code seq} after all (it took less, or it failed). */
    void notWritten(long seq) {
        if (isActive(seq)) {
            WRITTEN.setRelease(this, false);
        }
    }

    /**
     * @return false if no byte of the request can have been written: the server cannot have seen
     *         it (see {@link HttpClientException.Kind#NOT_WRITTEN}); true once a write may have taken one
     */
    boolean isAnyByteWritten() {
        return (boolean) WRITTEN.getAcquire(this);
    }

    /** @return whether the listener wants the body's pieces, or only their count */
    boolean deliversContent() {
        return deliverContent;
    }

    void headReceived(int status, HttpVersion version) {
        this.status = status;
        this.version = version;
        this.headReceived = true;
    }

    void contentReceived(int bytes) {
        contentBytes += bytes;
    }

    /** Ends request {@code seq} with its response, unless something else ended it first. */
    boolean succeed(long seq, long nowNanos) {
        if (!WORD.compareAndSet(this, seq << 1, seq << 1 | DONE)) {
            return false;
        }
        completedNanos = nowNanos;
        succeeded = true;
        notifyComplete();
        return true;
    }

    /** Ends request {@code seq} with {@code cause}, unless something else ended it first. */
    boolean fail(long seq, HttpClientException cause, long nowNanos) {
        if (!WORD.compareAndSet(this, seq << 1, seq << 1 | DONE)) {
            return false;
        }
        failure = cause;
        completedNanos = nowNanos;
        notifyComplete();
        return true;
    }

    private void notifyComplete() {
        HttpResponseListener l = listener;
        try {
            l.onComplete(this);
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, l + ".onComplete() failed for " + this, x);
        } finally {
            // The slot is not reused before the reader moves on; let the listener go now.
            listener = null;
        }
    }

    void notifyHead() {
        HttpResponseListener l = listener;
        try {
            if (l != null) {
                l.onHead(this);
            }
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, l + ".onHead() failed for " + this, x);
        }
    }

    void notifyContent(ByteBuffer content) {
        HttpResponseListener l = listener;
        try {
            if (l != null) {
                l.onContent(this, content);
            }
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, l + ".onContent() failed for " + this, x);
        }
    }

    // --- what a listener reads ---------------------------------------------------------------------

    /** @return the connection the request went on */
    public HttpClientConnection connection() {
        return connection;
    }

    public HttpRequest request() {
        return request;
    }

    /** The claiming thread, after {@link #prepare} and before {@link #publish}: the numbered field's value. */
    void number(long value) {
        this.number = value;
    }

    /** @return the value of the request's numbered field, given to {@code send}; 0 if none was */
    public long number() {
        return number;
    }

    /** @return the caller's tag, given to {@code send} (e.g. the request's intended start time) */
    public long tag() {
        return tag;
    }

    /** @return the request's number on its connection, counting from 0 in the order sent */
    public long sequence() {
        return sequence;
    }

    /** @return {@link System#nanoTime()} when {@code send} accepted the request */
    public long queuedNanos() {
        return queuedNanos;
    }

    /**
     * @return whether the socket took the request's last byte (so the whole request is on its way
     *         to the server); false for a request the server answered before taking all of it
     */
    public boolean isSent() {
        return sentNanos() != 0;
    }

    /**
     * @return {@link System#nanoTime()} right before the write that took the request's last byte;
     *         0 if no write did (see the class comment)
     */
    public long sentNanos() {
        return (long) SENT.getAcquire(this);
    }

    /**
     * @return {@link System#nanoTime()} when the request ended: right after the read that
     *         completed its response returned, or when it failed (see the class comment)
     */
    public long completedNanos() {
        return completedNanos;
    }

    /** @return the timeout that applied, in milliseconds; 0 for none */
    public long timeoutMillis() {
        return timeoutMillis;
    }

    /** @return true if the request ended with a complete response */
    public boolean isSucceeded() {
        return succeeded;
    }

    /** @return why the request failed, or null */
    public HttpClientException failure() {
        return failure;
    }

    /** @return the status of the response, 0 if no head arrived */
    public int status() {
        return status;
    }

    /** @return the version of the response, null if no head arrived */
    public HttpVersion version() {
        return version;
    }

    /** @return whether the head of the (final) response arrived */
    public boolean hasResponseHead() {
        return headReceived;
    }

    /** @return bytes of response content so far (after removing chunked framing) */
    public long contentBytes() {
        return contentBytes;
    }

    /**
     * @return the response's header fields, valid during {@link HttpResponseListener#onHead} and
     *         {@link HttpResponseListener#onComplete}
     * @throws IllegalStateException if no head arrived
     */
    public HttpFields fields() {
        requireHead();
        return connection.responseFields();
    }

    /** @return the trailer fields of a chunked response (empty otherwise), valid during {@link HttpResponseListener#onComplete} */
    public HttpFields trailers() {
        requireHead();
        return connection.responseTrailers();
    }

    private void requireHead() {
        if (!headReceived) {
            throw new IllegalStateException("no response head arrived for " + this);
        }
    }

    @Override
    public String toString() {
        long w = (long) WORD.getVolatile(this);
        String state = w == EMPTY ? "EMPTY" : "#" + (w >> 1) + ((w & DONE) != 0 ? ",DONE" : ",ACTIVE");
        return "HttpExchange@" + Integer.toHexString(hashCode()) + "[" + state + "," + request + ",tag=" + tag
                + (headReceived ? ",status=" + status + ",content=" + contentBytes : "")
                + (failure != null ? ",failure=" + failure.kind() : "") + "]";
    }
}
