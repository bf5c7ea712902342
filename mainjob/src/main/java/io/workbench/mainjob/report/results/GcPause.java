package io.workbench.mainjob.report.results;

/**
 * One stop-the-world pause of a target JVM, as its GC log tells it.
 *
 * @param startEpochMillis when the pause began, wall clock (the log stamps its end; the start is the
 *                         stamp minus the duration), so it lines up with the load's interval log
 * @param durationMs       how long the application threads were stopped
 * @param description      the log's words for it, e.g. {@code Pause Young (Allocation Failure)}
 */
public record GcPause(long startEpochMillis, double durationMs, String description) {
}
