package io.workbench.loadgen.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges a run from what it measured, and names what limited it. Only the instrument's own limits
 * make a run invalid. The rules, in order:
 * <ol>
 *   <li>interrupted: the schedule was not through;</li>
 *   <li>nothing answered: no measured request got a response or timed out;</li>
 *   <li>the descriptor limit: the kernel refused the generator a descriptor (its own setting);</li>
 *   <li>the generator fell behind, judged by its own figures only: its lateness (intended -> the
 *       loop tried to send) over the run's limit at p99 ({@link Lateness}), or it took its arrivals
 *       off the schedule below the minimum fraction of the rate the schedule asked for (open model);
 *       all-at-once: its last try later than the spread allowed. Then the cause is its CPU if its
 *       loop had no idle time left (busy at least {@link #BUSY_LIMIT} of the time in a second it was
 *       late, or of the phase) or its own threads none (the busiest loop's threads' CPU time at
 *       least {@link #BUSY_LIMIT} of the phase: what the loop's idle time cannot see), or all at
 *       once (it sends back to back and waits for nothing); else its pacing;</li>
 *   <li>its CPU, too, when requests waited at the connection cap while its loop had no idle time left
 *       over the measured phase: a connection is freed when the loop reads its response, so a loop
 *       with no time to read may be what kept the connections taken. Whether the target fell behind
 *       cannot be told then, so the run cannot speak for it.</li>
 * </ol>
 * What the target does is never a reason: slow or failed responses, slow accepts, a backlog that
 * makes requests wait for connections (that wait is the connection wait, left out of the lateness),
 * a connection cap reached by it (the target fell behind: {@link TargetPace}), errors of any kind.
 * The process's CPU is not read either: its share includes the connects and the loopback kernel
 * work a target's backlog causes.
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
     * @param lateness          the lateness rule applied to the run (its limit and the p99 it read)
     * @param scheduledRate     the rate the schedule asked for (open model), or null
     * @param dispatchedRate    the rate at which the generator took arrivals off its schedule (whether or not a
     *                          connection could be had for them: that is the target's part), or null
     * @param minRateFraction   dispatching below this share of the scheduled rate is falling behind
     * @param loopBusyShare     the busiest loop's busy share over the measured phase, or null
     * @param lagBusyShare      the busiest loop's highest busy share in a second that was late, or null
     * @param loopCpuShare      the busiest loop's own threads' CPU time over the measured phase, per second of it, or null
     * @param blockedCount      measured requests that waited for a connection while the cap refused a connect (evidence only)
     * @param sendSpreadMs      all-at-once: the generator's spread of tries, or null for the other models
     * @param sendSpreadLimitMs all-at-once: the spread allowed
     */
    public record Inputs(boolean interrupted, long answered, String descriptorLimit, Lateness lateness, Double scheduledRate,
                         Double dispatchedRate, double minRateFraction, Double loopBusyShare, Double lagBusyShare, Double loopCpuShare,
                         long blockedCount, Double sendSpreadMs, Double sendSpreadLimitMs) {
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
                behind.add(String.format(Locale.ROOT, "the last of the requests started together was tried %.3f ms after they were due, "
                        + "over the %.3f ms allowed", in.sendSpreadMs(), in.sendSpreadLimitMs()));
            }
        } else if (in.lateness().exceeded()) {
            behind.add(String.format(Locale.ROOT, "the generator was late: its lateness p99 %.3f ms is above the limit of %.3f ms (%s)",
                    in.lateness().lagP99Ms(), in.lateness().limitMs(), in.lateness().fromOption() ? "--lag-limit" : "the lateness rule"));
        }
        if (achievedFraction != null && achievedFraction < in.minRateFraction()) {
            behind.add(String.format(Locale.ROOT, "it took its arrivals off the schedule at %.1f req/s, below %.0f%% of the %.1f req/s "
                    + "its schedule asked for", in.dispatchedRate(), in.minRateFraction() * 100, in.scheduledRate()));
        }
        if (!behind.isEmpty() && in.descriptorLimit() == null) {
            Limit cause = cause(in);
            String why = switch (cause) {
                case GENERATOR_CPU -> in.sendSpreadMs() != null && !loopHasNoIdleTime(in) && !threadsHaveNoCpu(in)
                        ? "its loop tried them back to back and could not go faster"
                        : loopHasNoIdleTime(in) ? String.format(Locale.ROOT, "its loop had no idle time left (busy %.0f%% of the time)", 100 * busy(in))
                        : String.format(Locale.ROOT, "its own threads had no CPU left (the busiest loop's threads used %.0f%% of a core; "
                                + "its loop was busy %s)", 100 * in.loopCpuShare(), percent(busy(in)));
                default -> String.format(Locale.ROOT, "while its loop had idle time (busy %s of the time)", percent(busy(in)));
            };
            add(limits, reasons, cause, String.join("; ", behind) + ": " + why);
        }
        if (!limits.contains(Limit.GENERATOR_CPU) && in.blockedCount() > 0 && in.loopBusyShare() != null
                && in.loopBusyShare() >= BUSY_LIMIT) {
            add(limits, reasons, Limit.GENERATOR_CPU, String.format(Locale.ROOT, "%,d requests waited for a connection at the cap while "
                    + "its loop had no idle time left (busy %.0f%% of the measured phase): its own reads may be what kept the connections "
                    + "taken, so whether the target fell behind cannot be told", in.blockedCount(), 100 * in.loopBusyShare()));
        }
        Evidence evidence = new Evidence(in.lateness().lagP99Ms(), in.loopBusyShare(), in.lagBusyShare(), in.loopCpuShare(), achievedFraction,
                in.blockedCount(), in.sendSpreadMs(), in.sendSpreadLimitMs());
        return new Verdict(limits.isEmpty() ? Limit.NONE : limits.get(0), limits, reasons, evidence, in.lateness());
    }

    private static Limit cause(Inputs in) {
        if (loopHasNoIdleTime(in) || threadsHaveNoCpu(in)) {
            return Limit.GENERATOR_CPU;
        }
        if (in.sendSpreadMs() != null) {
            // All at once: the loop tries them back to back, waiting for nothing; if it is late, it was busy.
            return Limit.GENERATOR_CPU;
        }
        return Limit.GENERATOR_PACING;
    }

    private static boolean loopHasNoIdleTime(Inputs in) {
        Double busy = busy(in);
        return busy != null && busy >= BUSY_LIMIT;
    }

    private static boolean threadsHaveNoCpu(Inputs in) {
        return in.loopCpuShare() != null && in.loopCpuShare() >= BUSY_LIMIT;
    }

    /** The busy share that speaks for the lateness: in the busiest second that was late, else over the phase. */
    private static Double busy(Inputs in) {
        return in.lagBusyShare() != null ? in.lagBusyShare() : in.loopBusyShare();
    }

    private static String percent(Double share) {
        return share == null ? "?" : String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }

    private static void add(List<Limit> limits, List<String> reasons, Limit limit, String reason) {
        limits.add(limit);
        reasons.add(reason);
    }
}
