package io.workbench.jmh.state;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The phase in the low bits of an {@link AtomicInteger}. A real machine packs its flags into the
 * bits above (as iocore's IteratingCallback does); this one keeps the phase only, so that every
 * encoding carries the same information, and masks it as a packed word must.
 */
final class PackedAtomicIntegerWord implements StateWord {

    private static final int PHASE_MASK = 0b11;

    private final AtomicInteger state = new AtomicInteger(Phase.IDLE.ordinal());

    @Override
    public int advance() {
        while (true) {
            int current = state.get();
            int phase = current & PHASE_MASK;
            int next = Phase.next(phase);
            Phase.check(phase, next);
            if (state.compareAndSet(current, (current & ~PHASE_MASK) | next)) {
                return next;
            }
        }
    }

    @Override
    public Phase phase() {
        return Phase.of(state.get() & PHASE_MASK);
    }

    @Override
    public String toString() {
        return "PackedAtomicIntegerWord@" + Integer.toHexString(hashCode()) + "[" + phase() + "]";
    }
}
