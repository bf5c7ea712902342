package io.workbench.loadgen.foreign;

import io.workbench.loadgen.summary.Limit;
import java.util.Locale;

/**
 * A Hyperfoil run judged by Hyperfoil's own counters, with the load command's limits wherever the
 * data allows (in this order):
 *
 * <ul>
 *   <li>{@code interrupted}: the run was cancelled;</li>
 *   <li>{@code no-response}: no measured request got a response;</li>
 *   <li>{@code connection-cap}: sessions waited for one of Hyperfoil's shared connections
 *       ({@code blockedTime} above 0), or arrivals found every session busy and were not started
 *       (the phase's {@code sessionLimitExceeded});</li>
 *   <li>the rate: achieved below {@code minRateFraction} of the rate asked for, put on the
 *       connection cap when that fired; otherwise Hyperfoil's counters do not say whether its
 *       event loop was busy or late, so the run is not judged;</li>
 *   <li>the accounting ({@link HyperfoilCounters#accountingMismatches()}): counters that do not add
 *       up make the run's figures untrustworthy: not judged.</li>
 * </ul>
 *
 * What Hyperfoil does not record is said, never assumed: it keeps no intended start time per
 * request, so the generator's lag (what the load command's lag limit is checked against) cannot be
 * judged, and a Hyperfoil run is never valid; with nothing else against it, it is
 * {@link Limit#NOT_JUDGED} with that reason. Without the rate asked for (an imported export without
 * {@code --rate}) the rate cannot be judged either.
 */
public final class HyperfoilVerdict {

    /** Why a Hyperfoil run's lag cannot be judged. */
    public static final String NO_INTENDED_TIMES = "the data lacks the generator's lag: Hyperfoil keeps no intended start time "
            + "per request (it times a request from when its session prepares it), so how late it started sessions, which the "
            + "load command's lag limit is checked against, is not known";

    private HyperfoilVerdict() {
    }

    /**
     * @param counters             the measured phases' counters
     * @param targetRate           the rate asked for, or null when not known
     * @param achievedRate         requests written per second over the measured phases
     * @param minRateFraction      the least share of the rate to achieve
     * @param sessionLimitExceeded Hyperfoil's flag, or null when the data does not hold it
     * @param cancelled            the run was cancelled before its phases ended
     */
    public static ForeignVerdict judge(HyperfoilCounters counters, Double targetRate, double achievedRate, double minRateFraction,
                                       Boolean sessionLimitExceeded, boolean cancelled) {
        ForeignVerdict.Builder verdict = ForeignVerdict.builder().minRateFraction(minRateFraction);
        if (cancelled) {
            verdict.fired(Limit.INTERRUPTED, "the run was cancelled before its phases ended");
        }
        if (counters.responseCount() == 0) {
            verdict.fired(Limit.NO_RESPONSE, "no measured request got a response");
        }
        if (counters.blockedTimeNanos() > 0) {
            verdict.fired(Limit.CONNECTION_CAP, String.format(Locale.ROOT, "sessions waited %.3f ms in total for one of "
                    + "Hyperfoil's shared connections (its blockedTime; the pool holds sharedConnections)", counters.blockedTimeNanos() / 1e6));
        }
        if (Boolean.TRUE.equals(sessionLimitExceeded)) {
            verdict.fired(Limit.CONNECTION_CAP, "arrivals found every session busy and were not started (Hyperfoil's "
                    + "sessionLimitExceeded: the phase's maxSessions caps the requests in flight)");
        }
        if (targetRate == null || targetRate <= 0) {
            verdict.lacks("the data lacks the rate asked for, so whether the generator kept it cannot be judged");
        } else {
            double fraction = achievedRate / targetRate;
            verdict.achievedFraction(fraction);
            if (fraction < minRateFraction) {
                String shortfall = String.format(Locale.ROOT, "achieved %.1f req/s, below %.0f%% of the %.1f asked for",
                        achievedRate, 100 * minRateFraction, targetRate);
                if (verdict.hasFired(Limit.CONNECTION_CAP)) {
                    verdict.because(shortfall);
                } else {
                    verdict.lacks(shortfall + ", and Hyperfoil's counters do not say why: not whether its event loop was busy "
                            + "(no busy share) nor how late it started sessions (no intended start times)");
                }
            }
        }
        counters.accountingMismatches().forEach(verdict::accountingFails);
        verdict.lacks(NO_INTENDED_TIMES);
        return verdict.build();
    }
}
