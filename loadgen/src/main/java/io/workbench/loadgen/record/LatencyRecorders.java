package io.workbench.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The three latencies of every measured request, each in its own HdrHistogram {@link Recorder}, in
 * microseconds:
 * <ul>
 *   <li>intended->end: from the time the schedule said the request starts to its end: what a user
 *       arriving then saw (the headline, corrected for coordinated omission by construction);</li>
 *   <li>send->end: from the moment its bytes went to the socket: the service time most tools report;</li>
 *   <li>intended->send: the generator's own lateness, pacing plus waiting for a connection: whether
 *       it kept its schedule.</li>
 * </ul>
 * Recording is wait-free and allocation-free (the recorders are sized for up to an hour, and a
 * larger value is clamped, not resized); the reporter swaps interval histograms out without
 * stopping the recording threads.
 */
public final class LatencyRecorders {

    /** One hour in microseconds: no request outlives a run's timeout by that much. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder intendedToEnd = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private final Recorder sendToEnd = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private final Recorder intendedToSend = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);

    /**
     * Records one request's latencies from its three instants ({@link System#nanoTime()} values);
     * {@code sentNanos} 0 means its bytes never reached the socket, and only intended->end is recorded.
     */
    public void record(long intendedNanos, long sentNanos, long endNanos) {
        intendedToEnd.recordValue(micros(endNanos - intendedNanos));
        if (sentNanos != 0) {
            sendToEnd.recordValue(micros(endNanos - sentNanos));
            intendedToSend.recordValue(micros(sentNanos - intendedNanos));
        }
    }

    private static long micros(long nanos) {
        return Math.min(HIGHEST_MICROS, Math.max(0, nanos / 1000));
    }

    /** @return a fresh histogram the recorders' interval histograms can be recycled into */
    public static Histogram newHistogram() {
        return new Histogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }

    public Recorder intendedToEnd() {
        return intendedToEnd;
    }

    public Recorder sendToEnd() {
        return sendToEnd;
    }

    public Recorder intendedToSend() {
        return intendedToSend;
    }
}
