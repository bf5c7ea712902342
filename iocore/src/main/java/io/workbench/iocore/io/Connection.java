package io.workbench.iocore.io;

import java.util.concurrent.TimeoutException;

/**
 * The protocol on top of an {@link EndPoint}: what to do with the bytes that arrive.
 *
 * <p>Lifecycle, in order: {@link #onOpen()} once, on the selector thread, when the endpoint is
 * registered (typically it asks for {@code fillInterested}); any number of reads and writes;
 * {@link #onIdleExpired(TimeoutException)} when nothing happened for the idle timeout;
 * {@link #onClose(Throwable)} once, after the endpoint closed. {@code onOpen} and {@code onClose}
 * run on a selector thread and must not block.
 */
public interface Connection {

    /** @return the endpoint this connection reads from and writes to */
    EndPoint getEndPoint();

    /** The endpoint is registered and ready; called once, on its selector thread. */
    void onOpen();

    /**
     * The endpoint closed; called once, on its selector thread, after its pending callbacks failed.
     *
     * @param cause why it closed, or null if it was closed in an orderly way
     */
    void onClose(Throwable cause);

    /**
     * No read or write progress for the idle timeout.
     *
     * @return true to close the endpoint with {@code timeout}; false to keep it open (the idle
     *         clock starts again)
     */
    boolean onIdleExpired(TimeoutException timeout);
}
