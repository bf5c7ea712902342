package io.workbench.loadgen.run;

/**
 * The instants a run is timed against, in {@link System#nanoTime()} nanoseconds, with the wall
 * clock's reading at the start so that monotonic times can be put on the wall clock (the interval
 * log is stamped in epoch time, to line up with a target's GC log).
 *
 * @param startNanos         when the schedule's offset 0 is
 * @param startEpochMillis   the wall clock at {@code startNanos}
 * @param measuredStartNanos when the measured phase begins (after the warm-up): requests intended
 *                           from then on are recorded
 */
public record RunClock(long startNanos, long startEpochMillis, long measuredStartNanos) {

    /** A clock starting now, with a warm-up of {@code warmupNanos}. */
    public static RunClock startingNow(long warmupNanos) {
        long epoch = System.currentTimeMillis();
        long nanos = System.nanoTime();
        return new RunClock(nanos, epoch, nanos + warmupNanos);
    }

    /** @return true if a request intended at {@code intendedNanos} belongs to the measured phase */
    public boolean isMeasured(long intendedNanos) {
        return intendedNanos - measuredStartNanos >= 0;
    }

    /** @return the wall-clock time of {@code nanos} in epoch milliseconds */
    public long toEpochMillis(long nanos) {
        return startEpochMillis + Math.floorDiv(nanos - startNanos, 1_000_000L);
    }
}
