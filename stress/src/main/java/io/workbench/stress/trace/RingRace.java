package io.workbench.stress.trace;

import io.workbench.iocore.trace.TraceRing;
import io.workbench.stress.harness.RaceWindow;
import java.util.StringJoiner;

/**
 * One jcstress iteration of a race on a trace ring: a ring of the variant this VM runs
 * ({@link RingUnderTest#create}) with room for two records, driven as the targets' trace recorder
 * drives it: writers offer records, one reader drains. Each long of a record says whose it is
 * ({@link #field}), so that a record read before it was all written, or while another was written
 * over it, shows as torn. Every call returns what the outcome shows.
 *
 * <p>jcstress runs each actor through a batch of iterations at its own pace, so an actor much
 * faster than the other runs ahead of it and the two rarely meet. A copy whose bug is widened
 * ({@link RaceWindow#widen()}) slows down one side of a race: the writer of
 * PUBLISHED_BEFORE_WRITTEN, the reader of FREED_BEFORE_READ. So in the race of a writer and the
 * reader, the side no copy slows down goes on a while after its call ({@link #offerThenGoOn},
 * {@link #drainThenGoOn}), as long as the other side's widened gaps: the two keep in step for
 * the real ring and its copies alike.
 */
public final class RingRace {

    /** Room for two records: each race starts one record from full, full, or empty. */
    static final int CAPACITY = 2;
    /** The record the arbiter offers after the race: a ring the race left sound takes it and gives it to the reader. */
    static final long NEXT = 9;

    private final RingUnderTest ring;

    public RingRace() {
        this(RingUnderTest.create(CAPACITY));
    }

    /** Over a ring of the caller's: the unit tests drive copies and broken rings this way. */
    RingRace(RingUnderTest ring) {
        this.ring = ring;
    }

    /** Set-up: the records {@code ids} offered and published, unread. */
    public RingRace holding(long... ids) {
        for (long id : ids) {
            if (!offerRecord(id)) {
                throw new IllegalStateException("no room for record " + id + " in a ring of " + CAPACITY);
            }
        }
        return this;
    }

    /** A writer offers record {@code id}. @return {@code taken} or {@code dropped} */
    public String offer(long id) {
        return offerRecord(id) ? "taken" : "dropped";
    }

    /**
     * A writer offers record {@code id}, then goes on with its own work as long as a drain of the
     * ring's two records takes where each read is widened. @return {@code taken} or {@code dropped}
     */
    public String offerThenGoOn(long id) {
        String offered = offer(id);
        RaceWindow.spin(CAPACITY * RaceWindow.WIDEN_SPINS);
        return offered;
    }

    /**
     * The reader drains once. @return the records read, in order ({@code 1,2}), each by its id or
     * as {@code torn} if its longs are not all one record's; {@code none} if it read nothing
     */
    public String drain() {
        StringJoiner read = new StringJoiner(",").setEmptyValue("none");
        ring.drainTo((slots, at) -> read.add(render(slots, at)));
        return read.toString();
    }

    /** The reader drains once, then goes on as long as an offer whose publication is widened takes. @return as {@link #drain()} */
    public String drainThenGoOn() {
        String read = drain();
        RaceWindow.spin(RaceWindow.WIDEN_SPINS);
        return read;
    }

    /**
     * For the arbiter, after the race: drains what is left, then offers record {@value #NEXT} and
     * drains again. @return e.g. {@code rest=1,2 next=9 dropped=1}: what the first drain read; what
     * became of record {@value #NEXT} (its id if read, {@code dropped}, or {@code lost} if taken and
     * never read); the drops the ring counted in all
     */
    public String afterwards() {
        String rest = drain();
        String next = "dropped";
        if (offerRecord(NEXT)) {
            String read = drain();
            next = read.equals("none") ? "lost" : read;
        }
        return "rest=" + rest + " next=" + next + " dropped=" + ring.dropped();
    }

    /**
     * The {@code f}th long of record {@code id}: its id, then {@code id * 10 + f}, so that each long
     * says which record wrote it (an unwritten slot's zeros say none did).
     */
    static long field(long id, int f) {
        return f == 0 ? id : id * 10 + f;
    }

    private boolean offerRecord(long id) {
        return ring.offer(id, field(id, 1), field(id, 2), field(id, 3), field(id, 4), field(id, 5), field(id, 6));
    }

    private static String render(long[] slots, int at) {
        long id = slots[at];
        for (int f = 1; f < TraceRing.LONGS; f++) {
            if (slots[at + f] != field(id, f)) {
                return "torn";
            }
        }
        return String.valueOf(id);
    }
}
