package io.workbench.iocore.selector;

import io.workbench.iocore.state.Transitions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Queue;

/**
 * Decides when a thread that submitted an action must call {@code Selector.wakeup()}: only when
 * the selector is blocked, or about to block, in {@code select()}, and then only once, whatever
 * the number of submitters (no lost wakeup, no wakeup storm; {@code wakeup()} is a syscall).
 *
 * <pre>
 *              prepareToSelect(): queue empty              claimWakeup() (one submitter wins)
 *   PROCESSING -------------------------------> SELECTING -----------------------------------> WOKEN
 *       ^   ^    prepareToSelect(): queue not empty |  |                                         |
 *       |   +--(back at once, selectNow instead)----+  | selected()                              |
 *       +----------------------------------------------+-----------------------------------------+
 *                                                         selected()
 * </pre>
 *
 * <p>Why no wakeup is lost: the selector thread writes SELECTING, then reads the queue; a
 * submitter writes the queue (a CAS on its producer index), then reads the state. Both are
 * volatile accesses, so they are sequentially consistent: either the selector sees the action
 * and does not block, or the submitter sees SELECTING and wakes it (Dekker's pattern). A
 * {@code wakeup()} that lands after {@code select()} already returned is harmless: the next
 * {@code select()} returns at once, and {@code selectNow()} clears it.
 *
 * <p>The state is one int changed in {@link #cas} against {@link #TRANSITIONS}; the class does not know
 * the selector, so a jcstress test can drive it with a queue alone.
 */
public final class SelectorWakeup {

    private static final System.Logger LOG = System.getLogger(SelectorWakeup.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    /** The selector thread is awake: submitters need not wake it. */
    public static final int PROCESSING = 0;
    /** The selector thread is in, or about to enter, a blocking select. */
    public static final int SELECTING = 1;
    /** A submitter has claimed the wakeup; others need not call it. */
    public static final int WOKEN = 2;
    private static final Transitions TRANSITIONS = new Transitions("PROCESSING", "SELECTING", "WOKEN")
            .allow(PROCESSING, SELECTING)
            .allow(SELECTING, PROCESSING, WOKEN)
            .allow(WOKEN, PROCESSING);

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SelectorWakeup.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through STATE
    private volatile int state;

    /**
     * The selector thread is about to block; it must call {@link #selected()} when the select returns.
     *
     * @param actions the queue submitters write to before calling {@link #claimWakeup()}
     * @return true if it may block; false if actions are waiting, in which case the state is
     *         PROCESSING again and the thread should {@code selectNow()} and run them
     */
    public boolean prepareToSelect(Queue<?> actions) {
        cas(PROCESSING, SELECTING);
        if (actions.isEmpty()) {
            return true;
        }
        if (!cas(SELECTING, PROCESSING)) {
            // A submitter claimed the wakeup meanwhile; its wakeup() will be cleared by selectNow().
            cas(WOKEN, PROCESSING);
        }
        return false;
    }

    /**
     * A submitter has queued an action.
     *
     * @return true if the caller must call {@code Selector.wakeup()}: only one caller per select gets true
     */
    public boolean claimWakeup() {
        return (int) STATE.getVolatile(this) == SELECTING && cas(SELECTING, WOKEN);
    }

    /** The blocking select returned; the selector thread is processing again. */
    public void selected() {
        int s = (int) STATE.getVolatile(this);
        if (!cas(s, PROCESSING)) {
            // The only other writer moves SELECTING to WOKEN; from there PROCESSING is ours.
            cas(WOKEN, PROCESSING);
        }
    }

    /** @return the current state constant */
    public int get() {
        return (int) STATE.getVolatile(this);
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
        return "SelectorWakeup@" + Integer.toHexString(hashCode()) + "[" + TRANSITIONS.name(get()) + "]";
    }
}
