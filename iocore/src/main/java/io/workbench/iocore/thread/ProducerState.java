package io.workbench.iocore.thread;

import io.workbench.iocore.state.Transitions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Who owns production: the lock-free state machine behind both execution strategies. At most one
 * thread produces at a time; a request to produce while another thread owns production is never
 * lost (the owner produces once more before it lets go); and the adaptive strategy can hand
 * production to another thread without a window in which a third thread could start producing.
 *
 * <pre>
 *            tryProduce()                      handOff()
 *   IDLE ---------------------> PRODUCING ---------------------> HANDED_OFF
 *    ^                          |  ^   |                          |
 *    +------tryIdle()=true------+  |   +--tryProduce() elsewhere  |  tryProduce() elsewhere
 *          (no REPRODUCE)          |      sets REPRODUCE          |  sets REPRODUCE
 *                                  +------resumeHandedOff()-------+
 *                                     (the thread production was handed to,
 *                                      or the owner taking it back when no thread took it)
 *   PRODUCING+REPRODUCE --tryIdle()=false--> PRODUCING  (the owner produces once more)
 * </pre>
 *
 * <p>The state is one int: a phase in the low bits and the {@code REPRODUCE} flag. The allowed
 * phase changes are data ({@link #PHASES}) checked in {@link #cas}, the one method that writes.
 * The methods are meant to be driven by a jcstress test without any producer behind them.
 */
public final class ProducerState {

    private static final System.Logger LOG = System.getLogger(ProducerState.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    /** Nobody produces. */
    public static final int IDLE = 0;
    /** One thread produces. */
    public static final int PRODUCING = 1;
    /** The producer gave production to another thread that has not started producing yet. */
    public static final int HANDED_OFF = 2;
    /** Flag: a produce request arrived while production was owned; the owner must produce again. */
    public static final int REPRODUCE = 4;

    private static final int PHASE_MASK = 3;
    /** The phase changes; the REPRODUCE flag may be set or cleared with any of them. */
    private static final Transitions PHASES = new Transitions("IDLE", "PRODUCING", "HANDED_OFF")
            .allow(IDLE, PRODUCING)
            .allow(PRODUCING, PRODUCING, IDLE, HANDED_OFF)
            .allow(HANDED_OFF, HANDED_OFF, PRODUCING);

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ProducerState.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through STATE
    private volatile int state;

    /**
     * A thread asks to produce.
     *
     * @return true if the caller now owns production; false if another thread owns it (or it is
     *         handed off), in which case that owner has been told to produce once more
     */
    public boolean tryProduce() {
        while (true) {
            int s = (int) STATE.getVolatile(this);
            if (s == IDLE) {
                if (cas(s, PRODUCING)) {
                    return true;
                }
            } else if ((s & REPRODUCE) != 0 || cas(s, s | REPRODUCE)) {
                return false;
            }
        }
    }

    /**
     * The owner found nothing to produce and wants to stop.
     *
     * @return true if production is now idle; false if a produce request arrived meanwhile, in
     *         which case the caller still owns production and must produce again
     */
    public boolean tryIdle() {
        while (true) {
            int s = (int) STATE.getVolatile(this);
            requireOwned(s, PRODUCING);
            if ((s & REPRODUCE) != 0) {
                if (cas(s, PRODUCING)) {
                    return false;
                }
            } else if (cas(s, IDLE)) {
                return true;
            }
        }
    }

    /** The owner gives production away; it must then make sure someone calls {@link #resumeHandedOff()}. */
    public void handOff() {
        while (true) {
            int s = (int) STATE.getVolatile(this);
            requireOwned(s, PRODUCING);
            if (cas(s, HANDED_OFF | (s & REPRODUCE))) {
                return;
            }
        }
    }

    /** The thread production was handed to (or the owner, when nobody took it) becomes the producer. */
    public void resumeHandedOff() {
        while (true) {
            int s = (int) STATE.getVolatile(this);
            requireOwned(s, HANDED_OFF);
            if (cas(s, PRODUCING | (s & REPRODUCE))) {
                return;
            }
        }
    }

    /** @return the current state word: a phase constant, possibly with {@link #REPRODUCE} */
    public int get() {
        return (int) STATE.getVolatile(this);
    }

    private void requireOwned(int s, int phase) {
        if ((s & PHASE_MASK) != phase) {
            throw new IllegalStateException("expected " + PHASES.name(phase) + " but was " + name(s) + " in " + this);
        }
    }

    private boolean cas(int expected, int next) {
        if (!PHASES.allows(expected & PHASE_MASK, next & PHASE_MASK)) {
            throw new IllegalStateException(name(expected) + " !-> " + name(next) + " is not a transition of " + this);
        }
        boolean swapped = STATE.compareAndSet(this, expected, next);
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "{0} {1}{2}{3}", this, name(expected), swapped ? "-->" : "!->", name(next));
        }
        return swapped;
    }

    /** @return the name of a state word, e.g. {@code PRODUCING+REPRODUCE} */
    public static String name(int s) {
        return PHASES.name(s & PHASE_MASK) + ((s & REPRODUCE) != 0 ? "+REPRODUCE" : "");
    }

    @Override
    public String toString() {
        return "ProducerState@" + Integer.toHexString(hashCode()) + "[" + name(get()) + "]";
    }
}
