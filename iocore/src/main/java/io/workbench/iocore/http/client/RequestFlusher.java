package io.workbench.iocore.http.client;

import io.workbench.iocore.callback.IteratingCallback;
import io.workbench.iocore.http.RequestGenerator;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.io.WriteFlusher;
import java.nio.ByteBuffer;
import java.util.Arrays;

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
 * <h2>When a request counts as sent</h2>
 * While generating, the flusher notes where in the buffer each request's last byte lies. It is the
 * write's {@link WriteFlusher.Listener}, so it hears of every flush of the buffer, the partial ones
 * included, on the thread that makes it:
 * <pre>
 *   onFlushing(): one nanoTime(); every request of the buffer not yet taken whole is stamped with it
 *   the flush: SocketChannel.write, write(2) or writev(2)
 *   onFlushed():  the requests whose last byte is now behind the buffer's position keep their stamp;
 *                 the others lose it again (they are stamped anew before the next flush)
 *   the write fails: the requests not taken whole lose their stamp
 * </pre>
 * So {@link HttpExchange#sentNanos()} is the time read right before the call that took the
 * request's last byte, and a request the socket has not taken whole is not sent, whatever buffer it
 * waits in. The stamp is published before the call, so a reader that reads the response (which the
 * server sends only once it has the request) sees it, even when the sending thread is descheduled
 * right after the call; a stamp read after the call would lose that race to a fast server.
 *
 * <h2>Whether any byte of a request was written</h2>
 * The same way, at the other end of each request: the flusher notes where each request's first
 * byte lies, marks every request of the buffer whose first byte is not yet taken as possibly
 * written right before each flush, and clears the mark after a flush (or a failed write) that did
 * not take that byte. A request whose mark is clear when the connection closes was never seen by
 * the server, and fails as {@link HttpClientException.Kind#NOT_WRITTEN}, which a caller may send
 * again; one whose mark is set fails as closed or reset, and must not be sent twice. Marking before
 * the call is what makes that safe when a close races with a write on another thread: the channel's
 * close waits for a write under way, so a close that finds no mark finds a write that has not
 * begun and never will.
 *
 * <p>The buffer is taken from the pool for a burst of writes and given back as soon as nothing is
 * left to write, so an idle connection holds no output buffer. A write that fails is not the end
 * of the connection's reading: the connection is told ({@link HttpClientConnection#writeFailed}),
 * so that a response the server sent before it reset (a 413 to an upload) is still read.
 */
final class RequestFlusher extends IteratingCallback implements WriteFlusher.Listener {

    private final ExchangeQueue queue;
    private final EndPoint endPoint;
    private final HttpClientConnection connection;
    private final String authority;
    private final ByteBufferPool pool;
    private final int bufferSize;
    private final RequestGenerator generator = new RequestGenerator();
    /** Passed to write instead of varargs, which would allocate an array per write. */
    private final ByteBuffer[] outArray = new ByteBuffer[1];

    // Owned by the thread running process() or flushing its write (the write flusher hands it over).
    private ByteBuffer out;
    /** The sequence number of the next request to write. */
    private long next;
    /** The request whose body is being copied (its slot may be reused once its response is in), or null. */
    private HttpRequest writing;
    private int bodyOffset;
    /** The requests whose last byte is in {@link #out}: sequence numbers and where that byte ends. */
    private long[] endingSeqs = new long[4];
    private int[] endingOffsets = new int[4];
    private int endingCount;
    /** How many of them are stamped as sent. */
    private int stamped;
    /** The requests whose first byte is in {@link #out}: sequence numbers and where that byte is. */
    private long[] beginningSeqs = new long[4];
    private int[] beginningOffsets = new int[4];
    private int beginningCount;
    /** How many of them a flush has taken the first byte of. */
    private int begun;

    RequestFlusher(ExchangeQueue queue, EndPoint endPoint, HttpClientConnection connection, String authority, ByteBufferPool pool,
                   int bufferSize) {
        this.queue = queue;
        this.endPoint = endPoint;
        this.connection = connection;
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
        endingCount = 0;
        stamped = 0;
        beginningCount = 0;
        begun = 0;
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
                beginning(seq, buffer.position());
                request.writeHead(generator, buffer, authority, exchange.number());
                // Content-Length framing: neither call writes a byte, both check the count.
                generator.writeContentPrefix(buffer, request.contentLength());
                generator.writeEnd(buffer, null);
                generator.reset();
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
            // The request's last byte is in this buffer.
            ending(next, buffer.position());
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

    private void ending(long seq, int offset) {
        if (endingCount == endingSeqs.length) {
            // Grows to the most requests one buffer has held, then stays.
            endingSeqs = Arrays.copyOf(endingSeqs, endingCount * 2);
            endingOffsets = Arrays.copyOf(endingOffsets, endingCount * 2);
        }
        endingSeqs[endingCount] = seq;
        endingOffsets[endingCount] = offset;
        endingCount++;
    }

    private void beginning(long seq, int offset) {
        if (beginningCount == beginningSeqs.length) {
            beginningSeqs = Arrays.copyOf(beginningSeqs, beginningCount * 2);
            beginningOffsets = Arrays.copyOf(beginningOffsets, beginningCount * 2);
        }
        beginningSeqs[beginningCount] = seq;
        beginningOffsets[beginningCount] = offset;
        beginningCount++;
    }

    /**
     * A flush of {@link #out} is about to be made: the requests it may begin are marked as possibly
     * written, and the requests it may finish are stamped, now.
     */
    @Override
    public void onFlushing() {
        if (out == null) {
            return;
        }
        for (int i = begun; i < beginningCount; i++) {
            long seq = beginningSeqs[i];
            queue.slot(seq).mayBeWritten(seq);
        }
        if (stamped == endingCount) {
            return;
        }
        long now = System.nanoTime();
        for (int i = stamped; i < endingCount; i++) {
            long seq = endingSeqs[i];
            queue.slot(seq).sent(seq, now);
        }
    }

    /**
     * That flush returned: the requests whose first byte it took stay marked, the others are not
     * written; the requests whose last byte it took keep their stamp, the others lose it.
     */
    @Override
    public void onFlushed() {
        ByteBuffer buffer = out;
        if (buffer == null) {
            return;
        }
        int written = buffer.position();
        while (begun < beginningCount && beginningOffsets[begun] < written) {
            begun++;
        }
        unmarkTheRest();
        if (stamped == endingCount) {
            return;
        }
        while (stamped < endingCount && endingOffsets[stamped] <= written) {
            stamped++;
        }
        unstampTheRest();
    }

    /** The requests of {@link #out} whose first byte the socket has not taken: none of their bytes was written. */
    private void unmarkTheRest() {
        for (int i = begun; i < beginningCount; i++) {
            long seq = beginningSeqs[i];
            queue.slot(seq).notWritten(seq);
        }
    }

    /** The requests of {@link #out} the socket has not taken whole are not sent. */
    private void unstampTheRest() {
        for (int i = stamped; i < endingCount; i++) {
            long seq = endingSeqs[i];
            queue.slot(seq).unsent(seq);
        }
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        // No write is outstanding any more: the buffer is ours to give back, and what it held that the
        // socket did not take is not sent (a write that fails takes nothing).
        unmarkTheRest();
        unstampTheRest();
        releaseBuffer();
        writing = null;
        connection.writeFailed(cause);
    }

    private void releaseBuffer() {
        ByteBuffer buffer = out;
        if (buffer != null) {
            out = null;
            outArray[0] = null;
            pool.release(buffer);
        }
        endingCount = 0;
        stamped = 0;
        beginningCount = 0;
        begun = 0;
    }

    /** Its completion only moves on to the next write: it never blocks, so the selector runs it in place. */
    @Override
    public InvocationType getInvocationType() {
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public String toString() {
        return super.toString() + "[next=" + next + (writing != null ? ",writing=" + writing + "@" + bodyOffset : "")
                + (endingCount > 0 ? ",stamped=" + stamped + "/" + endingCount : "") + "]";
    }
}
