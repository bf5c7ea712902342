package io.workbench.iocore.io;

import io.workbench.iocore.callback.Callback;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * One end of a byte stream (a socket), non-blocking, driven by callbacks.
 *
 * <p>Reading: {@link #fillInterested(Callback)} asks to be called back once bytes (or the end of
 * the stream) can be read; the callback then reads with {@link #fill(ByteBuffer)} until it returns
 * 0 and registers again. Writing: {@link #write(Callback, ByteBuffer...)} writes all the buffers
 * as one gather write, now if the socket takes them, later (when it becomes writable) if not; one
 * write at a time. Any thread may call any method; the endpoint's selector does the waiting.
 */
public interface EndPoint extends Closeable {

    /** @return the local address as it was when the endpoint opened */
    InetSocketAddress getLocalAddress();

    /** @return the remote address as it was when the endpoint opened */
    InetSocketAddress getRemoteAddress();

    /** @return true until {@link #close(Throwable)} */
    boolean isOpen();

    /**
     * Reads what is available now into {@code buffer} (from its position up to its limit, as
     * {@link java.nio.channels.ReadableByteChannel#read} does).
     *
     * @return the number of bytes read, 0 if none are available now, -1 at the end of the stream
     *         (also once the endpoint is closed)
     * @throws IOException if the read failed; the endpoint is closed with that cause first
     */
    int fill(ByteBuffer buffer) throws IOException;

    /**
     * Calls {@code callback} once bytes can be read: {@code succeeded()} when the endpoint is
     * readable, {@code failed(cause)} if it closes or times out first. Its invocation type tells
     * the selector whether it may run it in place.
     *
     * @throws java.nio.channels.ReadPendingException if another callback is registered
     */
    void fillInterested(Callback callback);

    /** Like {@link #fillInterested(Callback)}, but returns false instead of throwing if one is registered. */
    boolean tryFillInterested(Callback callback);

    /** @return true while a fill callback is registered */
    boolean isFillInterested();

    /**
     * Writes every byte of {@code buffers} in order, as one gather write (one system call for up to
     * {@link WriteFlusher#MAX_BUFFERS_PER_FLUSH} buffers), then completes {@code callback}: in this
     * call if the socket took everything, later from the selector if it had to wait for the socket
     * to drain, resuming exactly where the socket stopped. The caller must not touch the buffers (or the array)
     * until the callback runs. A closed endpoint fails the callback. On a hot path pass a reused
     * array rather than varargs: the array would otherwise be the only allocation per write.
     *
     * @throws java.nio.channels.WritePendingException if the previous write has not completed
     */
    void write(Callback callback, ByteBuffer... buffers);

    /** Shuts the output down (a FIN to the peer) without closing; reads may go on. */
    void shutdownOutput();

    /** @return true once the output is shut down or the endpoint closed */
    boolean isOutputShutdown();

    /** @return true once {@link #fill(ByteBuffer)} saw the end of the stream or the endpoint closed */
    boolean isInputShutdown();

    /**
     * Closes the endpoint: a pending fill callback and a pending write fail with {@code cause}
     * (or a {@link java.nio.channels.ClosedChannelException}), and the connection's
     * {@link Connection#onClose(Throwable)} is called once. Idempotent: only the first call counts.
     *
     * @param cause why, or null for an orderly close
     */
    void close(Throwable cause);

    /** An orderly {@link #close(Throwable)}. */
    @Override
    default void close() {
        close(null);
    }

    /** @return the idle timeout in milliseconds; 0 means none */
    long getIdleTimeout();

    /** Sets how long the endpoint may see no read or write progress before it expires; 0 disables it. */
    void setIdleTimeout(long idleTimeoutMillis);

    /** @return the connection reading from and writing to this endpoint */
    Connection getConnection();

    /** @return when the endpoint was created, in {@link System#currentTimeMillis()} time */
    long getCreatedTimeStamp();
}
