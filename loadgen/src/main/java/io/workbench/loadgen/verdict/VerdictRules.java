package io.workbench.loadgen.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges a run from what it measured, and names what limited it. The rules, in order:
 * <ol>
 *   <li>interrupted: the schedule was not through;</li>
 *   <li>nothing answered: no measured request got a response or timed out;</li>
 *   <li>the descriptor limit: the kernel refused a descriptor;</li>
 *   <li>the generator fell behind (open model: its lateness p99 over the lag limit, or it took its
 *       arrivals off the schedule below the minimum fraction of the rate the schedule asked for; all-at-once: its last send later
 *       than the spread allowed): then the cause is its CPU if its loop had no idle time left (busy at
 *       least {@link #BUSY_LIMIT} of the time in a second it lagged, or of the phase) or its process
 *       none (its CPU time, every thread and the kernel's share, at least {@link #BUSY_LIMIT} of the
 *       cores it may run on over the phase: what the loop's own idle time cannot see), else the
 *       connection cap if measured requests waited at it, else (all-at-once) its CPU again, as it
 *       sends its requests back to back and waits for nothing, else its pacing.</li>
 * </ol>
 * What the target does is never a reason: slow or failed responses, slow accepts (a connect wait is
 * the target's or the kernel's, and is left out of the lateness), errors of any kind.
 */
public final class VerdictRules {

    /** A loop busy this share of the time has no idle time left: it could not have been on time. */
    public static final double BUSY_LIMIT = 0.95;

    private VerdictRules() {
    }

    /**
     * What the rules read.
     *
     * @param interrupted       the run was stopped early
     * @param answered          measured requests that got a response (any status) or timed out
     * @param descriptorLimit   what happened at the descriptor limit, or null
     * @param lagP99Ms          the generator's lateness p99 over the measured phase (null: no request was sent)
     * @param lagLimitMs        the most the lateness p99 may be (open model)
     * @param scheduledRate     the rate the schedule asked for (open model), or null
     * @param dispatchedRate    the rate at which the generator took arrivals off its schedule (whether or not a
     *                          connection could be had for them: that is the target's part), or null
     * @param minRateFraction   achieved below this share of the scheduled rate is falling behind
     * @param loopBusyShare     the busiest loop's busy share over the measured phase, or null
     * @param lagBusyShare      the busiest loop's highest busy share in a second that lagged, or null
     * @param processCpuShare   the process's CPU time over the measured phase, per core it may run on, or null
     * @param blockedCount      measured requests that waited at the connection cap
     * @param sendSpreadMs      all-at-once: the generator's spread of sends, or null for the other models
     * @param sendSpreadLimitMs all-at-once: the spread allowed
     */
    public record Inputs(boolean interrupted, long answered, String descriptorLimit, Double lagP99Ms, double lagLimitMs,
                         Double scheduledRate, Double dispatchedRate, double minRateFraction, Double loopBusyShare, Double lagBusyShare,
                         Double processCpuShare, long blockedCount, Double sendSpreadMs, Double sendSpreadLimitMs) {
    }

    public static Verdict judge(Inputs in) {
        List<Limit> limits = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        if (in.interrupted()) {
            add(limits, reasons, Limit.INTERRUPTED, "the run was interrupted before its schedule was through");
        }
        if (in.answered() == 0) {
            add(limits, reasons, Limit.NO_RESPONSE, "no measured request got a response or timed out: nothing was measured");
        }
        if (in.descriptorLimit() != null) {
            add(limits, reasons, Limit.DESCRIPTOR_LIMIT, in.descriptorLimit());
        }
        Double achievedFraction = in.scheduledRate() != null && in.dispatchedRate() != null && in.scheduledRate() > 0
                ? in.dispatchedRate() / in.scheduledRate() : null;
        List<String> behind = new ArrayList<>();
        if (in.sendSpreadMs() != null) {
            if (in.sendSpreadMs() > in.sendSpreadLimitMs()) {
                behind.add(String.format(Locale.ROOT, "the last of the requests started together was sent %.3f ms after the first was due, "
                        + "over the %.3f ms allowed", in.sendSpreadMs(), in.sendSpreadLimitMs()));
            }
        } else if (in.lagP99Ms() != null && in.lagP99Ms() > in.lagLimitMs()) {
            behind.add(String.format(Locale.ROOT, "the generator was late: intended->send p99 %.3f ms is above the limit of %.3f ms",
                    in.lagP99Ms(), in.lagLimitMs()));
        }
        if (achievedFraction != null && achievedFraction < in.minRateFraction()) {
            behind.add(String.format(Locale.ROOT, "it kept up with %.1f req/s, below %.0f%% of the %.1f req/s its schedule asked for",
                    in.dispatchedRate(), in.minRateFraction() * 100, in.scheduledRate()));
        }
        if (!behind.isEmpty() && in.descriptorLimit() == null) {
            Limit cause = cause(in);
            String why = switch (cause) {
                case CONNECTION_CAP -> in.blockedCount() + " measured request(s) waited for a connection at the connection cap";
                case GENERATOR_CPU -> in.sendSpreadMs() != null ? "its loop sent them back to back and could not send faster"
                        : loopHasNoIdleTime(in) ? String.format(Locale.ROOT, "its loop had no idle time left (busy %.0f%% of the time)", 100 * busy(in))
                        : String.format(Locale.ROOT, "its process had no CPU left (it used %.0f%% of the cores it may run on; its loop was busy %.0f%%)",
                                100 * in.processCpuShare(), 100 * busy(in));
                default -> String.format(Locale.ROOT, "while its loop had idle time (busy %s of the time)",
                        busy(in) == null ? "?" : String.format(Locale.ROOT, "%.0f%%", 100 * busy(in)));
            };
            add(limits, reasons, cause, String.join("; ", behind) + ": " + why);
        }
        Evidence evidence = new Evidence(in.lagP99Ms(), in.loopBusyShare(), in.lagBusyShare(), in.processCpuShare(), achievedFraction, in.blockedCount(),
                in.sendSpreadMs(), in.sendSpreadLimitMs());
        return new Verdict(limits.isEmpty() ? Limit.NONE : limits.get(0), limits, reasons, evidence);
    }

    private static Limit cause(Inputs in) {
        if (loopHasNoIdleTime(in) || (in.processCpuShare() != null && in.processCpuShare() >= BUSY_LIMIT)) {
            // A generator with no CPU left is behind whatever else happened: a connection waited for at
            // the cap may itself be one whose response it had no time to read.
            return Limit.GENERATOR_CPU;
        }
        if (in.blockedCount() > 0) {
            return Limit.CONNECTION_CAP;
        }
        if (in.sendSpreadMs() != null) {
            // All at once: the loop sends them back to back, waiting for nothing; if it is late, it was busy.
            return Limit.GENERATOR_CPU;
        }
        return Limit.GENERATOR_PACING;
    }

    private static boolean loopHasNoIdleTime(Inputs in) {
        Double busy = busy(in);
        return busy != null && busy >= BUSY_LIMIT;
    }

    /** The busy share that speaks for the lag: in the busiest second that lagged, else over the phase. */
    private static Double busy(Inputs in) {
        return in.lagBusyShare() != null ? in.lagBusyShare() : in.loopBusyShare();
    }

    private static void add(List<Limit> limits, List<String> reasons, Limit limit, String reason) {
        limits.add(limit);
        reasons.add(reason);
    }
}
