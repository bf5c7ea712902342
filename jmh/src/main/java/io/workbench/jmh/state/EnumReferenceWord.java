package io.workbench.jmh.state;

import java.util.concurrent.atomic.AtomicReference;

/** The phase as an enum constant in an {@link AtomicReference}: the most readable encoding. */
final class EnumReferenceWord implements StateWord {

    private final AtomicReference<Phase> state = new AtomicReference<>(Phase.IDLE);

    @Override
    public int advance() {
        while (true) {
            Phase current = state.get();
            int next = Phase.next(current.ordinal());
            Phase.check(current.ordinal(), next);
            if (state.compareAndSet(current, Phase.of(next))) {
                return next;
            }
        }
    }

    @Override
    public Phase phase() {
        return state.get();
    }

    @Override
    public String toString() {
        return "EnumReferenceWord@" + Integer.toHexString(hashCode()) + "[" + state.get() + "]";
    }
}
