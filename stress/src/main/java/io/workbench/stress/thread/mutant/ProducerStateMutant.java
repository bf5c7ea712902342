package io.workbench.stress.thread.mutant;

import static io.workbench.stress.thread.mutant.ProducerBug.HANDOFF_DROPS_REPRODUCE;
import static io.workbench.stress.thread.mutant.ProducerBug.HANDOFF_TO_IDLE;
import static io.workbench.stress.thread.mutant.ProducerBug.IDLE_IGNORES_REPRODUCE;
import static io.workbench.stress.thread.mutant.ProducerBug.PRODUCE_READ_THEN_WRITE;
import static io.workbench.stress.thread.mutant.ProducerBug.RESUME_READ_THEN_WRITE;

import io.workbench.iocore.thread.ProducerState;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of iocore's {@link ProducerState} (as of commit 0a11de1) that is built with at most one
 * {@link ProducerBug}, for the jcstress tests in {@code io.workbench.stress.thread} to catch.
 * Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control. Every spot a bug changes is marked with the bug's name; a read-then-write waits a
 * little between its read and its write ({@link #widen()}) so that jcstress's quick mode lands in
 * the gap reliably on two cores.
 *
 * <p>The machine is the original's, drawn in its class comment; left out is debug logging.
 */
public final class ProducerStateMutant {

    private static final int IDLE = ProducerState.IDLE;
    private static final int PRODUCING = ProducerState.PRODUCING;
    private static final int HANDED_OFF = ProducerState.HANDED_OFF;
    private static final int REPRODUCE = ProducerState.REPRODUCE;
    private static final int PHASE_MASK = 3;

    private static final int[] NEXT = new int[3];

    static {
        NEXT[IDLE] = 1 << PRODUCING;
        NEXT[PRODUCING] = 1 << PRODUCING | 1 << IDLE | 1 << HANDED_OFF;
        NEXT[HANDED_OFF] = 1 << HANDED_OFF | 1 << PRODUCING;
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ProducerStateMutant.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ProducerBug bug;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;

    /** @param bug the bug to build in; null for the faithful control copy */
    public ProducerStateMutant(ProducerBug bug) {
        this.bug = bug;
    }

    public boolean tryProduce() {
        while (true) {
            int s = get();
            if (s == IDLE) {
                if (update(PRODUCE_READ_THEN_WRITE, s, PRODUCING)) {
                    return true;
                }
            } else if ((s & REPRODUCE) != 0 || cas(s, s | REPRODUCE)) {
                return false;
            }
        }
    }

    public boolean tryIdle() {
        while (true) {
            int s = get();
            requireOwned(s, PRODUCING);
            if ((s & REPRODUCE) != 0 && bug != IDLE_IGNORES_REPRODUCE) {
                if (cas(s, PRODUCING)) {
                    return false;
                }
            } else if (cas(s, IDLE)) {
                // IDLE_IGNORES_REPRODUCE: with the bug, a set REPRODUCE is dropped here.
                return true;
            }
        }
    }

    public void handOff() {
        while (true) {
            int s = get();
            requireOwned(s, PRODUCING);
            int next = HANDED_OFF | (s & REPRODUCE);
            if (bug == HANDOFF_TO_IDLE) {
                // HANDOFF_TO_IDLE: production looks free while it is being handed over.
                next = IDLE;
            } else if (bug == HANDOFF_DROPS_REPRODUCE) {
                // HANDOFF_DROPS_REPRODUCE: the flag does not travel with the hand-off.
                next = HANDED_OFF;
            }
            if (cas(s, next)) {
                return;
            }
        }
    }

    public void resumeHandedOff() {
        while (true) {
            int s = get();
            requireOwned(s, HANDED_OFF);
            if (update(RESUME_READ_THEN_WRITE, s, PRODUCING | (s & REPRODUCE))) {
                return;
            }
        }
    }

    public int get() {
        return (int) STATE.getVolatile(this);
    }

    private void requireOwned(int s, int phase) {
        if ((s & PHASE_MASK) != phase) {
            throw new IllegalStateException("expected " + ProducerState.name(phase) + " but was "
                    + ProducerState.name(s) + " in " + this);
        }
    }

    /** A CAS, or with the named bug a read-then-write: the store of what was computed from the read. */
    private boolean update(ProducerBug readThenWrite, int expected, int next) {
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
        return STATE.compareAndSet(this, expected, next);
    }

    private void check(int expected, int next) {
        if ((NEXT[expected & PHASE_MASK] & 1 << (next & PHASE_MASK)) == 0) {
            throw new IllegalStateException(ProducerState.name(expected) + " !-> " + ProducerState.name(next)
                    + " is not a transition of " + this);
        }
    }

    @Override
    public String toString() {
        return "ProducerStateMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + ProducerState.name(get()) + "]";
    }
}
