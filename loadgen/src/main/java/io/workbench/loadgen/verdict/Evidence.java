package io.workbench.loadgen.verdict;

/**
 * The figures a verdict was reached from, each null where it does not apply.
 *
 * @param lagP99Ms          the generator's lateness (intended->send, connect waits excluded) at p99, in ms
 * @param loopBusyShare     the share of the measured phase the busiest loop spent working (not blocked, not spinning for a deadline)
 * @param lagBusyShare      the busiest loop's highest busy share in a second in which the lag was over the limit (null: none was)
 * @param processCpuShare   the generator process's CPU time over the measured phase (every thread, the kernel's share included),
 *                          per core it may run on
 * @param achievedFraction  the rate the generator kept (arrivals taken off its schedule) over the rate the schedule asked for (open model)
 * @param blockedCount      measured requests that waited for a connection at the cap
 * @param sendSpreadMs      all-at-once: from the intended instant to the last send, the generator's part only, in ms
 * @param sendSpreadLimitMs all-at-once: the spread allowed
 */
public record Evidence(Double lagP99Ms, Double loopBusyShare, Double lagBusyShare, Double processCpuShare, Double achievedFraction, long blockedCount,
                       Double sendSpreadMs, Double sendSpreadLimitMs) {
}
