package io.workbench.stress.server.handling.mutant;

import static io.workbench.stress.server.handling.mutant.HandlingBug.COMPLETED_WITHOUT_CAS;
import static io.workbench.stress.server.handling.mutant.HandlingBug.COMPLETION_CARRIES_ON_AT_ONCE;
import static io.workbench.stress.server.handling.mutant.HandlingBug.HANDLED_WITHOUT_CAS;
import static io.workbench.stress.server.handling.mutant.HandlingBug.HANDLED_YIELDS_TO_COMPLETER;

import io.workbench.iocore.http.server.HandlingState;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of iocore's {@link HandlingState} (as of commit 68d5cfc) that is built with at most one
 * {@link HandlingBug}, for the jcstress tests in {@code io.workbench.stress.server.handling} to
 * catch. Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control. Every spot a bug changes is marked with the bug's name; a read-then-write waits a
 * little between its read and its write ({@link #widen()}) so that jcstress's quick mode lands in
 * the gap reliably on two cores. The machine is the original's, drawn in its class comment; left
 * out is debug logging.
 */
public final class HandlingStateMutant {

    private static final int IDLE = HandlingState.IDLE;
    private static final int HANDLING = HandlingState.HANDLING;
    private static final int COMPLETED = HandlingState.COMPLETED;
    private static final int WAITING = HandlingState.WAITING;

    private static final int[] NEXT = new int[4];

    static {
        NEXT[IDLE] = 1 << HANDLING;
        NEXT[HANDLING] = 1 << COMPLETED | 1 << WAITING;
        NEXT[COMPLETED] = 1 << IDLE;
        NEXT[WAITING] = 1 << IDLE;
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(HandlingStateMutant.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final HandlingBug bug;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;

    /** @param bug the bug to build in; null for the faithful control copy */
    public HandlingStateMutant(HandlingBug bug) {
        this.bug = bug;
    }

    public void dispatch() {
        cas(IDLE, HANDLING);
    }

    public boolean handled() {
        while (true) {
            int s = get();
            if (s == HANDLING) {
                if (update(HANDLED_WITHOUT_CAS, HANDLING, WAITING)) {
                    return false;
                }
            } else if (s == COMPLETED) {
                cas(COMPLETED, IDLE);
                // HANDLED_YIELDS_TO_COMPLETER: the completing thread already returned false.
                return bug != HANDLED_YIELDS_TO_COMPLETER;
            } else {
                throw new IllegalStateException("handle() returned in " + HandlingState.name(s) + ": " + this);
            }
        }
    }

    public boolean completed() {
        while (true) {
            int s = get();
            if (s == HANDLING) {
                if (update(COMPLETED_WITHOUT_CAS, HANDLING, COMPLETED)) {
                    // COMPLETION_CARRIES_ON_AT_ONCE: the handler's thread will carry on too when it returns.
                    return bug == COMPLETION_CARRIES_ON_AT_ONCE;
                }
            } else if (s == WAITING) {
                update(COMPLETED_WITHOUT_CAS, WAITING, IDLE);
                return true;
            } else {
                throw new IllegalStateException("an exchange completed in " + HandlingState.name(s)
                        + " (was its callback completed twice?): " + this);
            }
        }
    }

    public int get() {
        return (int) STATE.getVolatile(this);
    }

    /** A CAS, or with the named bug a read-then-write: the store of the move decided on the read. */
    private boolean update(HandlingBug readThenWrite, int expected, int next) {
        if (bug != readThenWrite) {
            return cas(expected, next);
        }
        check(expected, next);
        RaceWindow.widen();
        STATE.setVolatile(this, next);
        return true;
    }

    private boolean cas(int expected, int next) {
        check(expected, next);
        boolean swapped = STATE.compareAndSet(this, expected, next);
        if (!swapped && expected != HANDLING) {
            throw new IllegalStateException("lost the race out of " + HandlingState.name(expected)
                    + ", which only one thread may leave: " + this);
        }
        return swapped;
    }

    private void check(int expected, int next) {
        if ((NEXT[expected] & 1 << next) == 0) {
            throw new IllegalStateException(HandlingState.name(expected) + " !-> " + HandlingState.name(next)
                    + " is not a transition of " + this);
        }
    }

    @Override
    public String toString() {
        return "HandlingStateMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + HandlingState.name(get()) + "]";
    }
}
