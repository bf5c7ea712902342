package io.workbench.loadgen.foreign;

import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.report.ResultsJson;
import io.workbench.loadgen.report.results.LoadSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Several generators' runs of one load, merged into one run: each a load run's directory (its
 * {@code summary.json} and {@code latency.hlog}), e.g. the load command started on several machines
 * with a slice of the rate each.
 *
 * <p>Intervals are merged by their wall-clock time, not by their position in each log: an interval
 * belongs to the second, counted from the earliest interval of all the logs, that its start is
 * nearest to (the generators' clocks are assumed in step to well under half a second, as NTP keeps
 * them). Histograms of the same tag and second are added; the merged interval runs from the
 * earliest start to the latest end among them. The totals are the sum of every interval, so every
 * percentile is read from the merged histogram, never averaged across generators. Counts and rates
 * are summed from the summaries, CPU seconds too; the wall time is the longest generator's.
 */
public final class IntervalLogMerge {

    /** The load command's reporting interval: one histogram per tag per second. */
    static final long INTERVAL_MILLIS = 1000;

    private IntervalLogMerge() {
    }

    /** One generator's run as read from its directory. */
    record Part(Path dir, LoadSummary summary, List<Histogram> intervals) {
    }

    public static ForeignRun merge(List<Path> runDirs, String command) throws IOException {
        if (runDirs.size() < 2) {
            throw new IllegalArgumentException("--merge needs two or more run directories, got " + runDirs.size());
        }
        List<Part> parts = new ArrayList<>();
        for (Path dir : runDirs) {
            parts.add(read(dir));
        }
        long base = parts.stream().flatMap(part -> part.intervals().stream())
                .mapToLong(Histogram::getStartTimeStamp).min()
                .orElseThrow(() -> new IOException("no interval in any of the logs " + runDirs));

        // second -> tag -> merged interval, both in order
        TreeMap<Long, Map<String, Histogram>> bySecond = new TreeMap<>();
        Map<String, Histogram> totals = new LinkedHashMap<>();
        for (Part part : parts) {
            for (Histogram interval : part.intervals()) {
                long second = Math.round((interval.getStartTimeStamp() - base) / (double) INTERVAL_MILLIS);
                Histogram merged = bySecond.computeIfAbsent(second, s -> new LinkedHashMap<>())
                        .computeIfAbsent(interval.getTag(), tag -> emptyLike(interval));
                // An empty histogram starts at Long.MAX_VALUE and ends at 0, so min and max take the first interval's.
                long start = Math.min(merged.getStartTimeStamp(), interval.getStartTimeStamp());
                long end = Math.max(merged.getEndTimeStamp(), interval.getEndTimeStamp());
                merged.add(interval);
                merged.setStartTimeStamp(start);
                merged.setEndTimeStamp(end);
                totals.computeIfAbsent(interval.getTag(), tag -> emptyLike(interval)).add(interval);
            }
        }
        List<TaggedInterval> intervals = new ArrayList<>();
        bySecond.values().forEach(tags -> tags.forEach((tag, histogram) -> intervals.add(new TaggedInterval(tag, histogram))));

        long sent = 0, ok = 0, timedOut = 0;
        Map<String, Long> errors = new TreeMap<>();
        Double targetRate = 0.0, achievedRate = 0.0, cpuSeconds = 0.0;
        double wallSeconds = 0;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        List<String> invalid = new ArrayList<>();
        List<String> engines = new ArrayList<>();
        String url = null, model = null, arrivals = null;
        for (Part part : parts) {
            LoadSummary summary = part.summary();
            sent += summary.requests().sent();
            ok += summary.requests().ok();
            timedOut += summary.requests().timedOut();
            if (summary.requests().errorsByKind() != null) {
                summary.requests().errorsByKind().forEach((kind, count) -> errors.merge(kind, count, Long::sum));
            }
            targetRate = targetRate == null || summary.targetRate() == null ? null : targetRate + summary.targetRate();
            achievedRate += summary.achievedRate();
            if (summary.generator() != null) {
                cpuSeconds += summary.generator().cpuSeconds();
            }
            wallSeconds = Math.max(wallSeconds, summary.durationSeconds());
            start = Math.min(start, summary.startEpochMillis());
            end = Math.max(end, summary.endEpochMillis());
            if (summary.validity() != null && !summary.validity().valid()) {
                summary.validity().reasons().forEach(reason -> invalid.add(part.dir().getFileName() + ": " + reason));
            }
            engines.add(summary.engine() == null ? "loadgen" : summary.engine());
            url = url == null ? summary.url() : url;
            model = model == null ? summary.model() : model;
            arrivals = arrivals == null ? summary.arrivals() : arrivals;
        }
        List<String> notes = List.of(
                parts.size() + " generators' interval logs merged second by second; percentiles from the merged histograms",
                "rates, counts and CPU seconds are the generators' sums; cpuPercentOfOneCore is over the longest generator's run");
        String engine = "merged(" + String.join("+", engines) + ")";
        return new ForeignRun(engine, engine + " x" + parts.size(), command, url, model, arrivals, targetRate, achievedRate,
                start, end, sent, ok, timedOut, errors, cpuSeconds, wallSeconds,
                totals.get("intended-to-end"), totals.get("send-to-end"), totals.get("intended-to-send"),
                intervals, notes, invalid);
    }

    private static Histogram emptyLike(Histogram interval) {
        Histogram empty = new Histogram(interval.getNumberOfSignificantValueDigits());
        // Generators may clamp at different highest values: grow instead of failing on add().
        empty.setAutoResize(true);
        return empty;
    }

    static Part read(Path dir) throws IOException {
        Path summaryFile = dir.resolve(RunFiles.SUMMARY);
        Path hlog = dir.resolve(RunFiles.HLOG);
        if (!Files.isRegularFile(summaryFile) || !Files.isRegularFile(hlog)) {
            throw new IOException(dir + " is not a load run's directory (it needs " + RunFiles.SUMMARY + " and " + RunFiles.HLOG + ")");
        }
        LoadSummary summary = ResultsJson.readSummary(summaryFile);
        List<Histogram> intervals = new ArrayList<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram histogram) {
                    intervals.add(histogram);
                } else {
                    throw new IOException(hlog + ": a double histogram, not the load command's integer microseconds");
                }
            }
        } catch (RuntimeException corrupt) {
            throw new IOException(hlog + ": not a readable interval log: " + corrupt, corrupt);
        }
        return new Part(dir, summary, intervals);
    }

    /** Counts per tag of a part, for tests and messages. */
    static Map<String, Long> countsByTag(List<Histogram> intervals) {
        Map<String, Long> counts = new HashMap<>();
        intervals.forEach(interval -> counts.merge(interval.getTag(), interval.getTotalCount(), Long::sum));
        return counts;
    }
}
