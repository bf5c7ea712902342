package io.workbench.loadgen.run;

import io.workbench.loadgen.record.RequestCounters;

/**
 * What became of one phase's requests.
 *
 * @param scheduled arrivals that came due: {@code sent} plus those due but never sent because the run was interrupted
 * @param counters  sent, written, ok, errors by kind, timed out, sent again after a stale connection
 */
public record PhaseCounts(long scheduled, RequestCounters counters) {

    /** @return true if sent = ok + errors + timedOut */
    public boolean accountingHolds() {
        return counters.sentCount() == counters.okCount() + counters.errorCount() + counters.timedOutCount();
    }
}
