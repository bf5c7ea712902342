package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.IteratingCallback;
import io.workbench.iocore.http.BodyFraming;
import io.workbench.iocore.http.ResponseGenerator;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.io.EndPoint;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.channels.WritePendingException;
import java.util.Arrays;

/**
 * Writes one {@link Response#write} at a time: generates what goes around the content (the head
 * on the first write, a chunk-size line, the end of the message) into a pooled buffer, and sends
 * {@code [head, content, end]} as one gather write on the endpoint. Content of at most
 * {@link #COPY_LIMIT} bytes is copied into the head buffer instead, so that a small response is a
 * single buffer and a plain {@code write(2)}; larger content is never copied.
 *
 * <h2>Several pieces in one write</h2>
 * A write may carry several pieces of content (a streaming writer gathering its chunks): they go
 * out as {@code [head, piece, piece, ..., end]} in the same one gather write, never copied. With
 * Content-Length framing nothing comes between them; with chunked framing each non-empty piece is
 * a chunk of its own, its chunk-size line in front of it (the first piece's behind the head, the
 * others' in the connection's {@link PiecePrefixes}), so the wire shows the pieces as the writer
 * cut them.
 *
 * <p>An {@link IteratingCallback}, reset for each write: {@code process()} generates and starts
 * the gather write (SCHEDULED), and when the endpoint calls back, the next {@code process()}
 * reports the write done (SUCCEEDED); the callback of the write is completed from
 * {@code onCompleteSuccess()} or {@code onCompleteFailure()}, when the endpoint no longer holds
 * the buffers, which are released there. A write the socket takes at once completes inside
 * {@code write()}, with no thread hop and no recursion; one that must wait for the socket to drain
 * completes from the selector. The gather arrays are kept and reused, so a response allocates
 * nothing once the connection has written one like it.
 *
 * <h2>Pipelined responses: one write per batch</h2>
 * While the connection's thread handles a request with more request bytes buffered behind it, it
 * says so ({@link #holdOnThisThread}), and a complete small response that this same thread writes
 * (head and content in the head buffer, the last write, persistent) is not written: its bytes are
 * copied into the {@link HeldResponses} and its callback completes at once, as a write the socket
 * took at once would. The held bytes go out first in the next write of any kind: the next
 * response's (which copies itself behind them when it fits, or gathers them in front of its own
 * buffers), or the connection's own {@link #flushHeld} when the batch ends, when a handler goes
 * asynchronous, or when the connection fails. A response written by any other thread (a handler
 * that answers late) is never held. A response write that finds the held bytes in the
 * connection's own flush waits for it: its {@code process()} returns IDLE, and the flush's
 * completion iterates it again. The held buffer goes back to the pool only from the completion of
 * the write that carried it.
 *
 * <p>Its invocation type is the handler's: completing a write may hand the connection to the next
 * request, and so call the handler.
 */
final class ResponseFlusher extends IteratingCallback {

    /** Room kept after a generated head for a chunk-size line and the end of a chunked body. */
    private static final int FRAMING_ROOM = 32;
    /** Content up to this size is copied into the head buffer rather than gathered. */
    static final int COPY_LIMIT = 1024;
    /** Capacity of the buffer that collects pipelined responses; a response that does not fit is written at once. */
    static final int HELD_CAPACITY = 16 * 1024;

    private final EndPoint endPoint;
    private final ByteBufferPool pool;
    private final int headerBufferSize;
    private final int maxHeaderBufferSize;
    private final InvocationType invocationType;
    private final ResponseGenerator generator;
    /** Gather arrays up to this length are kept one per length; longer ones in {@link #longGathers}. */
    static final int KEPT_GATHER_LENGTH = 131;
    /**
     * The gather arrays, one per length: 1 to 4 made now (every write of one piece), longer ones the
     * first time a write of several pieces needs them; {@code gathers[n]} has length n.
     */
    private final ByteBuffer[][] gathers = new ByteBuffer[KEPT_GATHER_LENGTH + 1][];
    /**
     * The last few gather arrays longer than {@link #KEPT_GATHER_LENGTH} (a streaming writer with
     * small chunks), made when first needed: a stream's writes but its first and last have one
     * length, so a steady stream finds its array here and allocates nothing.
     */
    private final ByteBuffer[][] longGathers = new ByteBuffer[4][];
    private int nextLongGather;
    /** The one-piece write's content, as a piece array. */
    private final ByteBuffer[] single = new ByteBuffer[1];
    private final PiecePrefixes prefixes = new PiecePrefixes();
    private final HeldResponses held;
    private final HeldFlush heldFlush = new HeldFlush();
    private Response response;
    /**
     * The connection's thread while it handles a request with more buffered behind it: only a
     * response that this thread writes may be held. Written by that thread only (its own identity,
     * then null); a thread reads its own identity here only while it set it, whatever else it reads.
     */
    private Thread holdingThread;

    // The write in progress: owned by the thread that processes it.
    private boolean last;
    /** The content: pieces[piecesOffset ..+ piecesCount), not ours to change but by consuming them. */
    private ByteBuffer[] pieces;
    private int piecesOffset;
    private int piecesCount;
    private Callback callback;
    /** What goes around the content is generated (once per write, even if the write then waits). */
    private boolean generated;
    /** The pieces are sent as buffers of their own (not copied behind the head). */
    private boolean gatherContent;
    /** The array handed to the endpoint, cleared when the write completes. */
    private ByteBuffer[] sent;
    private boolean flushed;
    private ByteBuffer header;
    private ByteBuffer tail;
    /** The held buffer this write carries (it gives it back when it completes); null if none. */
    private ByteBuffer carried;

    ResponseFlusher(EndPoint endPoint, ByteBufferPool pool, int headerBufferSize, int maxHeaderBufferSize,
                    boolean sendDate, InvocationType invocationType) {
        super(true);
        this.endPoint = endPoint;
        this.pool = pool;
        this.headerBufferSize = headerBufferSize;
        this.maxHeaderBufferSize = maxHeaderBufferSize;
        this.generator = new ResponseGenerator(sendDate);
        this.invocationType = invocationType;
        this.held = new HeldResponses(pool, HELD_CAPACITY);
        for (int n = 1; n <= 4; n++) {
            gathers[n] = new ByteBuffer[n];
        }
    }

    void bind(Response response) {
        this.response = response;
    }

    /** Starts a write of one piece of content (or none, if null); see {@link Response#write(boolean, ByteBuffer, Callback)}. */
    void write(boolean last, ByteBuffer content, Callback callback) {
        requireNoWrite();
        single[0] = content;
        start(last, single, 0, content == null ? 0 : 1, callback);
    }

    /** Starts a write of several pieces; see {@link Response#write(boolean, ByteBuffer[], int, int, Callback)}. */
    void write(boolean last, ByteBuffer[] content, int offset, int length, Callback callback) {
        requireNoWrite();
        start(last, content, offset, length, callback);
    }

    private void requireNoWrite() {
        // A write waiting for the held responses (IDLE, its callback set) is still in progress.
        if (this.callback != null || !reset()) {
            throw new WritePendingException();
        }
    }

    private void start(boolean last, ByteBuffer[] content, int offset, int length, Callback callback) {
        this.last = last;
        this.pieces = content;
        this.piecesOffset = offset;
        this.piecesCount = length;
        this.callback = callback;
        this.generated = false;
        this.flushed = false;
        if (last) {
            response.lastWritten();
        }
        iterate();
    }

    /**
     * Lets the calling thread's responses be held (or no longer): the thread that owns the
     * connection, around a request it hands to the handler with more request bytes buffered.
     */
    void holdOnThisThread(boolean allowed) {
        holdingThread = allowed ? Thread.currentThread() : null;
    }

    /** @return true if responses are held and no write carries them yet */
    boolean hasHeld() {
        return held.isHeld();
    }

    /**
     * Writes the held responses now, by the thread that owns the connection: when the batch ends,
     * when a handler has gone asynchronous, or before the connection closes after a failure. A
     * response write that comes meanwhile waits for it.
     *
     * @param then completed when the held responses are written (perhaps inside this call), or
     *             failed if their write fails; null to close the endpoint on a failure
     * @return false if nothing is held (or a write carries it already): {@code then} is not called
     */
    boolean flushHeld(Callback then) {
        return heldFlush.start(then);
    }

    /**
     * Gives the held responses back unwritten: the endpoint is closed. Does nothing if a write
     * carries them (that write gives them back when it fails). Owner thread only.
     */
    void dropHeld() {
        held.drop();
    }

    /** @return true while a write waits for the socket to drain (the client is not reading fast enough) */
    boolean isWaitingForSocket() {
        return isPending() || heldFlush.outstanding;
    }

    /** @return whether the generator keeps the connection open after the response (once committed) */
    boolean isPersistent() {
        return generator.isPersistent();
    }

    /** Makes the generator ready for the next response; false if the last one did not end cleanly. */
    boolean recycle() {
        if (generator.isComplete()) {
            generator.reset();
            return true;
        }
        return false;
    }

    @Override
    protected Action process() throws Throwable {
        if (flushed) {
            return Action.SUCCEEDED;
        }
        if (!generated) {
            generate();
            generated = true;
        }
        boolean whole = !gatherContent && tail == null;
        // The first process() of a write runs on the writing thread: only the connection's own,
        // writing in place while it handles a request, may hold its response.
        if (whole && last && holdingThread == Thread.currentThread() && generator.isPersistent() && held.hold(header)) {
            // Another request is buffered behind this one: its response will carry this one out.
            flushed = true;
            return Action.SUCCEEDED;
        }
        ByteBuffer heldBytes = held.carry();
        if (heldBytes == null && held.await()) {
            // The connection's own write carries the held responses (a handler answering from
            // another thread while the connection writes them): this one goes after it, when its
            // completion iterates this callback again.
            return Action.IDLE;
        }
        flushed = true;
        if (heldBytes != null) {
            carried = heldBytes;
            if (whole && heldBytes.remaining() >= header.remaining()) {
                // Behind the held responses in their buffer: the batch leaves in one plain write(2).
                heldBytes.put(header);
                header.clear().flip();
            }
            heldBytes.flip();
        }
        endPoint.write(this, gather());
        return Action.SCHEDULED;
    }

    /** Generates what goes around the content into the head buffer (and a tail, for a gathered chunked end). */
    private void generate() {
        if (!response.isCommitted()) {
            writeHead();
        } else {
            header = pool.acquire(FRAMING_ROOM);
        }
        gatherContent = false;
        if (piecesCount == 1) {
            ByteBuffer content = pieces[piecesOffset];
            int length = content.remaining();
            boolean sendContent = length > 0 && framePiece(header, length);
            // Small content is copied after the head: one buffer, one write(2), cheaper than a writev of two.
            boolean copied = sendContent && length <= COPY_LIMIT && header.remaining() >= length + FRAMING_ROOM;
            if (copied) {
                header.put(content);
            }
            gatherContent = sendContent && !copied;
        } else if (piecesCount > 1) {
            gatherContent = framePieces();
        }
        if (last) {
            if (gatherContent && generator.bodyFraming() == BodyFraming.CHUNKED) {
                tail = pool.acquire(FRAMING_ROOM);
                generator.writeEnd(tail, null);
                tail.flip();
            } else {
                generator.writeEnd(header, null);
            }
        }
        header.flip();
    }

    /**
     * Frames each non-empty piece: the first one's prefix goes into the head buffer, the others'
     * into the {@link PiecePrefixes} when chunked (with other framing there is none).
     *
     * @return true if the pieces are sent, false if they were dropped (a response to HEAD) or all empty
     */
    private boolean framePieces() {
        boolean chunked = generator.bodyFraming() == BodyFraming.CHUNKED;
        if (chunked) {
            prefixes.clear(piecesCount);
        }
        boolean first = true;
        for (int i = 0; i < piecesCount; i++) {
            int length = pieces[piecesOffset + i].remaining();
            if (length == 0) {
                continue;
            }
            boolean send = first || !chunked ? framePiece(header, length) : prefixes.frame(i, generator, length);
            first = false;
            if (!send) {
                return false;
            }
        }
        return !first;
    }

    /** The framing of one piece into {@code out}; false if the content is dropped (a response to HEAD: all of it is). */
    private boolean framePiece(ByteBuffer out, int length) {
        if (generator.writeContentPrefix(out, length)) {
            return true;
        }
        // A response to HEAD: the content is accepted and dropped.
        for (int i = 0; i < piecesCount; i++) {
            ByteBuffer piece = pieces[piecesOffset + i];
            piece.position(piece.limit());
        }
        return false;
    }

    /** @return the bytes of content the write carries */
    private long contentLength() {
        long length = 0;
        for (int i = 0; i < piecesCount; i++) {
            length += pieces[piecesOffset + i].remaining();
        }
        return length;
    }

    /** Generates the head into a pooled buffer, a larger one each time it does not fit. */
    private void writeHead() {
        Response r = response;
        long contentLength = r.getContentLength();
        if (contentLength < 0 && last) {
            contentLength = contentLength();
        }
        int size = headerBufferSize;
        while (true) {
            header = pool.acquire(size);
            try {
                header.limit(header.capacity() - FRAMING_ROOM);
                generator.writeHead(header, r.requestMethod(), r.requestVersion(), r.getStatus(), r.fields(),
                        contentLength, r.requestPersistent());
                header.limit(header.capacity());
                r.committed();
                return;
            } catch (BufferOverflowException x) {
                pool.release(header);
                header = null;
                if (size >= maxHeaderBufferSize) {
                    throw new IllegalStateException("the response head does not fit in " + maxHeaderBufferSize + " bytes");
                }
                size = Math.min(size * 2, maxHeaderBufferSize);
            }
        }
    }

    private ByteBuffer[] gather() {
        boolean withHeld = carried != null;
        boolean withHeader = header.hasRemaining();
        boolean chunked = generator.bodyFraming() == BodyFraming.CHUNKED;
        int count = (withHeld ? 1 : 0) + (withHeader ? 1 : 0) + (tail != null ? 1 : 0);
        if (gatherContent) {
            boolean first = true;
            for (int i = 0; i < piecesCount; i++) {
                if (pieces[piecesOffset + i].hasRemaining()) {
                    count += first || !chunked ? 1 : 2;
                    first = false;
                }
            }
        }
        if (count == 0) {
            // Nothing to send (an empty non-last piece of a chunked body): still one empty write, so the callback runs in order.
            count = 1;
            withHeader = true;
        }
        ByteBuffer[] array = gatherArray(count);
        int at = 0;
        if (withHeld) {
            array[at++] = carried;
        }
        if (withHeader) {
            array[at++] = header;
        }
        if (gatherContent) {
            boolean first = true;
            for (int i = 0; i < piecesCount; i++) {
                ByteBuffer piece = pieces[piecesOffset + i];
                if (piece.hasRemaining()) {
                    if (!first && chunked) {
                        array[at++] = prefixes.get(i);
                    }
                    array[at++] = piece;
                    first = false;
                }
            }
        }
        if (tail != null) {
            array[at] = tail;
        }
        sent = array;
        return array;
    }

    /** @return an array of exactly {@code count} buffers, all null, kept for the next write of that many */
    private ByteBuffer[] gatherArray(int count) {
        if (count <= KEPT_GATHER_LENGTH) {
            ByteBuffer[] array = gathers[count];
            if (array == null) {
                array = new ByteBuffer[count];
                gathers[count] = array;
            }
            return array;
        }
        for (ByteBuffer[] array : longGathers) {
            if (array != null && array.length == count) {
                return array;
            }
        }
        ByteBuffer[] array = new ByteBuffer[count];
        longGathers[nextLongGather] = array;
        nextLongGather = (nextLongGather + 1) % longGathers.length;
        return array;
    }

    @Override
    protected void onCompleteSuccess() {
        complete().succeeded();
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        complete().failed(cause);
    }

    /** Releases what the write held; @return its callback */
    private Callback complete() {
        if (sent != null) {
            Arrays.fill(sent, null);
            sent = null;
        }
        single[0] = null;
        pieces = null;
        if (header != null) {
            pool.release(header);
            header = null;
        }
        if (tail != null) {
            pool.release(tail);
            tail = null;
        }
        if (carried != null) {
            carried = null;
            // Nothing can await the held responses while this write carries them: a response
            // write is this one, and the connection's own flush only takes what is held.
            held.written();
        }
        Callback done = callback;
        callback = null;
        return done;
    }

    @Override
    public InvocationType getInvocationType() {
        return invocationType;
    }

    @Override
    public String toString() {
        return "ResponseFlusher@" + Integer.toHexString(hashCode()) + "[" + super.toString() + "," + held + ","
                + generator + "]";
    }

    /**
     * The connection's own write of the held responses. It owns the held buffer from
     * {@link HeldResponses#carry()} until its completion gives it back; a response write that
     * came meanwhile waited ({@link HeldResponses#await()}) and is iterated again from here.
     */
    private final class HeldFlush implements Callback {
        private final ByteBuffer[] one = new ByteBuffer[1];
        /** Set before the write starts, read by its completer (the endpoint's write orders the two). */
        private Callback then;
        /** From the start of the write until its completion, for the idle timeout (any thread reads it). */
        private volatile boolean outstanding;

        boolean start(Callback next) {
            ByteBuffer buffer = held.carry();
            if (buffer == null) {
                return false;
            }
            then = next;
            outstanding = true;
            one[0] = buffer.flip();
            try {
                endPoint.write(this, one);
            } catch (WritePendingException x) {
                // A write already in progress (a bug): the endpoint refused the write before it took
                // the buffer, so this write is over before it began.
                failed(x);
            }
            // Anything else the write throws comes after the endpoint took the buffer: the write
            // completed in place, and a callback it completed threw (the handler's, whose response
            // write waited for this one and was woken). This write is done, once; the exception is
            // the caller's.
            return true;
        }

        @Override
        public void succeeded() {
            Callback next = then;
            boolean awaited = release();
            try {
                if (awaited) {
                    iterate();
                }
            } finally {
                if (next != null) {
                    next.succeeded();
                }
            }
        }

        @Override
        public void failed(Throwable cause) {
            Callback next = then;
            boolean awaited = release();
            try {
                if (awaited) {
                    iterate();
                }
            } finally {
                if (next != null) {
                    next.failed(cause);
                } else {
                    endPoint.close(cause);
                }
            }
        }

        /**
         * Gives the buffer back. The response write that waited for it is woken by the caller, and
         * whatever that wake-up throws (a callback it completes) never keeps {@code then} from
         * completing.
         *
         * @return whether a response write waited for this one
         */
        private boolean release() {
            then = null;
            one[0] = null;
            outstanding = false;
            return held.written();
        }

        @Override
        public InvocationType getInvocationType() {
            return invocationType;
        }

        @Override
        public String toString() {
            return "heldFlush[" + ResponseFlusher.this + "]";
        }
    }
}
