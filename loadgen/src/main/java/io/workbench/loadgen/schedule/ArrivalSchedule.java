package io.workbench.loadgen.schedule;

/**
 * The intended start times of a run's requests, in order, as nanoseconds after the run's start.
 * Deterministic: the same schedule built with the same seed yields the same times, against every
 * target, on every machine.
 */
public interface ArrivalSchedule {

    /** Returned by {@link #next()} when the schedule is over. */
    long END = -1;

    /** @return the next arrival's offset from the run's start in nanoseconds (never less than the last), or {@link #END} */
    long next();
}
