package io.workbench.stress.selector.mutant;

import static io.workbench.stress.selector.mutant.WakeupBug.CLAIM_WITHOUT_CAS;
import static io.workbench.stress.selector.mutant.WakeupBug.QUEUE_CHECKED_FIRST;
import static io.workbench.stress.selector.mutant.WakeupBug.REVERT_WITHOUT_FALLBACK;
import static io.workbench.stress.selector.mutant.WakeupBug.SELECTED_WITHOUT_FALLBACK;
import static io.workbench.stress.selector.mutant.WakeupBug.SELECTING_STORE_RELEASE;

import io.workbench.iocore.selector.SelectorWakeup;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Queue;

/**
 * A copy of iocore's {@link SelectorWakeup} (as of commit 0a11de1) that is built with at most one
 * {@link WakeupBug}, for the jcstress tests in {@code io.workbench.stress.selector} to catch.
 * Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control. Every spot a bug changes is marked with the bug's name. Where a bug opens a gap between
 * a read and a write, the copy waits a little in it ({@link #widen()}) so that jcstress's quick
 * mode lands there reliably on two cores; {@link WakeupBug#SELECTING_STORE_RELEASE} is not
 * widened: its bug is a missing barrier, which a wait would hide.
 *
 * <p>The machine is the original's, drawn in its class comment; left out is debug logging.
 */
public final class SelectorWakeupMutant {

    private static final int PROCESSING = SelectorWakeup.PROCESSING;
    private static final int SELECTING = SelectorWakeup.SELECTING;
    private static final int WOKEN = SelectorWakeup.WOKEN;

    private static final int[] NEXT = new int[3];

    static {
        NEXT[PROCESSING] = 1 << SELECTING;
        NEXT[SELECTING] = 1 << PROCESSING | 1 << WOKEN;
        NEXT[WOKEN] = 1 << PROCESSING;
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SelectorWakeupMutant.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final WakeupBug bug;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;

    /** @param bug the bug to build in; null for the faithful control copy */
    public SelectorWakeupMutant(WakeupBug bug) {
        this.bug = bug;
    }

    public boolean prepareToSelect(Queue<?> actions) {
        if (bug == QUEUE_CHECKED_FIRST) {
            // QUEUE_CHECKED_FIRST: the queue is read before the submitters can know the selector will block.
            boolean empty = actions.isEmpty();
            RaceWindow.widen();
            cas(PROCESSING, SELECTING);
            if (empty) {
                return true;
            }
        } else {
            if (bug == SELECTING_STORE_RELEASE) {
                // SELECTING_STORE_RELEASE: a release store orders what came before it, not the read after it.
                check(get(), SELECTING);
                STATE.setRelease(this, SELECTING);
            } else {
                cas(PROCESSING, SELECTING);
            }
            if (actions.isEmpty()) {
                return true;
            }
        }
        if (bug == REVERT_WITHOUT_FALLBACK) {
            // REVERT_WITHOUT_FALLBACK: a claim that lands here leaves the state WOKEN.
            RaceWindow.widen();
            cas(SELECTING, PROCESSING);
            return false;
        }
        if (!cas(SELECTING, PROCESSING)) {
            cas(WOKEN, PROCESSING);
        }
        return false;
    }

    public boolean claimWakeup() {
        if (bug == CLAIM_WITHOUT_CAS) {
            // CLAIM_WITHOUT_CAS: every submitter that read SELECTING stores WOKEN and claims the wakeup.
            if (get() != SELECTING) {
                return false;
            }
            RaceWindow.widen();
            STATE.setVolatile(this, WOKEN);
            return true;
        }
        return get() == SELECTING && cas(SELECTING, WOKEN);
    }

    public void selected() {
        int s = get();
        if (bug == SELECTED_WITHOUT_FALLBACK) {
            // SELECTED_WITHOUT_FALLBACK: a claim that lands here leaves the state WOKEN.
            RaceWindow.widen();
            cas(s, PROCESSING);
            return;
        }
        if (!cas(s, PROCESSING)) {
            cas(WOKEN, PROCESSING);
        }
    }

    public int get() {
        return (int) STATE.getVolatile(this);
    }

    private boolean cas(int expected, int next) {
        check(expected, next);
        return STATE.compareAndSet(this, expected, next);
    }

    private void check(int expected, int next) {
        if ((NEXT[expected] & 1 << next) == 0) {
            throw new IllegalStateException(SelectorWakeup.name(expected) + " !-> " + SelectorWakeup.name(next)
                    + " is not a transition of " + this);
        }
    }

    @Override
    public String toString() {
        return "SelectorWakeupMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + SelectorWakeup.name(get()) + "]";
    }
}
