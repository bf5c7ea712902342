package io.workbench.loadgen.run;

/**
 * When a run ended and how long its measured phase was.
 *
 * @param endEpochMillis  when it ended, wall clock
 * @param durationSeconds the measured phase: from its start to its last send or end, whichever is later
 * @param interrupted     true if it was stopped before its schedule was through (Ctrl-C, SIGTERM)
 * @param failure         why it could not start (the target unreachable), or null
 */
public record RunTiming(long endEpochMillis, double durationSeconds, boolean interrupted, String failure) {
}
