package io.workbench.iocore.http.client;

import io.workbench.iocore.callback.IteratingCallback;
import io.workbench.iocore.http.RequestGenerator;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.io.EndPoint;
import java.nio.ByteBuffer;

/**
 * Writes a connection's requests in sequence order, one write at a time: each {@link #process()}
 * generates as many queued requests as fit into one pooled buffer (so pipelined requests share a
 * write, and a lone request is one write of head and body) and writes it with this callback.
 *
 * <p>Whoever calls {@link #iterate()} after publishing a request writes it on its own thread if no
 * write is under way: a load generator's sending thread puts its request on the wire itself, with
 * no hand-off to the selector. A write the socket cannot take completes later on the selector,
 * which then goes on with the next requests. The {@link IteratingCallback} makes sure one thread at
 * a time runs {@code process()}, so the fields below need no synchronization of their own.
 *
 * <p>The buffer is taken from the pool for a burst of writes and given back as soon as nothing is
 * left to write, so an idle connection holds no output buffer.
 */
final class RequestFlusher extends IteratingCallback {

    private final ExchangeQueue queue;
    private final EndPoint endPoint;
    private final String authority;
    private final ByteBufferPool pool;
    private final int bufferSize;
    private final RequestGenerator generator = new RequestGenerator();
    /** Passed to write instead of varargs, which would allocate an array per write. */
    private final ByteBuffer[] outArray = new ByteBuffer[1];

    // Owned by the thread running process() (or completing its write).
    private ByteBuffer out;
    /** The sequence number of the next request to write. */
    private long next;
    /** The request whose body is being copied (its slot may be reused once its response is in), or null. */
    private HttpRequest writing;
    private int bodyOffset;

    RequestFlusher(ExchangeQueue queue, EndPoint endPoint, String authority, ByteBufferPool pool, int bufferSize) {
        this.queue = queue;
        this.endPoint = endPoint;
        this.authority = authority;
        this.pool = pool;
        this.bufferSize = bufferSize;
    }

    @Override
    protected Action process() {
        ByteBuffer buffer = out;
        if (buffer != null) {
            // The previous write is complete.
            buffer.clear();
        }
        long nowNanos = 0;
        while (true) {
            if (writing == null) {
                long seq = next;
                if (seq >= queue.claimed()) {
                    break;
                }
                HttpExchange exchange = queue.slot(seq);
                if (!exchange.isActive(seq)) {
                    // Claimed but not yet published (its sender iterates once it is), or ended
                    // unwritten, which happens only when the connection closed.
                    if (queue.isClosed()) {
                        next = Long.MAX_VALUE;
                    }
                    break;
                }
                HttpRequest request = exchange.request();
                int headBytes = request.headBytes(authority);
                if (buffer == null) {
                    buffer = out = pool.acquire(Math.max(bufferSize, headBytes));
                } else if (buffer.remaining() < headBytes) {
                    if (buffer.position() > 0) {
                        // Write what is there first; this head goes at the start of the next write.
                        break;
                    }
                    pool.release(buffer);
                    buffer = out = pool.acquire(headBytes);
                }
                request.writeHead(generator, buffer, authority);
                // Content-Length framing: neither call writes a byte, both check the count.
                generator.writeContentPrefix(buffer, request.contentLength());
                generator.writeEnd(buffer, null);
                generator.reset();
                if (nowNanos == 0) {
                    nowNanos = System.nanoTime();
                }
                exchange.sent(nowNanos);
                // Before the write: a response can only be read once the reader knows it was written.
                queue.generated(seq + 1);
                writing = request;
                bodyOffset = 0;
            }
            if (bodyOffset < writing.contentLength()) {
                if (!buffer.hasRemaining()) {
                    break;
                }
                bodyOffset += writing.copyBody(bodyOffset, buffer);
                if (bodyOffset < writing.contentLength()) {
                    break;
                }
            }
            writing = null;
            next++;
        }
        if (buffer == null || buffer.position() == 0) {
            releaseBuffer();
            return Action.IDLE;
        }
        buffer.flip();
        outArray[0] = buffer;
        endPoint.write(this, outArray);
        return Action.SCHEDULED;
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        // No write is outstanding any more: the buffer is ours to give back.
        releaseBuffer();
        writing = null;
        endPoint.close(cause);
    }

    private void releaseBuffer() {
        ByteBuffer buffer = out;
        if (buffer != null) {
            out = null;
            outArray[0] = null;
            pool.release(buffer);
        }
    }

    /** Its completion only moves on to the next write: it never blocks, so the selector runs it in place. */
    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public String toString() {
        return super.toString() + "[next=" + next + (writing != null ? ",writing=" + writing + "@" + bodyOffset : "") + "]";
    }
}
