package io.workbench.mainjob.report.results;

import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;

/**
 * One load run against a target: a warm-up or one measured repetition of a scenario.
 *
 * @param index             1.. for measured repetitions, 0 for the warm-up
 * @param dir               the run's directory, relative to the run's root (the load files are there)
 * @param exitCode          the load command's exit status, or null if it never ran
 * @param summary           its {@code summary.json}, or null when it wrote none
 * @param failure           why the load run failed, or null
 * @param statsBefore       the target's /stats just before, or null if it could not be read
 * @param statsAfter        the target's /stats just after, or null if it could not be read
 * @param peakInFlight      the most requests /stats showed in flight while the load ran (polled;
 *                          the concurrency-level result), or null when not polled
 * @param loadSecondsBefore seconds of load this target JVM had served before this run (warm-ups included)
 */
public record Repetition(int index, String dir, Integer exitCode, LoadSummary summary, String failure,
                         TargetStats statsBefore, TargetStats statsAfter, Long peakInFlight,
                         double loadSecondsBefore) {

    /** A server pinned to one core needs about a minute of load before its throughput settles. */
    public static final double SETTLED_AFTER_LOAD_SECONDS = 60;

    /** True when the target had served less than {@link #SETTLED_AFTER_LOAD_SECONDS} of load before this run. */
    public boolean warming() {
        return loadSecondsBefore < SETTLED_AFTER_LOAD_SECONDS;
    }

    /**
     * True when the load run finished and left a summary to read. A run cut short by Ctrl-C leaves
     * a summary too, of part of its schedule: it is listed, but not a figure to compare.
     */
    public boolean measured() {
        return summary != null && !summary.interrupted();
    }

    /** The run's own verdict as the report takes it ({@link RunVerdict#of}). */
    public RunVerdict verdict() {
        return RunVerdict.of(summary);
    }

    /** True when it was measured and its verdict is valid: its figures may be used as findings. */
    public boolean valid() {
        return measured() && verdict().valid();
    }
}
