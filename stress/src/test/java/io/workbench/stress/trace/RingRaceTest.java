package io.workbench.stress.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.stress.build.MutantGenerator;
import io.workbench.stress.trace.mutant.TraceRingBug;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.junit.jupiter.api.Test;

/**
 * The ring fixture on one thread: the sequential orders of each race give the outcomes its jcstress
 * test accepts, and the outcomes it forbids do show when the ring is broken. (This VM runs the real
 * TraceRing: no variant is selected.)
 */
class RingRaceTest {

    @Test
    void oneOfTwoWritersTakesTheLastSlot_theOtherCountsADrop() {
        RingRace race = new RingRace().holding(1);
        assertEquals("taken", race.offer(2));
        assertEquals("dropped", race.offer(3));
        assertEquals("rest=1,2 next=9 dropped=1", race.afterwards());
    }

    @Test
    void theReaderTakesAPublishedRecordWhole_orLeavesItToTheNextDrain() {
        RingRace before = new RingRace();
        assertEquals("none", before.drain());
        assertEquals("taken", before.offer(1));
        assertEquals("rest=1 next=9 dropped=0", before.afterwards());

        RingRace after = new RingRace();
        assertEquals("taken", after.offer(1));
        assertEquals("1", after.drainThenGoOn());
        assertEquals("rest=none next=9 dropped=0", after.afterwards());
    }

    @Test
    void anOfferToAFullRingIsRefused_untilTheReaderHasFreedASlot() {
        RingRace full = new RingRace().holding(1, 2);
        assertEquals("dropped", full.offerThenGoOn(3));
        assertEquals("1,2", full.drain());
        assertEquals("rest=none next=9 dropped=1", full.afterwards());

        RingRace freed = new RingRace().holding(1, 2);
        assertEquals("1,2", freed.drain());
        assertEquals("taken", freed.offerThenGoOn(3));
        assertEquals("rest=3 next=9 dropped=0", freed.afterwards());
    }

    @Test
    void theControlCopyKeepsTheLastSlotsOrder_theCopyWhoseDropKeepsItsClaimLosesTheNextRecord() throws Throwable {
        RingRace control = new RingRace(copy(null)).holding(1);
        assertEquals("taken", control.offer(2));
        assertEquals("dropped", control.offer(3));
        assertEquals("rest=1,2 next=9 dropped=1", control.afterwards());

        RingRace broken = new RingRace(copy(TraceRingBug.DROP_KEEPS_CLAIM)).holding(1);
        assertEquals("taken", broken.offer(2));
        assertEquals("dropped", broken.offer(3));
        assertEquals("rest=1,2 next=lost dropped=1", broken.afterwards());
    }

    @Test
    void aRecordWhoseLongsAreNotAllOneRecordsReadsAsTorn() {
        long[] halfWritten = {1, RingRace.field(1, 1), RingRace.field(1, 2), 0, 0, 0, 0};
        RingUnderTest tearing = new RingUnderTest() {
            @Override
            public boolean offer(long id, long firstRead, long entered, long answered, long writing, long handed, long flags) {
                return true;
            }

            @Override
            public int drainTo(Sink sink) {
                sink.take(halfWritten, 0);
                return 1;
            }

            @Override
            public long dropped() {
                return 0;
            }
        };
        assertEquals("torn", new RingRace(tearing).drain());
    }

    /** RealRing's generated twin beside the control copy ({@code bug} null) or a mutant, over a new ring. */
    private static RingUnderTest copy(TraceRingBug bug) throws Throwable {
        Class<?> twin = Class.forName(MutantGenerator.copyPackage(TraceRingBug.class.getPackageName(),
                bug == null ? null : bug.name()) + ".RealRing");
        return (RingUnderTest) MethodHandles.privateLookupIn(twin, MethodHandles.lookup())
                .findConstructor(twin, MethodType.methodType(void.class, int.class))
                .invoke(RingRace.CAPACITY);
    }
}
