package io.workbench.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The latencies of every measured request of one generator loop, each in its own HdrHistogram
 * {@link SingleWriterRecorder}, in microseconds. A request's wait from its intended time to the end
 * of its response falls into three consecutive parts, and each has a recorder, beside the whole:
 * <ul>
 *   <li>intended->end: from the time the schedule said the request starts to the end of its
 *       response: what a user arriving then saw (the headline, corrected for coordinated omission
 *       by construction);</li>
 *   <li>intended->send: the generator's own lateness: its pacing, and waiting for a connection at
 *       the connection cap; whether it kept its schedule (the verdict reads it);</li>
 *   <li>connect wait: waiting for a connect started for the request to complete: the target's
 *       accept queue or the kernel's, not the generator's (0 for a request that found a connection);</li>
 *   <li>send->end: from the moment the socket took the request's last byte to the end of its
 *       response: the service time most tools report.</li>
 * </ul>
 * intended->end = intended->send + connect wait + send->end, request by request. Recording is
 * wait-free for the loop that owns the requests, and allocation-free but when a value larger than
 * any before it grows the histogram's range (a few times a run at most; values over an hour are
 * clamped); the reporter swaps interval histograms out without stopping it. The range grows with
 * the values seen, rather than being sized for an hour from the start, because the reporter shares
 * the generator's core: swapping, adding and writing an interval cost in proportion to its range,
 * and sized for an hour they kept the reporter on the core for milliseconds each second, long
 * enough to make the loop late.
 */
public final class LatencyRecorders {

    /** One hour in microseconds: no request outlives a run's timeout by that much. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    /** The four kinds, in the order of {@link #recorders()} and of a run's totals. */
    public enum Kind {
        INTENDED_TO_END("intended-to-end", "intendedToEnd"),
        SEND_TO_END("send-to-end", "sendToEnd"),
        INTENDED_TO_SEND("intended-to-send", "intendedToSend"),
        CONNECT_WAIT("connect-wait", "connectWait");

        private final String tag;
        private final String field;

        Kind(String tag, String field) {
            this.tag = tag;
            this.field = field;
        }

        /** @return its tag in the interval log, and the name of its .hgrm file */
        public String tag() {
            return tag;
        }

        /** @return its name in summary.json's {@code latency} */
        public String field() {
            return field;
        }
    }

    private final SingleWriterRecorder[] recorders = new SingleWriterRecorder[Kind.values().length];

    public LatencyRecorders() {
        for (int i = 0; i < recorders.length; i++) {
            recorders[i] = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        }
    }

    /**
     * Records one request from its instants ({@link System#nanoTime()} values).
     *
     * @param connectWaitNanos how long it waited for a connect started for it (0: none)
     * @param sentNanos        when the socket took its last byte; 0 if it never did (only intended->end is recorded)
     */
    public void record(long intendedNanos, long connectWaitNanos, long sentNanos, long endNanos) {
        recorders[0].recordValue(micros(endNanos - intendedNanos));
        if (sentNanos != 0) {
            recorders[1].recordValue(micros(endNanos - sentNanos));
            recorders[2].recordValue(micros(sentNanos - intendedNanos - connectWaitNanos));
            recorders[3].recordValue(micros(connectWaitNanos));
        }
    }

    /**
     * Priming: records {@code micros} in every recorder, on the loop that owns them. A run's
     * histograms start small and grow their range as longer latencies come; priming's own
     * latencies are all short, so without values like these the code that grows a range (in
     * recording, and in the reporter's adding and writing of intervals) is first run, and its
     * compiled callers thrown away, in a run's measured phase.
     */
    public void recordForPriming(long micros) {
        for (SingleWriterRecorder recorder : recorders) {
            recorder.recordValue(Math.min(HIGHEST_MICROS, Math.max(0, micros)));
        }
    }

    private static long micros(long nanos) {
        return Math.min(HIGHEST_MICROS, Math.max(0, nanos / 1000));
    }

    /** @return the recorder of {@code kind} */
    public SingleWriterRecorder recorder(Kind kind) {
        return recorders[kind.ordinal()];
    }

    /** @return a fresh histogram the recorders' interval histograms can be added to (its range grows as they need) */
    public static Histogram newHistogram() {
        return new Histogram(SIGNIFICANT_DIGITS);
    }
}
