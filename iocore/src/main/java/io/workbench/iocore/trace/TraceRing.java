package io.workbench.iocore.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded ring of trace records in primitive slots: any number of writers, one reader. A writer
 * claims a sequence with a CAS, only while the ring has room (a full ring counts a drop and takes
 * nothing: a writer never blocks and never overwrites), writes the record's longs with plain stores,
 * and publishes it by storing the sequence into the slot's mark with release semantics. The reader
 * takes records in sequence order while each is published (an acquire read of the mark), and frees
 * their slots by advancing its position with release semantics, which a writer's room check reads
 * with acquire. A record claimed and not yet published holds the reader back until it is.
 *
 * <pre>
 *   writer: claimed --CAS claimed+1 (room: claimed - consumed &lt; capacity)--> write longs --setRelease mark--> published
 *           no room --> dropped + 1, nothing written
 *   reader: mark == seq + 1 (acquire) --> read longs --setRelease consumed = seq + 1--> the slot is free again
 * </pre>
 *
 * Allocates nothing after construction and takes no lock; the load targets' trace recorder
 * (servlet-targets' {@code TraceRecorder}) spreads its writers over several rings, by thread, so
 * that most writes meet no other writer.
 */
public final class TraceRing {

    /** The longs of one record: id, first read, handler entered, answer started, last write issued, handed, flags. */
    public static final int LONGS = 7;

    private static final VarHandle CLAIMED;
    private static final VarHandle CONSUMED;
    private static final VarHandle DROPPED;
    private static final VarHandle MARK = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CLAIMED = lookup.findVarHandle(TraceRing.class, "claimed", long.class);
            CONSUMED = lookup.findVarHandle(TraceRing.class, "consumed", long.class);
            DROPPED = lookup.findVarHandle(TraceRing.class, "dropped", long.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    private final int capacity;
    private final int mask;
    private final long[] slots;
    /** Per slot: the sequence of the record in it, plus one, once published; 0 before the first. */
    private final long[] marks;
    /** The next sequence a writer claims; CAS. */
    @SuppressWarnings("unused") // through CLAIMED
    private long claimed;
    /** The next sequence the reader takes; written by the reader only, with release. */
    @SuppressWarnings("unused") // through CONSUMED
    private long consumed;
    /** Records refused because the ring was full. */
    @SuppressWarnings("unused") // through DROPPED
    private long dropped;

    /** @param capacity records it holds, a power of two */
    public TraceRing(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two >= 2, was " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.slots = new long[capacity * LONGS];
        this.marks = new long[capacity];
    }

    /**
     * Any thread: adds one record, or counts a drop if the ring is full.
     *
     * @return true if the record was taken
     */
    public boolean offer(long id, long firstRead, long entered, long answered, long writing, long handed, long flags) {
        long seq;
        do {
            seq = (long) CLAIMED.getVolatile(this);
            if (seq - (long) CONSUMED.getAcquire(this) >= capacity) {
                DROPPED.getAndAdd(this, 1L);
                return false;
            }
        } while (!CLAIMED.compareAndSet(this, seq, seq + 1));
        int index = (int) (seq & mask);
        int at = index * LONGS;
        slots[at] = id;
        slots[at + 1] = firstRead;
        slots[at + 2] = entered;
        slots[at + 3] = answered;
        slots[at + 4] = writing;
        slots[at + 5] = handed;
        slots[at + 6] = flags;
        MARK.setRelease(marks, index, seq + 1);
        return true;
    }

    /** What the reader gives each record to. */
    @FunctionalInterface
    public interface RecordSink {
        /** The record's {@link #LONGS} longs are {@code slots[at]} to {@code slots[at + LONGS - 1]}, valid during the call. */
        void take(long[] slots, int at);
    }

    /**
     * The one reader (callers serialize): gives every published record, in sequence order, to
     * {@code sink}, up to the first that is claimed and not yet published.
     *
     * @return how many it gave
     */
    public int drainTo(RecordSink sink) {
        long seq = (long) CONSUMED.getOpaque(this);
        int taken = 0;
        while ((long) MARK.getAcquire(marks, (int) (seq & mask)) == seq + 1) {
            sink.take(slots, (int) (seq & mask) * LONGS);
            seq++;
            taken++;
            CONSUMED.setRelease(this, seq);
        }
        return taken;
    }

    /** @return records refused because the ring was full, since it was made */
    public long dropped() {
        return (long) DROPPED.getVolatile(this);
    }

    public int capacity() {
        return capacity;
    }

    @Override
    public String toString() {
        long claimedNow = (long) CLAIMED.getVolatile(this);
        long consumedNow = (long) CONSUMED.getVolatile(this);
        return "TraceRing@" + Integer.toHexString(hashCode()) + "[" + (claimedNow - consumedNow) + "/" + capacity
                + ",consumed=" + consumedNow + ",dropped=" + dropped() + "]";
    }
}
