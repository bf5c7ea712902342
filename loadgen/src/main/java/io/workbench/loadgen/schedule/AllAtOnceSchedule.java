package io.workbench.loadgen.schedule;

/** {@code count} arrivals all due at offset 0: requests started together. */
public final class AllAtOnceSchedule implements ArrivalSchedule {

    private final long count;
    private long handedOut;

    public AllAtOnceSchedule(long count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, was " + count);
        }
        this.count = count;
    }

    @Override
    public long next() {
        if (handedOut == count) {
            return END;
        }
        handedOut++;
        return 0;
    }

    @Override
    public String toString() {
        return "AllAtOnceSchedule[" + handedOut + "/" + count + "]";
    }
}
