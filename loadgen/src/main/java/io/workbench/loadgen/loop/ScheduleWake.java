package io.workbench.loadgen.loop;

/**
 * When a loop's timer for its next arrival fires. Much of what the open model costs is the loop's
 * waking: on the 2-core virtual machine the workbench is measured on, a blocked loop woken by its
 * alarm costs two threads' wakes, about 23 µs of CPU. So the timer is only the backstop, and
 * whatever wakes the loop sends what is due by then. Two rules keep the timer's wakes few:
 *
 * <ul>
 *   <li><b>The batch window.</b> After a run of the schedule, the timer fires no sooner than the
 *       window after it: arrivals due meanwhile go out together with the next one.</li>
 *   <li><b>The slack, while responses are flowing.</b> A loop with requests in flight is woken by
 *       their responses anyway, and an awake loop sends what is due at once (the workload looks at
 *       its schedule as each request ends). When responses have been ending often enough, at least
 *       {@link #FLOW_FACTOR} times per slack on average, the timer fires only the slack after the
 *       arrival's time: a response nearly always wakes the loop first, and the timer is there for
 *       a target that went quiet. So an arrival is late by at most the slack (and the window), and
 *       usually by no more than the time to the next response.</li>
 * </ul>
 *
 * <p>At a low rate, or with nothing in flight, the slack does not apply: the timer fires at the
 * arrival's time, or at the window's end if that is later. The average gap between the loop's
 * request ends is an exponentially weighted mean (an eighth for each new gap), so it follows a
 * change of rate within a few dozen ends. One loop's, on its thread only.
 */
final class ScheduleWake {

    /**
     * How many request ends, on average, a slack must hold before the timer takes it: with ends
     * spread as a Poisson process, the chance that none comes within the slack is then under 2%
     * (e^-4), so the slack seldom adds lateness to an arrival; at fewer, the timer keeps to the
     * arrivals' times.
     */
    static final int FLOW_FACTOR = 4;

    /** What the mean gap starts at and each gap is capped at: a second, no flow. */
    private static final long NO_FLOW_NANOS = 1_000_000_000L;

    private final long batchNanos;
    private final long slackNanos;
    private long lastEndNanos;
    private long meanEndGapNanos = NO_FLOW_NANOS;
    private boolean ended;

    /**
     * @param batchNanos the least time between a run of the schedule and the timer's next firing (0: none)
     * @param slackNanos how long after an arrival's time the timer may fire while responses are flowing (0: never later)
     */
    ScheduleWake(long batchNanos, long slackNanos) {
        if (batchNanos < 0 || slackNanos < 0) {
            throw new IllegalArgumentException("batch and slack must not be negative: " + batchNanos + ", " + slackNanos);
        }
        this.batchNanos = batchNanos;
        this.slackNanos = slackNanos;
    }

    /** A request of this loop ended at {@code nowNanos}. */
    void requestEnded(long nowNanos) {
        if (ended) {
            long gap = Math.min(nowNanos - lastEndNanos, NO_FLOW_NANOS);
            meanEndGapNanos += (gap - meanEndGapNanos) >> 3;
        }
        ended = true;
        lastEndNanos = nowNanos;
    }

    /** @return true if responses end often enough for the slack to apply */
    boolean responsesFlowing() {
        return slackNanos > 0 && meanEndGapNanos * FLOW_FACTOR <= slackNanos;
    }

    /**
     * @param dueNanos   when the next arrival is due
     * @param ranNanos   when the schedule last ran (sent what was due)
     * @param inFlight   whether the loop has requests outstanding, whose responses will wake it
     * @return when the timer fires for it
     */
    long timerFor(long dueNanos, long ranNanos, boolean inFlight) {
        long at = inFlight && responsesFlowing() ? dueNanos + slackNanos : dueNanos;
        long earliest = ranNanos + batchNanos;
        return at - earliest < 0 ? earliest : at;
    }

    /** @return the mean gap between request ends, in nanoseconds (a second before any) */
    long meanEndGapNanos() {
        return meanEndGapNanos;
    }
}
