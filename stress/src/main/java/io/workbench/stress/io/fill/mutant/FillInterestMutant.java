package io.workbench.stress.io.fill.mutant;

import static io.workbench.stress.io.fill.mutant.FillInterestBug.FILLABLE_READ_THEN_CLEAR;
import static io.workbench.stress.io.fill.mutant.FillInterestBug.ONFAIL_READ_THEN_CLEAR;
import static io.workbench.stress.io.fill.mutant.FillInterestBug.REGISTER_PUBLISHED_LAZILY;
import static io.workbench.stress.io.fill.mutant.FillInterestBug.REGISTER_READ_THEN_WRITE;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.io.FillInterest;
import io.workbench.iocore.io.FillInterest.Target;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.ReadPendingException;
import java.util.Objects;

/**
 * A copy of iocore's {@link FillInterest} (as of commit 0a11de1) that is built with at most one
 * {@link FillInterestBug}, for the jcstress tests in {@code io.workbench.stress.io.fill} to catch.
 * Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control. Every spot a bug changes is marked with the bug's name; a read-then-write waits a
 * little between its read and its write ({@link #widen()}) so that jcstress's quick mode lands in
 * the gap reliably on two cores. {@link FillInterestBug#REGISTER_PUBLISHED_LAZILY} is not widened:
 * its bug is a missing barrier, which a wait would hide.
 *
 * <p>The machine is the original's, drawn in its class comment; left out are debug logging, the
 * transition check (its two CASes, null to callback and back, cannot break it) and the query
 * methods the tests do not use. It drives the same {@link Target} as the original.
 */
public final class FillInterestMutant {

    private static final VarHandle INTERESTED;

    static {
        try {
            INTERESTED = MethodHandles.lookup().findVarHandle(FillInterestMutant.class, "interested", Callback.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final FillInterestBug bug;
    private final Target target;
    @SuppressWarnings("unused") // through INTERESTED
    private volatile Callback interested;

    /** @param bug the bug to build in; null for the faithful control copy */
    public FillInterestMutant(FillInterestBug bug, Target target) {
        this.bug = bug;
        this.target = Objects.requireNonNull(target, "target");
    }

    public void register(Callback callback) {
        if (!tryRegister(callback)) {
            throw new ReadPendingException();
        }
    }

    public boolean tryRegister(Callback callback) {
        Objects.requireNonNull(callback, "callback");
        if (bug == REGISTER_READ_THEN_WRITE || bug == REGISTER_PUBLISHED_LAZILY) {
            // REGISTER_READ_THEN_WRITE, REGISTER_PUBLISHED_LAZILY: a check, then a store that does not compare.
            if (interested != null) {
                return false;
            }
            if (bug == REGISTER_READ_THEN_WRITE) {
                RaceWindow.widen();
                INTERESTED.setVolatile(this, callback);
            } else {
                INTERESTED.setRelease(this, callback);
            }
        } else if (!INTERESTED.compareAndSet(this, null, callback)) {
            return false;
        }
        try {
            target.registerInterest();
        } catch (Throwable x) {
            onFail(x);
        }
        return true;
    }

    public boolean fillable() {
        Callback callback = interested;
        if (callback != null && take(FILLABLE_READ_THEN_CLEAR, callback)) {
            callback.succeeded();
            return true;
        }
        return false;
    }

    public boolean onFail(Throwable cause) {
        Callback callback = interested;
        if (callback != null && take(ONFAIL_READ_THEN_CLEAR, callback)) {
            callback.failed(cause);
            return true;
        }
        return false;
    }

    public boolean isInterested() {
        return interested != null;
    }

    /** Clears the registration of {@code callback}: a CAS, or with the named bug a store that does not compare. */
    private boolean take(FillInterestBug readThenClear, Callback callback) {
        if (bug != readThenClear) {
            return INTERESTED.compareAndSet(this, callback, null);
        }
        RaceWindow.widen();
        INTERESTED.setVolatile(this, null);
        return true;
    }

    @Override
    public String toString() {
        return "FillInterestMutant@" + Integer.toHexString(hashCode()) + "[" + bug + ","
                + (interested == null ? "IDLE" : "INTERESTED") + "]";
    }
}
