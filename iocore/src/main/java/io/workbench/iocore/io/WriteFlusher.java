package io.workbench.iocore.io;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.state.Transitions;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.WritePendingException;
import java.util.Objects;

/**
 * One write at a time over a non-blocking target, completing later when the target could not
 * take everything at once: a lock-free state machine after Jetty's {@code WriteFlusher}.
 *
 * <pre>
 *                  write()          flush took all
 *   IDLE -------------------> WRITING -----------------------------------------> IDLE (cb.succeeded)
 *    |                          |  flush took part: keep cb+buffers+offset, then
 *    |                          +--------------------> PENDING --completeWrite()--> COMPLETING
 *    |                          |                       ^   |                        |  |
 *    |                          |                       |   |   took part again      |  | took all
 *    |                          |                       +---+------------------------+  +--> IDLE (cb.succeeded)
 *    |  onFail()                | flush threw, or       |
 *    +--------> FAILED <--------+ onFail() meanwhile    | onFail(): the failing thread fails cb
 *               (final)  <------------------------------+
 *                        <--- COMPLETING: flush threw, or onFail() meanwhile
 *
 *   write() while WRITING, PENDING or COMPLETING: WritePendingException, state untouched
 *   write() while FAILED: its callback fails at once with the recorded failure
 * </pre>
 *
 * <h2>Gathering, and resuming where the socket stopped</h2>
 * A write of several buffers is one gathering system call ({@code writev}) for up to
 * {@link #MAX_BUFFERS_PER_FLUSH} of them: a flush hands the target the buffers from the first one
 * with bytes left. When the call takes everything it was given and buffers remain (a write of more
 * buffers than one call takes), the next call follows at once; when it takes only part, the socket
 * is full, and the write goes PENDING, keeping the index of the first buffer with bytes left (the
 * one the socket stopped in, whose position says where). {@link #completeWrite()} resumes from
 * exactly there: no byte is sent twice, none is skipped, and buffers already written are not
 * handed to the system call again. A flush that took only part is not retried before the socket
 * says it is writable: on a non-blocking socket that would be a system call that writes nothing.
 *
 * <p>Who completes the callback, exactly once: the thread that owns WRITING or COMPLETING
 * completes it when its CAS out of that state succeeds, or fails it when that CAS finds FAILED
 * (an {@link #onFail} came meanwhile and left the callback to the owner); from PENDING, nobody
 * owns it, and whichever of {@link #completeWrite()} and {@link #onFail} wins the CAS out of
 * PENDING takes it.
 *
 * <p>The state is one int, changed only in {@link #cas}, which checks the move against
 * {@link #TRANSITIONS}. The pending callback, buffers and offset are plain fields, written by the
 * owner before its release CAS to PENDING and read by the thread whose CAS takes PENDING; the failure is set
 * once, by CAS, before the CAS to FAILED, so whoever sees FAILED sees a failure. A write that
 * completes at once (the common case) is two CASes and allocates nothing.
 *
 * <p>The socket is reached through {@link Target}, so a jcstress test can drive the machine with
 * scripted flushes and no socket.
 *
 * <p>A callback that also implements {@link Listener} hears of every flush of its write, the
 * partial ones included, on the thread that makes it, right before and right after the call:
 * what a client needs to time stamp the write that took the last byte of each request in a buffer.
 */
public final class WriteFlusher {

    /** What the machine needs from its endpoint. */
    public interface Target {
        /**
         * Writes as much of {@code buffers[offset .. offset + length)} as the socket takes now,
         * without blocking, in one gathering system call; advances the positions of the buffers
         * by what it wrote, in order. The flusher passes at most {@link #MAX_BUFFERS_PER_FLUSH}
         * buffers, the first of them with bytes left.
         */
        void flush(ByteBuffer[] buffers, int offset, int length) throws IOException;

        /** The flush was partial: call {@link WriteFlusher#completeWrite()} once writable (on NIO: add OP_WRITE). */
        void onIncompleteFlush();
    }

    /**
     * Implemented by a write's callback that wants to hear of each flush of that write, on the
     * flushing thread, which owns the write then, so it may read the buffers it passed. Neither
     * method may block; what they throw is logged and does not change the write.
     */
    public interface Listener {
        /** A flush of this callback's write is about to call {@link Target#flush} (once per {@link #MAX_BUFFERS_PER_FLUSH} buffers at most). */
        void onFlushing();

        /**
         * That flush returned without throwing: the bytes it took are gone from the buffers'
         * positions. Called before the write completes or goes pending. A flush that threw is
         * followed by no call: the write fails.
         */
        void onFlushed();
    }

    private static final System.Logger LOG = System.getLogger(WriteFlusher.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    /**
     * The most buffers one flush hands to the target: Linux's {@code IOV_MAX}, the most a
     * {@code writev} takes (the JDK writes only that many of a longer array in one call).
     */
    public static final int MAX_BUFFERS_PER_FLUSH = 1024;

    public static final int IDLE = 0;
    public static final int WRITING = 1;
    public static final int PENDING = 2;
    public static final int COMPLETING = 3;
    public static final int FAILED = 4;
    private static final Transitions TRANSITIONS = new Transitions("IDLE", "WRITING", "PENDING", "COMPLETING", "FAILED")
            .allow(IDLE, WRITING, FAILED)
            .allow(WRITING, IDLE, PENDING, FAILED)
            .allow(PENDING, COMPLETING, FAILED)
            .allow(COMPLETING, IDLE, PENDING, FAILED);

    private static final VarHandle STATE;
    private static final VarHandle FAILURE;
    private static final VarHandle CALLBACK;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(WriteFlusher.class, "state", int.class);
            FAILURE = lookup.findVarHandle(WriteFlusher.class, "failure", Throwable.class);
            CALLBACK = lookup.findVarHandle(WriteFlusher.class, "callback", Callback.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Target target;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    /** Set once, before the state becomes FAILED. */
    @SuppressWarnings("unused") // through FAILURE
    private volatile Throwable failure;
    /** The pending write: owned by whoever owns WRITING, PENDING (published by the CAS to it) or COMPLETING. */
    private Callback callback;
    private ByteBuffer[] buffers;
    /** Of the pending write: the first buffer with bytes left, where the next flush starts. */
    private int offset;

    public WriteFlusher(Target target) {
        this.target = Objects.requireNonNull(target, "target");
    }

    /**
     * Writes {@code buffers}, completing {@code callback} in this call if the target takes all
     * of them, or later from {@link #completeWrite()}.
     *
     * @throws WritePendingException if a write is already in progress
     */
    public void write(Callback callback, ByteBuffer... buffers) {
        Objects.requireNonNull(callback, "callback");
        Objects.requireNonNull(buffers, "buffers");
        while (true) {
            int s = (int) STATE.getVolatile(this);
            if (s == IDLE) {
                if (cas(IDLE, WRITING)) {
                    break;
                }
            } else if (s == FAILED) {
                callback.failed(failureOrClosed());
                return;
            } else {
                throw new WritePendingException();
            }
        }
        int next;
        flushing(callback);
        try {
            next = flush(buffers, 0);
        } catch (Throwable x) {
            failOwned(WRITING, callback, x);
            return;
        }
        flushed(callback);
        if (next == buffers.length) {
            finish(WRITING, callback);
            return;
        }
        this.callback = callback;
        this.buffers = buffers;
        this.offset = next;
        if (cas(WRITING, PENDING)) {
            incompleteFlush();
        } else {
            // onFail() came while we were writing and left the callback to us.
            this.callback = null;
            this.buffers = null;
            callback.failed(failureOrClosed());
        }
    }

    /**
     * The target is writable again: continues the pending write, completing its callback if it
     * now finishes. Does nothing unless a write is pending.
     */
    public void completeWrite() {
        if ((int) STATE.getVolatile(this) != PENDING || !cas(PENDING, COMPLETING)) {
            return;
        }
        Callback pending = this.callback;
        ByteBuffer[] remaining = this.buffers;
        int next;
        flushing(pending);
        try {
            next = flush(remaining, this.offset);
        } catch (Throwable x) {
            this.callback = null;
            this.buffers = null;
            failOwned(COMPLETING, pending, x);
            return;
        }
        flushed(pending);
        if (next == remaining.length) {
            this.callback = null;
            this.buffers = null;
            finish(COMPLETING, pending);
        } else {
            this.offset = next;
            if (cas(COMPLETING, PENDING)) {
                incompleteFlush();
            } else {
                this.callback = null;
                this.buffers = null;
                pending.failed(failureOrClosed());
            }
        }
    }

    /**
     * Fails the write in progress, if any, and every later one, with {@code cause}.
     *
     * @return true if a write was in progress (it fails, here if it was pending, else in the
     *         thread that is writing); false if the flusher was idle or had already failed
     */
    public boolean onFail(Throwable cause) {
        recordFailure(cause);
        while (true) {
            int s = (int) STATE.getVolatile(this);
            switch (s) {
                case IDLE -> {
                    if (cas(IDLE, FAILED)) {
                        return false;
                    }
                }
                case WRITING, COMPLETING -> {
                    if (cas(s, FAILED)) {
                        return true;
                    }
                }
                case PENDING -> {
                    if (cas(PENDING, FAILED)) {
                        Callback pending = this.callback;
                        this.callback = null;
                        this.buffers = null;
                        pending.failed(failureOrClosed());
                        return true;
                    }
                }
                default -> {
                    return false;
                }
            }
        }
    }

    /** @return the current state: {@link #IDLE}, {@link #WRITING}, {@link #PENDING}, {@link #COMPLETING} or {@link #FAILED} */
    public int getState() {
        return (int) STATE.getVolatile(this);
    }

    /** @return true while a write waits for the target to become writable */
    public boolean isPending() {
        return getState() == PENDING;
    }

    /** @return true if no write is in progress and the flusher has not failed */
    public boolean isIdle() {
        return getState() == IDLE;
    }

    /** @return the failure, once failed; else null */
    public Throwable getFailure() {
        return failure;
    }

    /** @return the pending callback's invocation type, NON_BLOCKING if none; a snapshot, for choosing a thread */
    public InvocationType getCallbackInvocationType() {
        Callback pending = (Callback) CALLBACK.getOpaque(this);
        return pending == null ? InvocationType.NON_BLOCKING : pending.getInvocationType();
    }

    /**
     * Gathers {@code buffers} from {@code from} into the target, {@link #MAX_BUFFERS_PER_FLUSH} at a
     * time, until everything is written or a call takes only part of what it was given.
     *
     * @return the index of the first buffer with bytes left; {@code buffers.length} if none has
     */
    private int flush(ByteBuffer[] buffers, int from) throws IOException {
        int next = firstWithBytesLeft(buffers, from);
        while (next < buffers.length) {
            int length = Math.min(buffers.length - next, MAX_BUFFERS_PER_FLUSH);
            target.flush(buffers, next, length);
            int end = next + length;
            next = firstWithBytesLeft(buffers, next);
            if (next < end) {
                // The socket took part of what it was given: it is full.
                return next;
            }
        }
        return next;
    }

    private static int firstWithBytesLeft(ByteBuffer[] buffers, int from) {
        int i = from;
        while (i < buffers.length && !buffers[i].hasRemaining()) {
            i++;
        }
        return i;
    }

    /** Tells a {@link Listener} callback that a flush of its write is about to be made. */
    private static void flushing(Callback callback) {
        if (callback instanceof Listener listener) {
            try {
                listener.onFlushing();
            } catch (Throwable x) {
                LOG.log(System.Logger.Level.WARNING, listener + ".onFlushing() failed", x);
            }
        }
    }

    /** Tells a {@link Listener} callback that a flush of its write returned; what it throws is logged, never the write's failure. */
    private static void flushed(Callback callback) {
        if (callback instanceof Listener listener) {
            try {
                listener.onFlushed();
            } catch (Throwable x) {
                LOG.log(System.Logger.Level.WARNING, listener + ".onFlushed() failed", x);
            }
        }
    }

    private void finish(int owned, Callback callback) {
        if (cas(owned, IDLE)) {
            callback.succeeded();
        } else {
            // Everything was written, but the endpoint failed meanwhile: the caller must not go on.
            callback.failed(failureOrClosed());
        }
    }

    private void incompleteFlush() {
        try {
            target.onIncompleteFlush();
        } catch (Throwable x) {
            onFail(x);
        }
    }

    private void failOwned(int owned, Callback callback, Throwable cause) {
        recordFailure(cause);
        // The CAS fails only if onFail() got there first; FAILED either way, and the callback is ours.
        cas(owned, FAILED);
        callback.failed(failureOrClosed());
    }

    private void recordFailure(Throwable cause) {
        FAILURE.compareAndSet(this, null, cause != null ? cause : new IOException("failed(null)"));
    }

    private Throwable failureOrClosed() {
        Throwable x = failure;
        return x != null ? x : new IOException("write flusher failed");
    }

    private boolean cas(int expected, int next) {
        TRANSITIONS.check(expected, next, this);
        boolean swapped = STATE.compareAndSet(this, expected, next);
        if (DEBUG) {
            TRANSITIONS.logMove(LOG, this, expected, next, swapped);
        }
        return swapped;
    }

    /** @return the name of a state constant */
    public static String name(int state) {
        return TRANSITIONS.name(state);
    }

    @Override
    public String toString() {
        int s = getState();
        Throwable x = failure;
        return "WriteFlusher@" + Integer.toHexString(hashCode()) + "[" + TRANSITIONS.name(s)
                + (s == FAILED && x != null ? "," + x : "") + "]";
    }
}
