package io.workbench.loadgen.verdict;

/**
 * The figures a verdict was reached from, each null where it does not apply.
 *
 * @param lagP99Ms          the generator's lateness (intended -> the loop tried to send) at p99, in ms
 * @param loopBusyShare     the share of the measured phase the busiest loop spent working (not blocked, not spinning for a deadline)
 * @param lagBusyShare      the busiest loop's highest busy share in a second in which the lateness was over the limit (null: none was)
 * @param loopCpuShare      the busiest loop's own threads' CPU time over the measured phase, per second of it: its loop thread
 *                          and its alarm thread, and the reporter's when they share the cores the loops run on (not the
 *                          process's: connects and the kernel's loopback work a target's backlog causes are not the loop's)
 * @param achievedFraction  the rate at which the generator took arrivals off its schedule over the rate the schedule asked
 *                          for (open model)
 * @param blockedCount      measured requests that waited for a connection while the connection cap refused a connect
 * @param sendSpreadMs      all-at-once: from the intended instant to the last try, the generator's part only, in ms
 * @param sendSpreadLimitMs all-at-once: the spread allowed
 */
public record Evidence(Double lagP99Ms, Double loopBusyShare, Double lagBusyShare, Double loopCpuShare, Double achievedFraction,
                       long blockedCount, Double sendSpreadMs, Double sendSpreadLimitMs) {
}
