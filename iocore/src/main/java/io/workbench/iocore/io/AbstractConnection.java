package io.workbench.iocore.io;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import java.util.Objects;
import java.util.concurrent.TimeoutException;

/**
 * A {@link Connection} that reads in the usual way: {@link #fillInterested()} registers one
 * preallocated callback, which calls {@link #onFillable()} when bytes arrive or
 * {@link #onFillInterestedFailed(Throwable)} when the endpoint closes or times out first.
 *
 * <p>The read callback declares the invocation type given to the constructor: a connection whose
 * {@code onFillable()} never blocks says {@code NON_BLOCKING} and is run in place on the selector
 * thread, with no thread hop per read.
 */
public abstract class AbstractConnection implements Connection {

    private final EndPoint endPoint;
    private final Callback readCallback;

    /**
     * @param endPoint the endpoint to read from and write to
     * @param readType whether {@link #onFillable()} may block
     */
    protected AbstractConnection(EndPoint endPoint, InvocationType readType) {
        this.endPoint = Objects.requireNonNull(endPoint, "endPoint");
        this.readCallback = new ReadCallback(Objects.requireNonNull(readType, "readType"));
    }

    @Override
    public EndPoint getEndPoint() {
        return endPoint;
    }

    /** Asks for {@link #onFillable()} once bytes can be read. */
    public void fillInterested() {
        endPoint.fillInterested(readCallback);
    }

    /** Bytes (or the end of the stream) can be read: fill until 0, then {@link #fillInterested()} again. */
    protected abstract void onFillable();

    /** The endpoint closed or timed out while waiting for bytes; closes it with {@code cause} unless overridden. */
    protected void onFillInterestedFailed(Throwable cause) {
        endPoint.close(cause);
    }

    /** Registers for reading. */
    @Override
    public void onOpen() {
        fillInterested();
    }

    @Override
    public void onClose(Throwable cause) {
    }

    /** Closes the endpoint. */
    @Override
    public boolean onIdleExpired(TimeoutException timeout) {
        return true;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(hashCode()) + "[" + endPoint + "]";
    }

    private final class ReadCallback implements Callback {
        private final InvocationType type;

        ReadCallback(InvocationType type) {
            this.type = type;
        }

        @Override
        public void succeeded() {
            onFillable();
        }

        @Override
        public void failed(Throwable cause) {
            onFillInterestedFailed(cause);
        }

        @Override
        public InvocationType getInvocationType() {
            return type;
        }

        @Override
        public String toString() {
            return "read[" + type + "," + AbstractConnection.this.getClass().getSimpleName() + "]";
        }
    }
}
