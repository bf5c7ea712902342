package io.workbench.stress.trace;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.trace.mutant.TraceRingBug;
import java.lang.invoke.MethodHandle;

/**
 * The API of the trace ring as the race tests drive it, which is the API the targets' trace
 * recorder uses: iocore's TraceRing through {@link RealRing}, or a generated copy (the control or a
 * mutant) through RealRing's twin beside it. Which one a VM creates is chosen once, by
 * {@link Variant}. Public, as the twins live in other packages.
 */
public interface RingUnderTest {

    /** What this VM runs: the real TraceRing unless the harness selected a copy. */
    Variant<TraceRingBug> VARIANT = Variant.selected(TraceRingBug.MACHINE, TraceRingBug.class);

    /** The constructor of RealRing's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealRing.class, int.class);

    /** A new, empty ring of the selected variant holding {@code capacity} records. */
    static RingUnderTest create(int capacity) {
        if (VARIANT.isReal()) {
            return new RealRing(capacity);
        }
        try {
            return (RingUnderTest) COPY.invoke(capacity);
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /**
     * What the reader gives each record to: TraceRing's own sink, which a copy has a type of its
     * own for, so the driver converts.
     */
    @FunctionalInterface
    interface Sink {
        /** The record's longs are {@code slots[at]} onwards, valid during the call. */
        void take(long[] slots, int at);
    }

    boolean offer(long id, long firstRead, long entered, long answered, long writing, long handed, long flags);

    int drainTo(Sink sink);

    long dropped();
}
