package io.workbench.iocore.http.server;

import io.workbench.iocore.state.Transitions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Who carries on after a request was handed to the {@link Handler}: the thread that called
 * {@code handle()} or the thread that completed the exchange. A lock-free machine of four states,
 * one per connection, reused for every request.
 *
 * <pre>
 *          dispatch()                completed(), any thread, while handle() runs
 *   IDLE -------------> HANDLING -------------------------------------------> COMPLETED
 *    ^                     |                                                      |
 *    |                     | handled(): handle() returned first                   | handled(): the thread
 *    |                     v                                                      | returning from handle()
 *    |                  WAITING                                                   | carries on (iteration)
 *    |                     | completed(), any thread: that thread carries on      |
 *    +---------------------+------------------------------------------------------+
 * </pre>
 *
 * <p>The two events that end HANDLING, {@link #handled()} (the handler returned) and
 * {@link #completed()} (the exchange finished: callback completed and response written), race;
 * each CASes out of HANDLING, and whichever comes second is the one that returns true and carries
 * on with the next request. So exactly one thread processes the connection at any time, and a
 * handler that completes inside {@code handle()} makes the caller loop instead of recursing: a
 * pipeline of any length runs at constant stack depth. The CAS that hands the connection over is
 * also the happens-before edge for the request, response and buffer state the next owner reads.
 *
 * <p>The state is one int behind a {@link VarHandle}, changed only in {@link #cas}, which checks
 * the move against {@link #TRANSITIONS}; a completion the machine does not expect (the callback
 * completed twice) fails loudly there. Public, with no dependency on a connection, so that the
 * jcstress tests in {@code stress/} can race its two events directly.
 */
public final class HandlingState {

    public static final int IDLE = 0;
    public static final int HANDLING = 1;
    public static final int COMPLETED = 2;
    public static final int WAITING = 3;
    private static final Transitions TRANSITIONS = new Transitions("IDLE", "HANDLING", "COMPLETED", "WAITING")
            .allow(IDLE, HANDLING)
            .allow(HANDLING, COMPLETED, WAITING)
            .allow(COMPLETED, IDLE)
            .allow(WAITING, IDLE);

    private static final System.Logger LOG = System.getLogger(HandlingState.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(HandlingState.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through STATE
    private volatile int state;

    /** A request is about to be handed to the handler. Only the thread processing the connection calls it. */
    public void dispatch() {
        cas(IDLE, HANDLING);
    }

    /**
     * The handler returned from {@code handle()}.
     *
     * @return true if the exchange has already completed: the caller carries on with the connection;
     *         false if it is still outstanding: whoever completes it carries on
     */
    public boolean handled() {
        while (true) {
            int s = get();
            if (s == HANDLING) {
                if (cas(HANDLING, WAITING)) {
                    return false;
                }
            } else if (s == COMPLETED) {
                cas(COMPLETED, IDLE);
                return true;
            } else {
                throw new IllegalStateException("handle() returned in " + TRANSITIONS.name(s) + ": " + this);
            }
        }
    }

    /**
     * The exchange completed (from any thread).
     *
     * @return true if the handler had returned: the caller carries on with the connection; false
     *         if the thread inside {@code handle()} will, once it returns
     * @throws IllegalStateException if no exchange was outstanding (a callback completed twice)
     */
    public boolean completed() {
        while (true) {
            int s = get();
            if (s == HANDLING) {
                if (cas(HANDLING, COMPLETED)) {
                    return false;
                }
            } else if (s == WAITING) {
                cas(WAITING, IDLE);
                return true;
            } else {
                throw new IllegalStateException("an exchange completed in " + TRANSITIONS.name(s)
                        + " (was its callback completed twice?): " + this);
            }
        }
    }

    /** @return the current state: {@link #IDLE}, {@link #HANDLING}, {@link #COMPLETED} or {@link #WAITING} */
    public int get() {
        return (int) STATE.getVolatile(this);
    }

    /** @return true while no request is with the handler */
    public boolean isIdle() {
        return get() == IDLE;
    }

    public static String name(int state) {
        return TRANSITIONS.name(state);
    }

    /**
     * The one place the state changes. A lost CAS from a state only one party may leave is a bug;
     * {@code handled()} and {@code completed()} retry only from HANDLING, which both may leave.
     */
    private boolean cas(int expected, int next) {
        TRANSITIONS.check(expected, next, this);
        boolean swapped = STATE.compareAndSet(this, expected, next);
        if (DEBUG) {
            TRANSITIONS.logMove(LOG, this, expected, next, swapped);
        }
        if (!swapped && expected != HANDLING) {
            throw new IllegalStateException("lost the race out of " + TRANSITIONS.name(expected) + ", which only one thread may leave: " + this);
        }
        return swapped;
    }

    @Override
    public String toString() {
        return "HandlingState@" + Integer.toHexString(hashCode()) + "[" + TRANSITIONS.name(get()) + "]";
    }
}
