package io.workbench.stress.selector.interest.mutant;

import static io.workbench.stress.selector.interest.mutant.InterestBug.CHANGE_WITHOUT_CAS;
import static io.workbench.stress.selector.interest.mutant.InterestBug.SELECTED_WITHOUT_CAS;
import static io.workbench.stress.selector.interest.mutant.InterestBug.UPDATE_CLEARS_AFTER_APPLYING;
import static io.workbench.stress.selector.interest.mutant.InterestBug.UPDATE_WITHOUT_CAS;

import io.workbench.iocore.selector.EndPointWords;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of the interest word of iocore's {@link EndPointWords} (as of commit 84d84db) that is
 * built with at most one {@link InterestBug}, for the jcstress tests in
 * {@code io.workbench.stress.selector.interest} to catch. Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control. Every spot a bug changes is marked with the bug's name; a read-then-write waits a
 * little between its read and its write ({@link #widen()}) so that jcstress's quick mode lands in
 * the gap reliably on two cores.
 *
 * <p>The machine is the original's, drawn in its class comment; left out is debug logging.
 */
public final class InterestWordMutant {

    private static final int OPS_MASK = EndPointWords.OPS_MASK;
    private static final int UPDATE_PENDING = EndPointWords.UPDATE_PENDING;

    private static final VarHandle INTEREST;

    static {
        try {
            INTEREST = MethodHandles.lookup().findVarHandle(InterestWordMutant.class, "interest", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final InterestBug bug;
    @SuppressWarnings("unused") // through INTEREST
    private volatile int interest;

    /** @param bug the bug to build in; null for the faithful control copy */
    public InterestWordMutant(InterestBug bug) {
        this.bug = bug;
    }

    public boolean addInterest(int op) {
        while (true) {
            int s = word();
            if ((s & op) != 0) {
                return false;
            }
            int next = s | op | UPDATE_PENDING;
            // CHANGE_WITHOUT_CAS: the store does not check that the word is still s.
            if (update(CHANGE_WITHOUT_CAS, s, next)) {
                return (s & UPDATE_PENDING) == 0;
            }
        }
    }

    public void takeReady(int ready) {
        while (true) {
            int s = word();
            // SELECTED_WITHOUT_CAS: the store does not check that the word is still s.
            if (update(SELECTED_WITHOUT_CAS, s, (s & ~ready) | UPDATE_PENDING)) {
                return;
            }
        }
    }

    public int takeUpdate() {
        if (bug == UPDATE_CLEARS_AFTER_APPLYING) {
            // UPDATE_CLEARS_AFTER_APPLYING: the ops are taken first, the flag cleared later on a fresh read.
            int ops = word() & OPS_MASK;
            RaceWindow.widen();
            int s;
            do {
                s = word();
            } while (!INTEREST.compareAndSet(this, s, s & ~UPDATE_PENDING));
            return ops;
        }
        while (true) {
            int s = word();
            // UPDATE_WITHOUT_CAS: the store does not check that the word is still s.
            if (update(UPDATE_WITHOUT_CAS, s, s & ~UPDATE_PENDING)) {
                return s & OPS_MASK;
            }
        }
    }

    public int word() {
        return (int) INTEREST.getVolatile(this);
    }

    /** A CAS, or with the named bug a read-then-write: the store of what was computed from the read. */
    private boolean update(InterestBug readThenWrite, int expected, int next) {
        if (bug != readThenWrite) {
            return INTEREST.compareAndSet(this, expected, next);
        }
        RaceWindow.widen();
        INTEREST.setVolatile(this, next);
        return true;
    }

    @Override
    public String toString() {
        return "InterestWordMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + EndPointWords.interestName(word()) + "]";
    }
}
