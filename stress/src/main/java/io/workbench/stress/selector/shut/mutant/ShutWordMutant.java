package io.workbench.stress.selector.shut.mutant;

import static io.workbench.stress.selector.shut.mutant.ShutBug.CLOSE_IGNORES_CLOSED;
import static io.workbench.stress.selector.shut.mutant.ShutBug.OUTPUT_CHECKS_INPUT_FIRST;
import static io.workbench.stress.selector.shut.mutant.ShutBug.SHUT_WITHOUT_CAS;

import io.workbench.iocore.selector.EndPointWords;
import io.workbench.iocore.selector.EndPointWords.OutputShut;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of the shut word of iocore's {@link EndPointWords} (as of commit 84d84db) that is built
 * with at most one {@link ShutBug}, for the jcstress tests in {@code io.workbench.stress.selector.shut}
 * to catch. Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control. Every spot a bug changes is marked with the bug's name; a read-then-write waits a
 * little between its read and its write ({@link #widen()}) so that jcstress's quick mode lands in
 * the gap reliably on two cores.
 */
public final class ShutWordMutant {

    private static final int INPUT_SHUT = EndPointWords.INPUT_SHUT;
    private static final int OUTPUT_SHUT = EndPointWords.OUTPUT_SHUT;
    private static final int CLOSED = EndPointWords.CLOSED;

    private static final VarHandle SHUT;

    static {
        try {
            SHUT = MethodHandles.lookup().findVarHandle(ShutWordMutant.class, "shut", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ShutBug bug;
    @SuppressWarnings("unused") // through SHUT
    private volatile int shut;

    /** @param bug the bug to build in; null for the faithful control copy */
    public ShutWordMutant(ShutBug bug) {
        this.bug = bug;
    }

    public boolean shutInput() {
        return (setShut(INPUT_SHUT) & OUTPUT_SHUT) != 0;
    }

    public OutputShut shutOutput() {
        int s;
        if (bug == OUTPUT_CHECKS_INPUT_FIRST) {
            // OUTPUT_CHECKS_INPUT_FIRST: the decision is taken on a read before the bit is set.
            s = word();
            RaceWindow.widen();
            setShut(OUTPUT_SHUT);
        } else {
            s = setShut(OUTPUT_SHUT);
        }
        if ((s & (OUTPUT_SHUT | CLOSED)) != 0) {
            return OutputShut.NOTHING;
        }
        return (s & INPUT_SHUT) != 0 ? OutputShut.SHUT_OUTPUT_THEN_CLOSE : OutputShut.SHUT_OUTPUT;
    }

    public boolean markClosed() {
        int s = setShut(CLOSED);
        // CLOSE_IGNORES_CLOSED: every close wins.
        return bug == CLOSE_IGNORES_CLOSED || (s & CLOSED) == 0;
    }

    public int word() {
        return (int) SHUT.getVolatile(this);
    }

    private int setShut(int bit) {
        while (true) {
            int s = word();
            if ((s & bit) != 0) {
                return s;
            }
            if (bug == SHUT_WITHOUT_CAS) {
                // SHUT_WITHOUT_CAS: the store does not check that the word is still s.
                RaceWindow.widen();
                SHUT.setVolatile(this, s | bit);
                return s;
            }
            if (SHUT.compareAndSet(this, s, s | bit)) {
                return s;
            }
        }
    }

    @Override
    public String toString() {
        return "ShutWordMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + EndPointWords.shutName(word()) + "]";
    }
}
