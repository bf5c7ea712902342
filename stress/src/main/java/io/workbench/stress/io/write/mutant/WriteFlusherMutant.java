package io.workbench.stress.io.write.mutant;

import static io.workbench.stress.io.write.mutant.WriteFlusherBug.COMPLETE_WRITE_WHILE_WRITING;
import static io.workbench.stress.io.write.mutant.WriteFlusherBug.FAILURE_AFTER_STATE;
import static io.workbench.stress.io.write.mutant.WriteFlusherBug.FIELDS_AFTER_PENDING;
import static io.workbench.stress.io.write.mutant.WriteFlusherBug.ONFAIL_READ_THEN_WRITE;
import static io.workbench.stress.io.write.mutant.WriteFlusherBug.WRITE_FROM_PENDING;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.WriteFlusher;
import io.workbench.iocore.io.WriteFlusher.Target;
import io.workbench.stress.harness.RaceWindow;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.WritePendingException;
import java.util.Objects;

/**
 * A copy of iocore's {@link WriteFlusher} (as of commit 0a11de1) that is built with at most one
 * {@link WriteFlusherBug}, for the jcstress tests in {@code io.workbench.stress.io.write} to catch.
 * Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control, so that a mutant is caught for its bug and not for a slip in the copy. Every spot a bug
 * changes is marked with the bug's name. Where a bug opens a gap between a read and a write, the
 * copy waits a little in the gap ({@link #widen()}) so that jcstress's quick mode lands in it
 * reliably on two cores; the real class is never widened.
 *
 * <p>The machine is the original's, drawn in its class comment; left out are debug logging and
 * the query methods the tests do not use. It drives the same {@link Target} as the original.
 */
public final class WriteFlusherMutant {

    private static final int IDLE = WriteFlusher.IDLE;
    private static final int WRITING = WriteFlusher.WRITING;
    private static final int PENDING = WriteFlusher.PENDING;
    private static final int COMPLETING = WriteFlusher.COMPLETING;
    private static final int FAILED = WriteFlusher.FAILED;

    private static final int[] NEXT = new int[5];

    static {
        NEXT[IDLE] = 1 << WRITING | 1 << FAILED;
        NEXT[WRITING] = 1 << IDLE | 1 << PENDING | 1 << FAILED;
        NEXT[PENDING] = 1 << COMPLETING | 1 << FAILED;
        NEXT[COMPLETING] = 1 << IDLE | 1 << PENDING | 1 << FAILED;
        NEXT[FAILED] = 0;
    }

    private static final VarHandle STATE;
    private static final VarHandle FAILURE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(WriteFlusherMutant.class, "state", int.class);
            FAILURE = lookup.findVarHandle(WriteFlusherMutant.class, "failure", Throwable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WriteFlusherBug bug;
    private final Target target;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    @SuppressWarnings("unused") // through FAILURE
    private volatile Throwable failure;
    private Callback callback;
    private ByteBuffer[] buffers;

    /** @param bug the bug to build in; null for the faithful control copy */
    public WriteFlusherMutant(WriteFlusherBug bug, Target target) {
        this.bug = bug;
        this.target = Objects.requireNonNull(target, "target");
    }

    public void write(Callback callback, ByteBuffer... buffers) {
        Objects.requireNonNull(callback, "callback");
        Objects.requireNonNull(buffers, "buffers");
        while (true) {
            int s = getState();
            if (s == IDLE) {
                if (cas(IDLE, WRITING)) {
                    break;
                }
            } else if (s == FAILED) {
                callback.failed(failureOrClosed());
                return;
            } else if (s == PENDING && bug == WRITE_FROM_PENDING) {
                // WRITE_FROM_PENDING: a pending write is taken for finished, and the new one starts.
                if (cas(PENDING, WRITING)) {
                    break;
                }
            } else {
                throw new WritePendingException();
            }
        }
        boolean complete;
        try {
            complete = target.flush(buffers);
        } catch (Throwable x) {
            failOwned(WRITING, callback, x);
            return;
        }
        if (complete) {
            finish(WRITING, callback);
            return;
        }
        if (bug == FIELDS_AFTER_PENDING) {
            // FIELDS_AFTER_PENDING: PENDING is published first, the write it stands for after.
            if (cas(WRITING, PENDING)) {
                RaceWindow.widen();
                this.callback = callback;
                this.buffers = buffers;
                incompleteFlush();
                return;
            }
            callback.failed(failureOrClosed());
            return;
        }
        this.callback = callback;
        this.buffers = buffers;
        if (cas(WRITING, PENDING)) {
            incompleteFlush();
        } else {
            this.callback = null;
            this.buffers = null;
            callback.failed(failureOrClosed());
        }
    }

    public void completeWrite() {
        int s = getState();
        boolean takeOver = s == PENDING || (s == WRITING && bug == COMPLETE_WRITE_WHILE_WRITING);
        // COMPLETE_WRITE_WHILE_WRITING: a write still in its first flush is taken over too.
        if (!takeOver || !cas(s, COMPLETING)) {
            return;
        }
        Callback pending = this.callback;
        ByteBuffer[] remaining = this.buffers;
        boolean complete;
        try {
            complete = target.flush(remaining);
        } catch (Throwable x) {
            this.callback = null;
            this.buffers = null;
            failOwned(COMPLETING, pending, x);
            return;
        }
        if (complete) {
            this.callback = null;
            this.buffers = null;
            finish(COMPLETING, pending);
        } else if (cas(COMPLETING, PENDING)) {
            incompleteFlush();
        } else {
            this.callback = null;
            this.buffers = null;
            pending.failed(failureOrClosed());
        }
    }

    public boolean onFail(Throwable cause) {
        if (bug != FAILURE_AFTER_STATE) {
            recordFailure(cause);
        }
        while (true) {
            int s = getState();
            switch (s) {
                case IDLE -> {
                    if (failTo(IDLE, cause)) {
                        return false;
                    }
                }
                case WRITING, COMPLETING -> {
                    if (failTo(s, cause)) {
                        return true;
                    }
                }
                case PENDING -> {
                    if (failTo(PENDING, cause)) {
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

    public int getState() {
        return (int) STATE.getVolatile(this);
    }

    public Throwable getFailure() {
        return failure;
    }

    /** onFail()'s move from {@code expected} to FAILED. */
    private boolean failTo(int expected, Throwable cause) {
        if (bug == ONFAIL_READ_THEN_WRITE) {
            // ONFAIL_READ_THEN_WRITE: the state read by the caller is trusted; the store does not compare.
            check(expected, FAILED);
            RaceWindow.widen();
            STATE.setVolatile(this, FAILED);
            return true;
        }
        if (!cas(expected, FAILED)) {
            return false;
        }
        if (bug == FAILURE_AFTER_STATE) {
            // FAILURE_AFTER_STATE: FAILED is visible before the failure that explains it.
            RaceWindow.widen();
            recordFailure(cause);
        }
        return true;
    }

    private void finish(int owned, Callback callback) {
        if (cas(owned, IDLE)) {
            callback.succeeded();
        } else {
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
        check(expected, next);
        return STATE.compareAndSet(this, expected, next);
    }

    private void check(int expected, int next) {
        boolean allowed = (NEXT[expected] & 1 << next) != 0
                || (bug == WRITE_FROM_PENDING && expected == PENDING && next == WRITING)
                || (bug == COMPLETE_WRITE_WHILE_WRITING && expected == WRITING && next == COMPLETING);
        if (!allowed) {
            throw new IllegalStateException(WriteFlusher.name(expected) + " !-> " + WriteFlusher.name(next)
                    + " is not a transition of " + this);
        }
    }

    @Override
    public String toString() {
        return "WriteFlusherMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + WriteFlusher.name(getState()) + "]";
    }
}
