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
 *   <li><b>The slack ends when responses stop.</b> Responses have stopped once none has ended for
 *       {@link #SILENCE_GAPS} mean gaps: a timer set from then on takes no slack. The mean gap
 *       itself changes only when a request ends, so on its own it cannot tell a stall, and every
 *       arrival during one took the slack as lateness; now a stall costs the slack to at most the
 *       one arrival whose timer was set before it began. (Cutting that timer short at the moment
 *       of silence too was left out: it moves most timers earlier, and each timer moved later
 *       again by the send a response triggers wakes the alarm thread for nothing.)</li>
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

    /**
     * Mean gaps with no request end after which responses have stopped: with ends spread as a
     * Poisson process, a silence this long comes by chance under 2% of the time (e^-4).
     */
    static final int SILENCE_GAPS = 4;

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

    /** @return true if responses end often enough for the slack to apply, and have not stopped by {@code nowNanos} */
    boolean responsesFlowing(long nowNanos) {
        return slackNanos > 0 && meanEndGapNanos * FLOW_FACTOR <= slackNanos && ended && nowNanos - silenceFrom() <= 0;
    }

    /** @return when responses will have stopped if none ends before: {@link #SILENCE_GAPS} mean gaps after the last end */
    private long silenceFrom() {
        return lastEndNanos + SILENCE_GAPS * meanEndGapNanos;
    }

    /**
     * @param dueNanos   when the next arrival is due
     * @param ranNanos   when the schedule last ran (sent what was due): now, for the timer being set
     * @param inFlight   whether the loop has requests outstanding, whose responses will wake it
     * @return when the timer fires for it: the slack after it while responses flow, else at it (or
     *         at the batch window's end, if that is later)
     */
    long timerFor(long dueNanos, long ranNanos, boolean inFlight) {
        long at = inFlight && responsesFlowing(ranNanos) ? dueNanos + slackNanos : dueNanos;
        long earliest = ranNanos + batchNanos;
        return at - earliest < 0 ? earliest : at;
    }

    /** @return the mean gap between request ends, in nanoseconds (a second before any) */
    long meanEndGapNanos() {
        return meanEndGapNanos;
    }
}
