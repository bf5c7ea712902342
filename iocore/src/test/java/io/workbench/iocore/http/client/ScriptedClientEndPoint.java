package io.workbench.iocore.http.client;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.Connection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.io.WriteFlusher;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A client endpoint with no socket behind it, driven by the test: each {@link #deliver} is what
 * one read returns (a read with nothing delivered returns 0), every {@code fill} is counted with
 * the buffer it was given, and writes go through a real {@link WriteFlusher} whose "socket" takes
 * at most {@link #budget} bytes per flush, so a test decides where a write is cut and when it goes
 * on ({@link #writable()}), as a full socket buffer would.
 */
final class ScriptedClientEndPoint implements EndPoint {

    private static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 40000);
    private static final InetSocketAddress REMOTE = new InetSocketAddress("127.0.0.1", 8080);

    /** Bytes the "socket" takes per flush. */
    int budget = Integer.MAX_VALUE;
    /** Every buffer {@code fill} was given, in order. */
    final List<ByteBuffer> fillBuffers = new ArrayList<>();
    final ByteArrayOutputStream written = new ByteArrayOutputStream();
    int fillInterestRegistrations;

    private final Deque<byte[]> reads = new ArrayDeque<>();
    private final WriteFlusher writeFlusher = new WriteFlusher(new WriteFlusher.Target() {
        @Override
        public void flush(ByteBuffer[] buffers, int offset, int length) {
            int left = budget;
            for (int i = offset; i < offset + length; i++) {
                ByteBuffer buffer = buffers[i];
                int n = Math.min(left, buffer.remaining());
                byte[] bytes = new byte[n];
                buffer.get(bytes);
                written.writeBytes(bytes);
                left -= n;
            }
        }

        @Override
        public void onIncompleteFlush() {
        }
    });
    private Callback readInterest;
    private boolean open = true;
    private Connection connection;

    void connection(Connection connection) {
        this.connection = connection;
    }

    /** The server sends {@code text}: the next fill returns it whole. */
    void deliver(String text) {
        reads.add(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** The socket is readable: the registered read callback runs (as the selector runs it on OP_READ). */
    void readable() {
        Callback reader = readInterest;
        if (reader == null) {
            throw new IllegalStateException("nobody asked to read");
        }
        readInterest = null;
        reader.succeeded();
    }

    /** The socket can take more: the pending write goes on (as the selector does on OP_WRITE). */
    void writable() {
        writeFlusher.completeWrite();
    }

    /** @return what was written so far, as text */
    String writtenText() {
        return written.toString(StandardCharsets.ISO_8859_1);
    }

    /** @return true while a fill callback is registered */
    boolean readInterested() {
        return readInterest != null;
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return LOCAL;
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return REMOTE;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public int fill(ByteBuffer buffer) throws IOException {
        fillBuffers.add(buffer);
        if (!open) {
            return -1;
        }
        byte[] next = reads.poll();
        if (next == null) {
            return 0;
        }
        if (next.length > buffer.remaining()) {
            throw new IllegalStateException("the test delivers at most a buffer per read");
        }
        buffer.put(next);
        return next.length;
    }

    @Override
    public void fillInterested(Callback callback) {
        if (readInterest != null) {
            throw new java.nio.channels.ReadPendingException();
        }
        fillInterestRegistrations++;
        readInterest = callback;
    }

    @Override
    public boolean tryFillInterested(Callback callback) {
        if (readInterest != null) {
            return false;
        }
        fillInterested(callback);
        return true;
    }

    @Override
    public boolean isFillInterested() {
        return readInterest != null;
    }

    @Override
    public void write(Callback callback, ByteBuffer... buffers) {
        writeFlusher.write(callback, buffers);
    }

    @Override
    public void shutdownOutput() {
    }

    @Override
    public boolean isOutputShutdown() {
        return !open;
    }

    @Override
    public boolean isInputShutdown() {
        return !open;
    }

    @Override
    public void close(Throwable cause) {
        if (!open) {
            return;
        }
        open = false;
        writeFlusher.onFail(cause != null ? cause : new IOException("closed"));
        Callback reader = readInterest;
        readInterest = null;
        if (reader != null) {
            reader.failed(cause != null ? cause : new IOException("closed"));
        }
        if (connection != null) {
            connection.onClose(cause);
        }
    }

    @Override
    public long getIdleTimeout() {
        return 0;
    }

    @Override
    public void setIdleTimeout(long idleTimeoutMillis) {
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public long getCreatedTimeStamp() {
        return 0;
    }
}
