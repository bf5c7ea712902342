package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.io.Connection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.io.WriteFlusher;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.WritePendingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * An endpoint with no socket behind it, driven by the test: each {@link #deliver} is what one
 * read returns, and each {@code write()} is recorded whole, as one {@code write(2)} would send it.
 * So a test can count the writes a connection makes for a batch of pipelined requests, which a
 * real socket cannot show (loopback coalesces what arrives). Writes complete at once, unless
 * {@link #holdWrites} makes them wait, as a full socket would, until {@link #drain}; or fail, with
 * {@link #failNextWrite}, as a reset connection's would.
 *
 * <p>Or, once {@link #writeThrough} gave it a {@link ScriptedSocket}, writes go through a real
 * {@link WriteFlusher} over that socket, as the NIO endpoint's do: each is still recorded whole in
 * {@link #writes} when it starts, the socket records each system call and takes what it has room
 * for, and a write it could not take whole waits, PENDING, until the test makes room and calls
 * {@link #writable()}. ({@link #holdWrites} and {@link #failNextWrite} are for the other mode.)
 *
 * <p>Closing behaves as the NIO endpoint's does: the first {@link #close(Throwable)} fails a
 * pending write and a registered read interest and tells the connection, later ones do nothing;
 * a write on a closed endpoint fails at once; a write that fails closes the endpoint. While a write
 * is pending another one is refused. When a pending write ends (drained or failed), the endpoint
 * notes how many buffers the {@linkplain #watch watched pool} had out at that moment, so that a
 * test can tell whether the buffers of that write were given back while it still held them.
 *
 * <p>Used by one thread at a time; a test that delivers from another thread orders the two itself.
 */
final class ScriptedEndPoint implements EndPoint {

    private static final InetSocketAddress ADDRESS = new InetSocketAddress("127.0.0.1", 8080);

    final List<String> writes = new ArrayList<>();
    /** The array each write was given, in order (the same array twice shows a gather array reused). */
    final List<ByteBuffer[]> gathers = new ArrayList<>();
    private final Deque<byte[]> reads = new ArrayDeque<>();
    private boolean endOfInput;
    private boolean open = true;
    private boolean outputShutdown;
    private boolean holdWrites;
    private IOException nextWriteFailure;
    private Callback pendingWrite;
    private Callback readInterest;
    private Connection connection;
    private ByteBufferPool watched;
    private long outstandingWhenPendingWriteEnded = -1;
    private Throwable closeCause;
    private WriteFlusher flusher;
    private Runnable beforeNextWrite;

    void connection(Connection connection) {
        this.connection = connection;
    }

    /** Counts {@code pool}'s outstanding buffers whenever a pending write ends. */
    void watch(ByteBufferPool pool) {
        this.watched = pool;
    }

    /** The client sends {@code text}; the connection reads it if it asked for input. */
    void deliver(String text) {
        reads.add(text.getBytes(StandardCharsets.ISO_8859_1));
        wakeReader();
    }

    /** The client shuts its output. */
    void deliverEndOfInput() {
        endOfInput = true;
        wakeReader();
    }

    private void wakeReader() {
        Callback reader = readInterest;
        if (reader != null) {
            readInterest = null;
            reader.succeeded();
        }
    }

    /** Writes from now on go through a real write flusher over {@code socket}. */
    void writeThrough(ScriptedSocket socket) {
        flusher = new WriteFlusher(socket);
    }

    /** The socket has room again (the test made it): the pending write goes on where it stopped. */
    void writable() {
        flusher.completeWrite();
    }

    /**
     * The next write, once it is in the endpoint's hands and before it is sent, runs {@code hook}
     * on the writing thread: what another thread does while that write is under way.
     */
    void beforeNextWrite(Runnable hook) {
        beforeNextWrite = hook;
    }

    /** Writes from now on wait for {@link #drain}. */
    void holdWrites() {
        holdWrites = true;
    }

    /** The next write fails with {@code failure}, and the endpoint closes, as a reset socket's would. */
    void failNextWrite(IOException failure) {
        nextWriteFailure = failure;
    }

    /** The socket drained: the waiting write completes, and writes complete at once again. */
    void drain() {
        holdWrites = false;
        Callback callback = pendingWrite;
        pendingWrite = null;
        notePendingWriteEnded();
        callback.succeeded();
    }

    boolean isWriteWaiting() {
        return flusher != null ? flusher.isPending() : pendingWrite != null;
    }

    /** @return how many buffers the watched pool had out when the last pending write ended; -1 if none ended */
    long outstandingWhenPendingWriteEnded() {
        return outstandingWhenPendingWriteEnded;
    }

    /** @return the cause the endpoint was first closed with (null for an orderly close or while open) */
    Throwable closeCause() {
        return closeCause;
    }

    /** Everything written, in order. */
    String written() {
        return String.join("", writes);
    }

    private void notePendingWriteEnded() {
        if (watched != null) {
            outstandingWhenPendingWriteEnded = watched.getOutstanding();
        }
    }

    @Override
    public int fill(ByteBuffer buffer) {
        if (!open) {
            return -1;
        }
        byte[] next = reads.poll();
        if (next == null) {
            return endOfInput ? -1 : 0;
        }
        buffer.put(next);
        return next.length;
    }

    @Override
    public void fillInterested(Callback callback) {
        if (!tryFillInterested(callback)) {
            throw new IllegalStateException("already fill interested");
        }
    }

    @Override
    public boolean tryFillInterested(Callback callback) {
        if (readInterest != null) {
            return false;
        }
        if (!open) {
            callback.failed(new ClosedChannelException());
            return true;
        }
        readInterest = callback;
        if (!reads.isEmpty() || endOfInput) {
            wakeReader();
        }
        return true;
    }

    @Override
    public boolean isFillInterested() {
        return readInterest != null;
    }

    @Override
    public void write(Callback callback, ByteBuffer... buffers) {
        Runnable hook = beforeNextWrite;
        if (hook != null) {
            beforeNextWrite = null;
            hook.run();
        }
        gathers.add(buffers);
        if (flusher != null) {
            if (open) {
                writes.add(text(buffers));
            }
            flusher.write(callback, buffers);
            return;
        }
        if (pendingWrite != null) {
            throw new WritePendingException();
        }
        if (!open) {
            callback.failed(closeCause != null ? closeCause : new ClosedChannelException());
            return;
        }
        IOException failure = nextWriteFailure;
        if (failure != null) {
            nextWriteFailure = null;
            close(failure);
            callback.failed(failure);
            return;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (ByteBuffer buffer : buffers) {
            while (buffer.hasRemaining()) {
                bytes.write(buffer.get());
            }
        }
        writes.add(bytes.toString(StandardCharsets.ISO_8859_1));
        if (holdWrites) {
            pendingWrite = callback;
        } else {
            callback.succeeded();
        }
    }

    /** What {@code buffers} hold, read without consuming them. */
    private static String text(ByteBuffer[] buffers) {
        StringBuilder text = new StringBuilder();
        for (ByteBuffer buffer : buffers) {
            ByteBuffer copy = buffer.duplicate();
            while (copy.hasRemaining()) {
                text.append((char) (copy.get() & 0xFF));
            }
        }
        return text.toString();
    }

    @Override
    public void shutdownOutput() {
        outputShutdown = true;
    }

    @Override
    public boolean isOutputShutdown() {
        return outputShutdown || !open;
    }

    @Override
    public boolean isInputShutdown() {
        return endOfInput || !open;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close(Throwable cause) {
        if (!open) {
            return;
        }
        open = false;
        closeCause = cause;
        Throwable failure = cause != null ? cause : new ClosedChannelException();
        if (flusher != null) {
            flusher.onFail(failure);
        }
        Callback write = pendingWrite;
        if (write != null) {
            pendingWrite = null;
            notePendingWriteEnded();
            write.failed(failure);
        }
        Callback reader = readInterest;
        if (reader != null) {
            readInterest = null;
            reader.failed(failure);
        }
        if (connection != null) {
            connection.onClose(cause);
        }
    }

    @Override
    public void setIdleTimeout(long idleTimeoutMillis) {
    }

    @Override
    public long getIdleTimeout() {
        return 0;
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return ADDRESS;
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return ADDRESS;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public long getCreatedTimeStamp() {
        return 0;
    }

    @Override
    public String toString() {
        return "ScriptedEndPoint[writes=" + writes.size() + (pendingWrite != null ? ",PENDING" : "")
                + (open ? "" : ",closed") + "]";
    }
}
