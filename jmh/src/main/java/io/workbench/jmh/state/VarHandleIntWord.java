package io.workbench.jmh.state;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The phase in the low bits of an int field of this object, changed through a {@link VarHandle}:
 * the packed word without the {@code AtomicInteger} around it, so reading the state is one load
 * from the object the caller already holds. The memory ordering is named at each access.
 */
final class VarHandleIntWord implements StateWord {

    private static final int PHASE_MASK = 0b11;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(VarHandleIntWord.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private int state = Phase.IDLE.ordinal();

    @Override
    public int advance() {
        while (true) {
            int current = loadVolatile();
            int phase = current & PHASE_MASK;
            int next = Phase.next(phase);
            Phase.check(phase, next);
            if (STATE.compareAndSet(this, current, (current & ~PHASE_MASK) | next)) {
                return next;
            }
        }
    }

    /** The same ordering as {@code AtomicInteger.get()} and {@code AtomicReference.get()}, for a fair comparison. */
    private int loadVolatile() {
        return (int) STATE.getVolatile(this);
    }

    @Override
    public Phase phase() {
        return Phase.of(loadVolatile() & PHASE_MASK);
    }

    @Override
    public String toString() {
        return "VarHandleIntWord@" + Integer.toHexString(hashCode()) + "[" + phase() + "]";
    }
}
