package io.workbench.loadgen.run;

import io.workbench.loadgen.connection.DescriptorLimit;
import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.record.RequestCounters;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What one run did, once it is over (nothing in flight): everything summary.json, the percentile
 * files and the final table are made from.
 *
 * @param plan                   what was asked
 * @param clock                  the run's start and measured start
 * @param endEpochMillis         when it ended, wall clock
 * @param durationSeconds        the measured phase: from its start to its last send or end, whichever is later
 * @param interrupted            true if the run was stopped before its schedule was through (Ctrl-C, SIGTERM)
 * @param failure                why the run could not start (the target unreachable), or null
 * @param scheduled              measured requests that came due: {@code sent} plus those due but not sent when interrupted
 * @param measured               the measured phase's counts
 * @param warmupScheduled        warm-up requests that came due
 * @param warmup                 the warm-up's counts
 * @param blockedCount           requests that waited because the connection cap was reached
 * @param blockedMaxNanos        the longest such wait
 * @param blockedTotalNanos      all such waits
 * @param connectionsOpened      connections opened in the whole run
 * @param connectionsMaxOpen     the most open at once
 * @param connectFailures        connects that failed
 * @param descriptorLimitReached what happened when the descriptor limit was reached, or null
 * @param descriptors            the descriptor limit read at start
 * @param openedPerSource        connections opened from each source address
 * @param cpuSeconds             the generator process's CPU time over the run (warm-up included)
 * @param wallSeconds            the run's wall time over the same span
 * @param scheduledRate          measured requests per second the schedule asked for (open model), or null
 * @param achievedRate           measured requests per second sent (closed model: completed), or null
 * @param parkLatenessNanos      how late a 50 µs park woke on this machine at start (90th percentile): the floor of a parking pacer's lag
 * @param primeRequests          requests of the priming loop before the clock started (not counted anywhere else)
 * @param intendedToEnd          intended->end over the measured phase, in microseconds
 * @param sendToEnd              send->end, in microseconds
 * @param intendedToSend         intended->send, in microseconds
 * @param validReasons           why the run is invalid; empty if it is valid
 */
public record RunResult(LoadPlan plan, RunClock clock, long endEpochMillis, double durationSeconds, boolean interrupted, String failure,
                        long scheduled, RequestCounters measured, long warmupScheduled, RequestCounters warmup,
                        long blockedCount, long blockedMaxNanos, long blockedTotalNanos,
                        long connectionsOpened, int connectionsMaxOpen, long connectFailures, String descriptorLimitReached,
                        DescriptorLimit descriptors, List<Integer> openedPerSource,
                        double cpuSeconds, double wallSeconds, Double scheduledRate, Double achievedRate, long parkLatenessNanos, long primeRequests,
                        Histogram intendedToEnd, Histogram sendToEnd, Histogram intendedToSend, List<String> validReasons) {

    public boolean valid() {
        return validReasons.isEmpty();
    }

    /** @return true if every measured request that was sent ended exactly one way */
    public boolean accountingHolds() {
        return measured.sentCount() == measured.okCount() + measured.errorCount() + measured.timedOutCount()
                && warmup.sentCount() == warmup.okCount() + warmup.errorCount() + warmup.timedOutCount();
    }
}
