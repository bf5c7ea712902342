package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.Connection;
import io.workbench.iocore.io.EndPoint;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
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
 * {@link #holdWrites} makes them wait, as a full socket would, until {@link #drain}.
 */
final class ScriptedEndPoint implements EndPoint {

    private static final InetSocketAddress ADDRESS = new InetSocketAddress("127.0.0.1", 8080);

    final List<String> writes = new ArrayList<>();
    private final Deque<byte[]> reads = new ArrayDeque<>();
    private boolean endOfInput;
    private boolean open = true;
    private boolean outputShutdown;
    private boolean holdWrites;
    private Callback heldWrite;
    private Callback readInterest;
    private Connection connection;

    void connection(Connection connection) {
        this.connection = connection;
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

    /** Writes from now on wait for {@link #drain}. */
    void holdWrites() {
        holdWrites = true;
    }

    /** The socket drained: the waiting write completes, and writes complete at once again. */
    void drain() {
        holdWrites = false;
        Callback callback = heldWrite;
        heldWrite = null;
        callback.succeeded();
    }

    boolean isWriteWaiting() {
        return heldWrite != null;
    }

    /** Everything written, in order. */
    String written() {
        return String.join("", writes);
    }

    @Override
    public int fill(ByteBuffer buffer) {
        byte[] next = reads.poll();
        if (next == null) {
            return endOfInput || !open ? -1 : 0;
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
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (ByteBuffer buffer : buffers) {
            while (buffer.hasRemaining()) {
                bytes.write(buffer.get());
            }
        }
        writes.add(bytes.toString(StandardCharsets.ISO_8859_1));
        if (holdWrites) {
            heldWrite = callback;
        } else {
            callback.succeeded();
        }
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
        open = false;
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
        return "ScriptedEndPoint[writes=" + writes.size() + (open ? "" : ",closed") + "]";
    }
}
