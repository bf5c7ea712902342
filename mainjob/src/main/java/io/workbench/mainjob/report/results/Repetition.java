package io.workbench.mainjob.report.results;

import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;

/**
 * One load run against a target: a measured repetition of a scenario, one run of a warm-up, or one
 * step of the overhead scenario's rate search.
 *
 * @param index             1.. for measured repetitions (the round it was measured in), 0 for a warm-up run or a search step
 * @param positionInRound   where the target came in its round's rotated order (1..), 0 outside rounds
 * @param dir               the run's directory, relative to the run's root (the load files are there)
 * @param exitCode          the load command's exit status, or null if it never ran
 * @param summary           its {@code summary.json}, or null when it wrote none
 * @param failure           why the load run failed, or null
 * @param statsBefore       the target's /stats just before, or null if it could not be read
 * @param statsAfter        the target's /stats just after, or null if it could not be read
 * @param peakInFlight      the most requests /stats showed in flight while the load ran (polled;
 *                          the concurrency-level result), or null when not polled
 * @param servedBefore      requests this target JVM had completed before this run (its /stats; warm-ups included)
 * @param warm              true when the target's warm-up for this scenario ended steady (see {@link Warmup});
 *                          a run that is not warm never feeds a finding
 * @param cost              what the target process spent over the measured phase, or null when it could not be read
 */
public record Repetition(int index, int positionInRound, String dir, Integer exitCode, LoadSummary summary, String failure,
                         TargetStats statsBefore, TargetStats statsAfter, Long peakInFlight,
                         long servedBefore, boolean warm, TargetCost cost) {

    /** True when the run was taken before its target was known to be warm. */
    public boolean warming() {
        return !warm;
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
