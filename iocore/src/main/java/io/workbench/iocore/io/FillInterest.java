package io.workbench.iocore.io;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.ReadPendingException;
import java.util.Objects;

/**
 * Who wants to be told that an endpoint is readable: a lock-free, allocation-free machine of two
 * states whose only datum is the registered callback.
 *
 * <pre>
 *            register(cb)                     fillable(): cb.succeeded()
 *   IDLE ----------------------> INTERESTED(cb) ---------------------------> IDLE
 *    ^  register() while INTERESTED:            onFail(x): cb.failed(x)
 *    |  ReadPendingException, state untouched   -----------------------------^
 *    +--register(cb) whose registerInterest() threw: cb.failed(x), back to IDLE
 * </pre>
 *
 * <p>The state is the callback reference itself (null is IDLE), changed only by CAS in
 * {@link #cas}: whichever of {@code fillable()} and {@code onFail()} takes the callback out of
 * the reference completes it, so a callback is completed exactly once however they race. A
 * registration that finds the endpoint closed is the caller's to fail: the endpoint registers
 * first and checks whether it is open after (see {@code SocketChannelEndPoint}), so either its
 * own check or the closer's {@code onFail} sees the callback.
 *
 * <p>The endpoint is reached through {@link Target}, so a jcstress test can drive the machine
 * with no socket behind it.
 */
public final class FillInterest {

    /** What the machine needs from its endpoint. */
    @FunctionalInterface
    public interface Target {
        /** A callback was registered: make sure readability will be reported (on NIO: add OP_READ). */
        void registerInterest() throws Exception;
    }

    private static final System.Logger LOG = System.getLogger(FillInterest.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    private static final VarHandle INTERESTED;

    static {
        try {
            INTERESTED = MethodHandles.lookup().findVarHandle(FillInterest.class, "interested", Callback.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Target target;
    @SuppressWarnings("unused") // through INTERESTED
    private volatile Callback interested;

    public FillInterest(Target target) {
        this.target = Objects.requireNonNull(target, "target");
    }

    /**
     * Registers {@code callback} to be completed when the endpoint is readable.
     *
     * @throws ReadPendingException if a callback is already registered
     */
    public void register(Callback callback) {
        if (!tryRegister(callback)) {
            throw new ReadPendingException();
        }
    }

    /** @return false, with nothing changed, if a callback is already registered */
    public boolean tryRegister(Callback callback) {
        Objects.requireNonNull(callback, "callback");
        if (!cas(null, callback)) {
            return false;
        }
        try {
            target.registerInterest();
        } catch (Throwable x) {
            onFail(x);
        }
        return true;
    }

    /**
     * The endpoint is readable: completes the registered callback, if any, on this thread.
     *
     * @return true if a callback was completed
     */
    public boolean fillable() {
        Callback callback = interested;
        if (callback != null && cas(callback, null)) {
            callback.succeeded();
            return true;
        }
        return false;
    }

    /**
     * The endpoint failed or closed: fails the registered callback, if any, with {@code cause}.
     *
     * @return true if a callback was failed
     */
    public boolean onFail(Throwable cause) {
        Callback callback = interested;
        if (callback != null && cas(callback, null)) {
            callback.failed(cause);
            return true;
        }
        return false;
    }

    /** @return true while a callback is registered */
    public boolean isInterested() {
        return interested != null;
    }

    /** @return the registered callback's invocation type, NON_BLOCKING if none; a snapshot, for choosing a thread */
    public InvocationType getCallbackInvocationType() {
        Callback callback = interested;
        return callback == null ? InvocationType.NON_BLOCKING : callback.getInvocationType();
    }

    private boolean cas(Callback expected, Callback next) {
        // The only transitions are IDLE->INTERESTED (null->cb) and INTERESTED->IDLE (cb->null).
        if ((expected == null) == (next == null)) {
            throw new IllegalStateException(name(expected) + " !-> " + name(next) + " is not a transition of " + this);
        }
        boolean swapped = INTERESTED.compareAndSet(this, expected, next);
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "{0} {1}{2}{3}", this, name(expected), swapped ? "-->" : "!->", name(next));
        }
        return swapped;
    }

    private static String name(Callback callback) {
        return callback == null ? "IDLE" : "INTERESTED";
    }

    @Override
    public String toString() {
        Callback callback = interested;
        return "FillInterest@" + Integer.toHexString(hashCode()) + "[" + name(callback)
                + (callback == null ? "" : "," + callback) + "]";
    }
}
