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
 * <p>Its invocation type is the handler's: completing a write may hand the connection to the next
 * request, and so call the handler.
 */
final class ResponseFlusher extends IteratingCallback {

    /** Room kept after a generated head for a chunk-size line and the end of a chunked body. */
    private static final int FRAMING_ROOM = 32;
    /** Content up to this size is copied into the head buffer rather than gathered. */
    static final int COPY_LIMIT = 1024;

    private final EndPoint endPoint;
    private final ByteBufferPool pool;
    private final int headerBufferSize;
    private final int maxHeaderBufferSize;
    private final InvocationType invocationType;
    private final ResponseGenerator generator;
    private final ByteBuffer[][] gathers = {new ByteBuffer[1], new ByteBuffer[2], new ByteBuffer[3]};
    private Response response;

    // The write in progress: owned by the thread that processes it.
    private boolean last;
    private ByteBuffer content;
    private Callback callback;
    private boolean flushed;
    private ByteBuffer header;
    private ByteBuffer tail;

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
        if (last) {
            response.lastWritten();
        }
        iterate();
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
        endPoint.write(this, gather(gatherContent));
        return Action.SCHEDULED;
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
        boolean withHeader = header.hasRemaining();
        boolean withContent = sendContent && content.hasRemaining();
        int count = (withHeader ? 1 : 0) + (withContent ? 1 : 0) + (tail != null ? 1 : 0);
        if (count == 0) {
            // Nothing to send (an empty non-last piece of a chunked body): still one empty write, so the callback runs in order.
            ByteBuffer[] one = gathers[0];
            one[0] = header;
            return one;
        }
        ByteBuffer[] array = gathers[count - 1];
        int i = 0;
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
