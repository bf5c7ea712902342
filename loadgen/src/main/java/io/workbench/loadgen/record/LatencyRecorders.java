package io.workbench.loadgen.record;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The latencies of every measured request of one generator loop, each in its own HdrHistogram
 * {@link SingleWriterRecorder}, in microseconds. A request's wait from its intended time to the end
 * of its response falls into three consecutive parts, each with a recorder, beside the whole and
 * beside what the target caused:
 * <ul>
 *   <li>intended->end: from the time the schedule said the request starts to the end of its
 *       response: what a user arriving then saw (the headline, corrected for coordinated omission
 *       by construction);</li>
 *   <li>lateness: from the intended time to the moment the loop tried to send it (took it off its
 *       schedule and looked for a connection): the generator's own, its pacing and its being busy;
 *       whether it kept its schedule (the verdict reads it);</li>
 *   <li>connection wait: from that try to the moment the socket took the request's last byte: the
 *       wait for a connection when none was idle (every connection busy with the target, at the
 *       connection cap or while a connect started for it was under way), and the write; the
 *       target's backlog, not the generator's lateness;</li>
 *   <li>send->end: from the moment the socket took the request's last byte to the end of its
 *       response: the service time most tools report;</li>
 *   <li>tried->end: connection wait and service together, what the target caused, kept as a kind
 *       of its own because a percentile of a sum cannot be rebuilt from the parts' percentiles;</li>
 *   <li>beyond the floor: tried->end less a floor the run states, the time the target was asked to
 *       take (its {@code wait}); recorded only when there is one. At three significant digits a
 *       histogram resolves 1,000 ms to 0.5 ms and 100 ms to 0.06 ms, coarser than what a server
 *       adds to a wait (a few tenths of a millisecond); what is left beyond the floor keeps the
 *       microsecond. A request that ends before its floor is recorded as 0.</li>
 * </ul>
 * intended->end = lateness + connection wait + send->end, request by request. A request the
 * generator gave up before its response (its connect failed or timed out, or the run ended while it
 * waited for a connection or was in flight) is censored: it is recorded in intended->end, and in
 * lateness and tried->end if the loop had tried to send it, up to the moment it was given up, a
 * lower bound of its wait, so that the tail is never a hole ({@link #recordCensored}).
 *
 * <p>Recording is wait-free for the loop that owns the requests, and allocation-free but when a
 * value larger than any before it grows the histogram's range (auto-resized, a few times a run at
 * most; values over an hour are clamped); the reporter swaps interval histograms out without
 * stopping it. The range grows with the values seen, rather than being sized for an hour from the
 * start, because the reporter shares the generator's core: swapping, adding and writing an interval
 * cost in proportion to its range, and sized for an hour they kept the reporter on the core for
 * milliseconds each second, long enough to make the loop late.
 */
public final class LatencyRecorders {

    /** One hour in microseconds: no request outlives a run's timeout by that much. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    /** The kinds, in the order of a run's totals. */
    public enum Kind {
        INTENDED_TO_END("intended-to-end", "intendedToEnd"),
        SEND_TO_END("send-to-end", "sendToEnd"),
        LATENESS("lateness", "lateness"),
        CONNECTION_WAIT("connection-wait", "connectionWait"),
        TRIED_TO_END("tried-to-end", "triedToEnd"),
        BEYOND_FLOOR("beyond-floor", "beyondFloor");

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

        /** @return its name in summary.json's {@code latency} and {@code files.hgrm} */
        public String field() {
            return field;
        }
    }

    private static final int INTENDED_TO_END = Kind.INTENDED_TO_END.ordinal();
    private static final int SEND_TO_END = Kind.SEND_TO_END.ordinal();
    private static final int LATENESS = Kind.LATENESS.ordinal();
    private static final int CONNECTION_WAIT = Kind.CONNECTION_WAIT.ordinal();
    private static final int TRIED_TO_END = Kind.TRIED_TO_END.ordinal();
    private static final int BEYOND_FLOOR = Kind.BEYOND_FLOOR.ordinal();

    private final SingleWriterRecorder[] recorders = new SingleWriterRecorder[Kind.values().length];
    /** What tried->end is recorded beyond, in the beyond-floor kind; 0: that kind is not recorded. */
    private final long floorNanos;

    /** Recorders without a floor: the beyond-floor kind stays empty. */
    public LatencyRecorders() {
        this(0);
    }

    /** @param floorNanos the floor tried->end is also recorded beyond (0: none) */
    public LatencyRecorders(long floorNanos) {
        if (floorNanos < 0) {
            throw new IllegalArgumentException("a latency floor is 0 or more");
        }
        this.floorNanos = floorNanos;
        for (int i = 0; i < recorders.length; i++) {
            recorders[i] = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        }
    }

    /**
     * Records one request that ended with a response or a time-out, from its instants
     * ({@link System#nanoTime()} values).
     *
     * @param triedNanos when the loop first tried to send it
     * @param sentNanos  when the socket took its last byte; 0 if it never did (connection wait and
     *                   send->end are then not recorded)
     */
    public void record(long intendedNanos, long triedNanos, long sentNanos, long endNanos) {
        recorders[INTENDED_TO_END].recordValue(micros(endNanos - intendedNanos));
        recorders[LATENESS].recordValue(micros(triedNanos - intendedNanos));
        recorders[TRIED_TO_END].recordValue(micros(endNanos - triedNanos));
        if (floorNanos > 0) {
            recorders[BEYOND_FLOOR].recordValue(micros(endNanos - triedNanos - floorNanos));
        }
        if (sentNanos != 0) {
            recorders[CONNECTION_WAIT].recordValue(micros(sentNanos - triedNanos));
            recorders[SEND_TO_END].recordValue(micros(endNanos - sentNanos));
        }
    }

    /**
     * Records a request given up at {@code givenUpNanos} before it was written: from its intended
     * time (and from its try, if {@code triedNanos} is not 0) to then, a lower bound of its wait.
     */
    public void recordCensored(long intendedNanos, long triedNanos, long givenUpNanos) {
        recorders[INTENDED_TO_END].recordValue(micros(givenUpNanos - intendedNanos));
        if (triedNanos != 0) {
            recorders[LATENESS].recordValue(micros(triedNanos - intendedNanos));
            recorders[TRIED_TO_END].recordValue(micros(givenUpNanos - triedNanos));
            if (floorNanos > 0) {
                recorders[BEYOND_FLOOR].recordValue(micros(givenUpNanos - triedNanos - floorNanos));
            }
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
