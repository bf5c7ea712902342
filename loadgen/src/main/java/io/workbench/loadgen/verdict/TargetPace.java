package io.workbench.loadgen.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the target kept up with the schedule: a finding of a valid run, never a reason to call
 * one invalid. Judged only when the generator was on time (the run is valid): then a target that
 * held less than the minimum fraction of the schedule, or that made more than the rest of that
 * fraction of the requests wait for a connection while the connection cap refused a connect, fell
 * behind. The share it held is the lower of two: the requests it answered over the requests the
 * schedule asked for (a target that died, or let requests time out, answered fewer), and the rate
 * at which it answered them over the rate the schedule asked for (a target that answered them all,
 * but later and later, answered them more slowly). At the cap, by Little's law, the target's
 * latency times the rate asked for more connections at once than the cap allows: its backlog, not
 * the generator's.
 *
 * @param behind          true when the target did not keep up
 * @param heldShare       the share of the schedule the target held, at most 1 (null: no schedule, or fewer than two responses)
 * @param achievedRate    requests completed per second (a response, whatever its status), from the first measured
 *                        response's end to the last's, or null
 * @param scheduledRate   the rate the schedule asked for, between its first and its last measured arrival (as the
 *                        completed rate is measured between the first and the last response), or null (closed model, all-at-once)
 * @param peakConnections the most connections open at once
 * @param queuedRequests  measured requests that waited for a connection
 * @param queuedAtCap     of those, the ones that waited while the cap refused a connect
 * @param reason          one sentence; null when it kept up
 */
public record TargetPace(boolean behind, Double heldShare, Double achievedRate, Double scheduledRate, long peakConnections,
                         long queuedRequests, long queuedAtCap, String reason) {

    /**
     * @param verdict         the run's verdict: the target is judged only when it is valid
     * @param scheduledRate   the rate the schedule asked for, or null
     * @param achievedRate    the completed rate, or null
     * @param scheduled       measured requests the schedule asked for
     * @param responded       measured requests that got a response, whatever its status
     * @param sent            measured requests taken off the schedule
     * @param queued          measured requests that waited for a connection
     * @param queuedAtCap     measured requests that waited while the cap refused a connect
     * @param peakConnections the most connections open at once
     * @param cap             the connection cap
     * @param minRateFraction below this share of the schedule held, the target fell behind; above the rest of it queued at the cap, too
     */
    public static TargetPace judge(Verdict verdict, Double scheduledRate, Double achievedRate, long scheduled, long responded, long sent,
                                   long queued, long queuedAtCap, long peakConnections, int cap, double minRateFraction) {
        Double rateShare = scheduledRate != null && scheduledRate > 0 && achievedRate != null ? Math.min(1.0, achievedRate / scheduledRate)
                : null;
        Double countShare = scheduledRate != null && scheduled > 0 ? Math.min(1.0, (double) responded / scheduled) : null;
        Double held = rateShare;
        if (countShare != null && (held == null || countShare < held)) {
            held = countShare;
        }
        if (!verdict.valid()) {
            return new TargetPace(false, held, achievedRate, scheduledRate, peakConnections, queued, queuedAtCap,
                    "not judged: the run is not valid (" + verdict.limitedBy().key() + "), so the generator's figures cannot speak for the target");
        }
        List<String> why = new ArrayList<>();
        if (countShare != null && countShare < minRateFraction) {
            why.add(String.format(Locale.ROOT, "it answered %d of the %d requests the schedule asked for (%.1f%%)", responded, scheduled,
                    100 * countShare));
        }
        if (rateShare != null && rateShare < minRateFraction) {
            why.add(String.format(Locale.ROOT, "it completed %.1f req/s, %.1f%% of the %.1f req/s the schedule asked for", achievedRate,
                    100 * rateShare, scheduledRate));
        }
        if (sent > 0 && queuedAtCap > (1 - minRateFraction) * sent) {
            why.add(String.format(Locale.ROOT, "%d of the %d measured requests (%.1f%%) waited for a connection at the connection cap of %d: "
                    + "its latency times the rate asked for more connections than that (it held %d open at most)", queuedAtCap, sent,
                    100.0 * queuedAtCap / sent, cap, peakConnections));
        }
        boolean behind = !why.isEmpty();
        return new TargetPace(behind, held, achievedRate, scheduledRate, peakConnections, queued, queuedAtCap,
                behind ? "the target fell behind: " + String.join("; ", why) : null);
    }
}
