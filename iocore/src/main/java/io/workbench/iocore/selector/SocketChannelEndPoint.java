package io.workbench.iocore.selector;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable;
import io.workbench.iocore.io.Connection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.io.FillInterest;
import io.workbench.iocore.io.WriteFlusher;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An {@link EndPoint} over a non-blocking {@link SocketChannel} registered with a
 * {@link ManagedSelector}.
 *
 * <h2>Interest ops, without a lock</h2>
 * One int, the interest word of {@link EndPointWords}, holds the ops the endpoint wants and an
 * {@code UPDATE_PENDING} flag meaning "the selector will apply {@code interest} to the key soon".
 * Any thread adds an op ({@link #changeInterests}); only the thread that sets {@code UPDATE_PENDING} submits an update
 * action, so concurrent requests cost one queue entry. When the key is selected, the selector
 * removes the ready ops from {@code interest} and sets {@code UPDATE_PENDING} itself, so a
 * connection that asks to read again while its task runs in that round submits nothing; at the
 * end of the round {@link #updateKey} clears the flag and calls {@code interestOps()} only if the
 * ops differ from the key's, which for a read-answer-read-again connection they do not.
 *
 * <pre>
 *   interest:  ops | UPDATE_PENDING
 *   changeInterests(op), any thread:   ops |= op; if !UPDATE_PENDING: set it, submit(updateKey)
 *   onSelected(ready), selector:       ops &= ~ready; set UPDATE_PENDING (its updateKey follows the round)
 *   updateKey, selector:               clear UPDATE_PENDING and read ops in one CAS; interestOps(ops) if changed
 * </pre>
 *
 * <h2>Open and shut</h2>
 * A second int, the shut word of {@link EndPointWords}, collects INPUT_SHUT (fill saw the end of
 * the stream), OUTPUT_SHUT and CLOSED; the first {@link #close(Throwable)} wins the CAS to CLOSED
 * and alone closes the channel, fails the pending read and write, and has the selector call
 * {@link Connection#onClose}.
 */
public final class SocketChannelEndPoint extends EndPointWords implements EndPoint, Selectable {

    private static final System.Logger LOG = System.getLogger(SocketChannelEndPoint.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    private static final VarHandle ACTIVITY;

    static {
        try {
            ACTIVITY = MethodHandles.lookup().findVarHandle(SocketChannelEndPoint.class, "lastActivity", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SocketChannel channel;
    private final ManagedSelector selector;
    /** Producer-owned: replaced only when the selector is rebuilt, on its thread. */
    private SelectionKey key;
    private final InetSocketAddress localAddress;
    private final InetSocketAddress remoteAddress;
    private final long created = System.currentTimeMillis();
    private final FillInterest fillInterest = new FillInterest(this::needsFillInterest);
    private final WriteFlusher writeFlusher = new WriteFlusher(new FlushTarget());
    private final Runnable fillableTask = new SelectedTask(true, false);
    private final Runnable completeWriteTask = new SelectedTask(false, true);
    private final Runnable fillableCompleteWriteTask = new SelectedTask(true, true);
    private final Runnable updateKeyAction = new UpdateKeyAction();
    private final Runnable destroyAction = this::destroy;

    /** Written opaque on every read or write that made progress, read by the selector's sweep. */
    @SuppressWarnings("unused") // through ACTIVITY
    private long lastActivity;
    /** Producer-owned: the ops the key has now. */
    private int keyOps;
    private volatile long idleTimeoutNanos;
    private volatile Connection connection;
    /** Written by the closing thread before it submits the destroy action, which publishes it. */
    private Throwable closeCause;

    SocketChannelEndPoint(SocketChannel channel, ManagedSelector selector, SelectionKey key, long idleTimeoutMillis) {
        this.channel = channel;
        this.selector = selector;
        this.key = key;
        this.keyOps = key.interestOps();
        this.localAddress = address(channel, true);
        this.remoteAddress = address(channel, false);
        setIdleTimeout(idleTimeoutMillis);
        notIdle();
    }

    private static InetSocketAddress address(SocketChannel channel, boolean local) {
        try {
            return (InetSocketAddress) (local ? channel.getLocalAddress() : channel.getRemoteAddress());
        } catch (IOException x) {
            return null;
        }
    }

    void setConnection(Connection connection) {
        this.connection = connection;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return localAddress;
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return remoteAddress;
    }

    @Override
    public long getCreatedTimeStamp() {
        return created;
    }

    @Override
    public boolean isOpen() {
        return (shutWord() & CLOSED) == 0;
    }

    @Override
    public boolean isInputShutdown() {
        return (shutWord() & (INPUT_SHUT | CLOSED)) != 0;
    }

    @Override
    public boolean isOutputShutdown() {
        return (shutWord() & (OUTPUT_SHUT | CLOSED)) != 0;
    }

    // --- reading ------------------------------------------------------------------------------

    @Override
    public int fill(ByteBuffer buffer) throws IOException {
        if (isInputShutdown()) {
            return -1;
        }
        int read;
        try {
            read = channel.read(buffer);
        } catch (IOException x) {
            close(x);
            throw x;
        }
        if (read > 0) {
            notIdle();
        } else if (read < 0) {
            shutdownInput();
        }
        return read;
    }

    @Override
    public void fillInterested(Callback callback) {
        fillInterest.register(callback);
        failIfClosed();
    }

    @Override
    public boolean tryFillInterested(Callback callback) {
        if (!fillInterest.tryRegister(callback)) {
            return false;
        }
        failIfClosed();
        return true;
    }

    /** A registration that raced with close: either close's onFail saw it, or this does. */
    private void failIfClosed() {
        if (!isOpen()) {
            fillInterest.onFail(closedCause());
        }
    }

    @Override
    public boolean isFillInterested() {
        return fillInterest.isInterested();
    }

    private void needsFillInterest() {
        changeInterests(SelectionKey.OP_READ);
    }

    private void shutdownInput() {
        if (shutInput()) {
            close();
        }
    }

    // --- writing ------------------------------------------------------------------------------

    @Override
    public void write(Callback callback, ByteBuffer... buffers) {
        writeFlusher.write(callback, buffers);
    }

    @Override
    public void shutdownOutput() {
        OutputShut todo = shutOutput();
        if (todo == OutputShut.NOTHING) {
            return;
        }
        try {
            channel.shutdownOutput();
        } catch (IOException x) {
            close(x);
            return;
        }
        if (todo == OutputShut.SHUT_OUTPUT_THEN_CLOSE) {
            close();
        }
    }

    /** @return the selector this endpoint lives on, for tests */
    ManagedSelector selectorForTest() {
        return selector;
    }

    /** @return the write flusher, for diagnosis and tests */
    public WriteFlusher getWriteFlusher() {
        return writeFlusher;
    }

    // --- closing ------------------------------------------------------------------------------

    @Override
    public void close(Throwable cause) {
        if (!markClosed()) {
            return;
        }
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "close {0} cause {1}", this, cause);
        }
        closeCause = cause;
        try {
            // Cancels the key; the JDK releases the fd when the selector next deregisters it.
            channel.close();
        } catch (IOException x) {
            LOG.log(System.Logger.Level.DEBUG, "closing {0} failed: {1}", channel, x);
        }
        Throwable failure = cause != null ? cause : closedCause();
        fillInterest.onFail(failure);
        writeFlusher.onFail(failure);
        if (!selector.submit(destroyAction)) {
            destroy();
        }
    }

    private Throwable closedCause() {
        Throwable cause = closeCause;
        return cause != null ? cause : new ClosedChannelException();
    }

    private void destroy() {
        selector.onEndPointClosed(this, closeCause);
    }

    // --- idle timeout -------------------------------------------------------------------------

    @Override
    public long getIdleTimeout() {
        return TimeUnit.NANOSECONDS.toMillis(idleTimeoutNanos);
    }

    @Override
    public void setIdleTimeout(long idleTimeoutMillis) {
        if (idleTimeoutMillis < 0) {
            throw new IllegalArgumentException("negative idle timeout " + idleTimeoutMillis);
        }
        idleTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(idleTimeoutMillis);
    }

    private void notIdle() {
        ACTIVITY.setOpaque(this, System.nanoTime());
    }

    @Override
    public void onSweep(long nowNanos) {
        long timeout = idleTimeoutNanos;
        if (timeout <= 0 || !isOpen()) {
            return;
        }
        long idle = nowNanos - (long) ACTIVITY.getOpaque(this);
        if (idle < timeout) {
            return;
        }
        notIdle();
        TimeoutException expired = new TimeoutException("idle timeout expired: " + TimeUnit.NANOSECONDS.toMillis(idle)
                + " ms > " + TimeUnit.NANOSECONDS.toMillis(timeout) + " ms");
        Connection c = connection;
        boolean close = true;
        try {
            close = c == null || c.onIdleExpired(expired);
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, c + ".onIdleExpired() failed", x);
        }
        if (close) {
            close(expired);
        }
    }

    // --- the selector side --------------------------------------------------------------------

    /** Adds {@code op} to the interest ops; the selector applies it. Any thread. */
    private void changeInterests(int op) {
        if (addInterest(op)) {
            selector.submit(updateKeyAction);
        }
    }

    @Override
    public Runnable onSelected(SelectionKey key) {
        int ready = key.readyOps();
        takeReady(ready);
        boolean readable = (ready & SelectionKey.OP_READ) != 0;
        boolean writable = (ready & SelectionKey.OP_WRITE) != 0;
        if (readable) {
            return writable ? fillableCompleteWriteTask : fillableTask;
        }
        return writable ? completeWriteTask : null;
    }

    @Override
    public void updateKey(SelectionKey key) {
        int ops = takeUpdate();
        if (ops != keyOps && key.isValid()) {
            key.interestOps(ops);
            keyOps = ops;
        }
    }

    @Override
    public void keyReplaced(SelectionKey key) {
        // Registered with the old key's interest ops, so keyOps still says what the key has.
        this.key = key;
    }

    // --- diagnosis ----------------------------------------------------------------------------

    @Override
    public String toString() {
        Connection c = connection;
        return "SocketChannelEndPoint@" + Integer.toHexString(hashCode()) + "[" + localAddress + "<->" + remoteAddress
                + "," + shutName(shutWord()) + ",interest=" + interestName(interestWord())
                + ",fill=" + (fillInterest.isInterested() ? "INTERESTED" : "IDLE")
                + ",write=" + WriteFlusher.name(writeFlusher.getState())
                + ",idleTimeout=" + getIdleTimeout() + "ms"
                + ",connection=" + (c == null ? "null" : c.getClass().getSimpleName()) + "]";
    }

    /** Preallocated: what a selected key does, on whichever thread the strategy chooses. */
    private final class SelectedTask implements Invocable.Task {
        private final boolean fillable;
        private final boolean completeWrite;

        SelectedTask(boolean fillable, boolean completeWrite) {
            this.fillable = fillable;
            this.completeWrite = completeWrite;
        }

        @Override
        public void run() {
            // Write first: completing the write may let the reader go on.
            if (completeWrite) {
                writeFlusher.completeWrite();
            }
            if (fillable) {
                fillInterest.fillable();
            }
        }

        @Override
        public InvocationType getInvocationType() {
            InvocationType type = fillable ? fillInterest.getCallbackInvocationType() : InvocationType.NON_BLOCKING;
            return completeWrite ? type.and(writeFlusher.getCallbackInvocationType()) : type;
        }

        @Override
        public String toString() {
            return (fillable ? "fillable" : "") + (completeWrite ? "+completeWrite" : "") + "[" + SocketChannelEndPoint.this + "]";
        }
    }

    private final class UpdateKeyAction implements Runnable {
        @Override
        public void run() {
            try {
                updateKey(key);
            } catch (java.nio.channels.CancelledKeyException x) {
                // Closed meanwhile.
            }
        }

        @Override
        public String toString() {
            return "updateKey[" + SocketChannelEndPoint.this + "]";
        }
    }

    private final class FlushTarget implements WriteFlusher.Target {
        @Override
        public void flush(ByteBuffer[] buffers, int offset, int length) throws IOException {
            long written = length == 1 ? channel.write(buffers[offset]) : channel.write(buffers, offset, length);
            if (written > 0) {
                notIdle();
            }
        }

        @Override
        public void onIncompleteFlush() {
            changeInterests(SelectionKey.OP_WRITE);
        }
    }
}
