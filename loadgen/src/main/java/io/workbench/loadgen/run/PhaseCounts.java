package io.workbench.loadgen.run;

import io.workbench.loadgen.record.RequestCounters;

/**
 * What became of one phase's requests.
 *
 * @param scheduled arrivals that came due: {@code sent} plus those due but never sent because the run was interrupted
 * @param counters  sent, written, ok, errors by kind, timed out, retried, censored, queued
 */
public record PhaseCounts(long scheduled, RequestCounters counters) {

    /** @return true if sent = ok + errors + timedOut */
    public boolean accountingHolds() {
        return counters.sentCount() == counters.okCount() + counters.errorCount() + counters.timedOutCount();
    }

    /**
     * @return requests the generator gave up before their response, each timed up to then: those
     *         sent (taken off the schedule), which are among the errors, and those due but never
     *         sent (the run was interrupted), which are {@code scheduled - sent}
     */
    public long censored() {
        return counters.censoredCount() + Math.max(0, scheduled - counters.sentCount());
    }
}
