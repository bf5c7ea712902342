package io.workbench.stress.trace;

import io.workbench.iocore.trace.TraceRing;

/**
 * The real TraceRing, driven through {@link RingUnderTest}. The build also copies this class beside
 * each generated copy of TraceRing (the control and every mutant), where the same code drives the
 * copy; so it names TraceRing only through its import.
 */
final class RealRing implements RingUnderTest {

    private final TraceRing ring;

    RealRing(int capacity) {
        ring = new TraceRing(capacity);
    }

    @Override
    public boolean offer(long id, long firstRead, long entered, long answered, long writing, long handed, long flags) {
        return ring.offer(id, firstRead, entered, answered, writing, handed, flags);
    }

    @Override
    public int drainTo(Sink sink) {
        return ring.drainTo(sink::take);
    }

    @Override
    public long dropped() {
        return ring.dropped();
    }
}
