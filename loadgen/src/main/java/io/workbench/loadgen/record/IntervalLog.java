package io.workbench.loadgen.record;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The run's interval log: HdrHistogram's log format, one histogram per latency kind per interval,
 * each tagged with its kind, values in microseconds. Its StartTime and BaseTime are the measured
 * phase's start in epoch seconds, and each interval carries its own epoch timestamps, so the
 * intervals line up with anything else logged on the wall clock (a target's GC log).
 */
public final class IntervalLog implements AutoCloseable {

    public static final String INTENDED_TO_END = LatencyRecorders.Kind.INTENDED_TO_END.tag();
    public static final String SEND_TO_END = LatencyRecorders.Kind.SEND_TO_END.tag();
    public static final String LATENESS = LatencyRecorders.Kind.LATENESS.tag();
    public static final String CONNECTION_WAIT = LatencyRecorders.Kind.CONNECTION_WAIT.tag();
    public static final String TRIED_TO_END = LatencyRecorders.Kind.TRIED_TO_END.tag();
    public static final String BEYOND_FLOOR = LatencyRecorders.Kind.BEYOND_FLOOR.tag();
    /** The tag of intended->send, which logs written before the lateness was kept apart have (read, never written). */
    public static final String INTENDED_TO_SEND = "intended-to-send";

    private final PrintStream out;
    private final HistogramLogWriter writer;

    public IntervalLog(Path file, long startEpochMillis, String comment) throws IOException {
        this(new PrintStream(file.toFile(), StandardCharsets.UTF_8), startEpochMillis, comment);
    }

    /** A log written to {@code out} (a run's priming writes one to nowhere, to compile the writing). */
    public IntervalLog(PrintStream out, long startEpochMillis, String comment) {
        this.out = out;
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(comment);
        writer.outputComment("values in microseconds; tags: " + INTENDED_TO_END + " (what a user saw), " + LATENESS
                + " (the generator's own), " + CONNECTION_WAIT + " (the wait for a connection), " + SEND_TO_END + " (service time), "
                + TRIED_TO_END + " (what the target caused), " + BEYOND_FLOOR + " (tried->end less the run's latency floor, "
                + "empty without one)");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMillis);
        writer.setBaseTime(startEpochMillis);
        writer.outputBaseTime(startEpochMillis);
        writer.outputLegend();
    }

    /** Writes one interval histogram under {@code tag}; its start and end timestamps are epoch milliseconds. */
    public void write(String tag, Histogram interval) {
        interval.setTag(tag);
        writer.outputIntervalHistogram(interval);
    }

    public void flush() {
        out.flush();
    }

    @Override
    public void close() {
        out.close();
    }
}
