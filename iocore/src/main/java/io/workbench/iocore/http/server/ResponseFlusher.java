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
 * <p>An {@link IteratingCallback}, reset for each write: {@code process()} generates and starts
 * the gather write (SCHEDULED), and when the endpoint calls back, the next {@code process()}
 * reports the write done (SUCCEEDED); the callback of the write is completed from
 * {@code onCompleteSuccess()} or {@code onCompleteFailure()}, when the endpoint no longer holds
 * the buffers, which are released there. A write the socket takes at once completes inside
 * {@code write()}, with no thread hop and no recursion; one that must wait for the socket to drain
 * completes from the selector. The gather arrays are preallocated, so a response allocates nothing.
 *
 * <h2>Pipelined responses: one write per batch</h2>
 * When the connection says that more request bytes are already buffered behind the request being
 * answered ({@link #holdNextResponse}), a complete small response (head and content in the head
 * buffer, persistent) is not written: its bytes are copied into the <em>held</em> buffer and its
 * callback completes at once, as a write the socket took at once would. The held bytes go out
 * first in the next write of any kind: the next response's (which copies itself behind them when it
 * fits, or gathers them in front of its own buffers), or {@link #flushHeld} when the connection runs
 * out of buffered requests. So the responses to the requests of one read leave in one
 * {@code write(2)}, in request order, and a lone request (nothing buffered behind it) is never held.
 * A response that does not fit in what is left of the held buffer is written at once, behind what
 * is held. The held buffer is touched only by {@code process()}, which the iterating callback runs
 * on one thread at a time, and by the thread that owns the connection between exchanges.
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
    private final ByteBuffer[][] gathers = {new ByteBuffer[1], new ByteBuffer[2], new ByteBuffer[3], new ByteBuffer[4]};
    private Response response;
    /** Set by the connection before it hands a request over: more requests are buffered behind it. */
    private boolean holdAllowed;
    /** Responses accepted and not yet written (fill mode: position = bytes held); null when none. */
    private ByteBuffer held;

    // The write in progress: owned by the thread that processes it.
    private boolean last;
    private ByteBuffer content;
    private Callback callback;
    private boolean flushed;
    private ByteBuffer header;
    private ByteBuffer tail;
    /** The write in progress sends the held bytes (which it releases when it completes). */
    private boolean heldInWrite;
    /** The write in progress is {@link #flushHeld}'s: held bytes only, no response. */
    private boolean heldOnly;

    ResponseFlusher(EndPoint endPoint, ByteBufferPool pool, int headerBufferSize, int maxHeaderBufferSize,
                    boolean sendDate, InvocationType invocationType) {
        super(true);
        this.endPoint = endPoint;
        this.pool = pool;
        this.headerBufferSize = headerBufferSize;
        this.maxHeaderBufferSize = maxHeaderBufferSize;
        this.generator = new ResponseGenerator(sendDate);
        this.invocationType = invocationType;
    }

    void bind(Response response) {
        this.response = response;
    }

    /** Starts a write; see {@link Response#write}. */
    void write(boolean last, ByteBuffer content, Callback callback) {
        if (!reset()) {
            throw new WritePendingException();
        }
        this.last = last;
        this.content = content;
        this.callback = callback;
        this.flushed = false;
        this.heldOnly = false;
        if (last) {
            response.lastWritten();
        }
        iterate();
    }

    /**
     * Says whether the next response may be held: only the thread that owns the connection calls
     * it, before it hands a request to the handler.
     */
    void holdNextResponse(boolean allowed) {
        holdAllowed = allowed;
    }

    /** @return true if responses are held and not yet written; only for the thread that owns the connection */
    boolean hasHeld() {
        return held != null;
    }

    /**
     * Writes the held responses, by the thread that owns the connection when it has no request
     * buffered to answer; {@code callback} completes when they are written (perhaps inside this call).
     */
    void flushHeld(Callback callback) {
        if (!reset()) {
            throw new WritePendingException();
        }
        this.last = false;
        this.content = null;
        this.callback = callback;
        this.flushed = false;
        this.heldOnly = true;
        iterate();
    }

    /** Gives the held buffer back without writing it: the connection is closing. Owner thread only. */
    void dropHeld() {
        ByteBuffer buffer = held;
        if (buffer != null) {
            held = null;
            pool.release(buffer);
        }
    }

    /** @return true while a write waits for the socket to drain (the client is not reading fast enough) */
    boolean isWaitingForSocket() {
        return isPending();
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
        flushed = true;
        if (heldOnly) {
            heldInWrite = true;
            held.flip();
            ByteBuffer[] one = gathers[0];
            one[0] = held;
            endPoint.write(this, one);
            return Action.SCHEDULED;
        }
        if (!response.isCommitted()) {
            writeHead();
        } else {
            header = pool.acquire(FRAMING_ROOM);
        }
        int length = content == null ? 0 : content.remaining();
        boolean sendContent = false;
        if (length > 0) {
            sendContent = generator.writeContentPrefix(header, length);
            if (!sendContent) {
                // A response to HEAD: the content is accepted and dropped.
                content.position(content.limit());
            }
        }
        // Small content is copied after the head: one buffer, one write(2), cheaper than a writev of two.
        boolean copied = sendContent && length <= COPY_LIMIT && header.remaining() >= length + FRAMING_ROOM;
        if (copied) {
            header.put(content);
        }
        boolean gatherContent = sendContent && !copied;
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
        boolean whole = !gatherContent && tail == null;
        if (whole && last && holdAllowed && generator.isPersistent() && hold(header)) {
            // Another request is buffered behind this one: its response will carry this one out.
            return Action.SUCCEEDED;
        }
        if (held != null) {
            heldInWrite = true;
            if (whole && held.remaining() >= header.remaining()) {
                // Behind the held responses in their buffer: the batch leaves in one plain write(2).
                held.put(header);
                header.clear().flip();
            }
            held.flip();
        }
        endPoint.write(this, gather(gatherContent));
        return Action.SCHEDULED;
    }

    /** Copies a whole response (in flush mode) behind the held ones; false if it does not fit. */
    private boolean hold(ByteBuffer whole) {
        if (held == null) {
            if (whole.remaining() > HELD_CAPACITY) {
                return false;
            }
            held = pool.acquire(HELD_CAPACITY);
        } else if (held.remaining() < whole.remaining()) {
            return false;
        }
        held.put(whole);
        return true;
    }

    /** Generates the head into a pooled buffer, a larger one each time it does not fit. */
    private void writeHead() {
        Response r = response;
        long contentLength = r.getContentLength();
        if (contentLength < 0 && last) {
            contentLength = content == null ? 0 : content.remaining();
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

    private ByteBuffer[] gather(boolean sendContent) {
        boolean withHeld = heldInWrite;
        boolean withHeader = header.hasRemaining();
        boolean withContent = sendContent && content.hasRemaining();
        int count = (withHeld ? 1 : 0) + (withHeader ? 1 : 0) + (withContent ? 1 : 0) + (tail != null ? 1 : 0);
        if (count == 0) {
            // Nothing to send (an empty non-last piece of a chunked body): still one empty write, so the callback runs in order.
            ByteBuffer[] one = gathers[0];
            one[0] = header;
            return one;
        }
        ByteBuffer[] array = gathers[count - 1];
        int i = 0;
        if (withHeld) {
            array[i++] = held;
        }
        if (withHeader) {
            array[i++] = header;
        }
        if (withContent) {
            array[i++] = content;
        }
        if (tail != null) {
            array[i] = tail;
        }
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
        for (ByteBuffer[] array : gathers) {
            Arrays.fill(array, null);
        }
        if (header != null) {
            pool.release(header);
            header = null;
        }
        if (tail != null) {
            pool.release(tail);
            tail = null;
        }
        if (heldInWrite) {
            heldInWrite = false;
            dropHeld();
        }
        content = null;
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
        return "ResponseFlusher@" + Integer.toHexString(hashCode()) + "[" + super.toString() + "," + generator + "]";
    }
}
