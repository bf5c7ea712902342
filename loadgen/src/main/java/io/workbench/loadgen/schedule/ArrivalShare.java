package io.workbench.loadgen.schedule;

/**
 * One loop's share of a run's arrivals when the run has several loops: of the schedule's arrivals
 * in order, those numbered {@code index}, {@code index + loops}, {@code index + 2 loops}... Each loop
 * replays the whole seeded schedule and keeps its own, so the run's arrival times are the same
 * however many loops send them, to the nanosecond.
 */
public final class ArrivalShare implements ArrivalSchedule {

    private final ArrivalSchedule all;
    private final int index;
    private final int loops;
    private boolean first = true;

    public ArrivalShare(ArrivalSchedule all, int index, int loops) {
        if (loops < 1 || index < 0 || index >= loops) {
            throw new IllegalArgumentException("share " + index + " of " + loops);
        }
        this.all = all;
        this.index = index;
        this.loops = loops;
    }

    @Override
    public long next() {
        int skip = first ? index : loops - 1;
        first = false;
        for (int i = 0; i < skip; i++) {
            if (all.next() == END) {
                return END;
            }
        }
        return all.next();
    }

    @Override
    public String toString() {
        return "ArrivalShare[" + index + "/" + loops + "," + all + "]";
    }
}
