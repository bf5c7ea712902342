package io.workbench.mainjob.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The latency of a load run over time, one point per interval of its {@code latency.hlog}: the
 * intended-to-end latency (what a user saw: mean, 99th percentile, maximum) and the responses that
 * completed in the interval per second (the achieved rate). Times are epoch milliseconds, taken
 * from the log's own base time, so they share the clock of the target's GC log.
 *
 * @param tag       the interval log tag read
 * @param points    one per interval, in time order
 */
public record LatencyTimeline(String tag, List<Point> points) {

    /** The load generator's tag for the latency a user saw. */
    public static final String INTENDED_TO_END = "intended-to-end";
    /** The load files record microseconds. */
    private static final double MICROS_PER_MS = 1000.0;

    /**
     * @param startEpochMillis the interval's start
     * @param seconds          its length
     * @param count            responses recorded in it
     * @param meanMs           their mean latency
     * @param p99Ms            their 99th percentile
     * @param maxMs            their maximum
     */
    public record Point(long startEpochMillis, double seconds, long count, double meanMs, double p99Ms, double maxMs) {

        public double ratePerSecond() {
            return seconds > 0 ? count / seconds : 0;
        }
    }

    /** The intervals tagged {@code tag} in {@code hlog}; empty when the file does not exist. */
    public static LatencyTimeline read(Path hlog, String tag) throws IOException {
        List<Point> points = new ArrayList<>();
        if (!Files.isRegularFile(hlog)) {
            return new LatencyTimeline(tag, points);
        }
        try {
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (!tag.equals(next.getTag()) || !(next instanceof Histogram histogram)) {
                    continue;
                }
                long start = histogram.getStartTimeStamp();
                double seconds = Math.max(0, histogram.getEndTimeStamp() - start) / 1000.0;
                long count = histogram.getTotalCount();
                points.add(new Point(start, seconds, count,
                        count == 0 ? 0 : histogram.getMean() / MICROS_PER_MS,
                        count == 0 ? 0 : histogram.getValueAtPercentile(99) / MICROS_PER_MS,
                        count == 0 ? 0 : histogram.getMaxValue() / MICROS_PER_MS));
            }
        } catch (RuntimeException corrupt) {
            // HdrHistogram reports a damaged log with unchecked exceptions; say which file.
            throw new IOException(hlog + ": not a readable interval log: " + corrupt, corrupt);
        }
        return new LatencyTimeline(tag, points);
    }
}
