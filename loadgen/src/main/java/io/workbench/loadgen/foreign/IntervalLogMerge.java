package io.workbench.loadgen.foreign;

import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.summary.SummaryJson;
import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;
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
 *
 * <p>The merged run is valid only when every generator's run is: its limits are every generator's
 * (the first invalid one's limit first), its reasons theirs, each prefixed with the generator's
 * directory, and its accounting fails when any generator's does. A generator's run that could not be
 * judged (a summary written before verdicts named their limit, say) leaves the merged run not judged
 * unless another's limit fired.
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
        Long written = 0L;
        Map<String, Long> errors = new TreeMap<>();
        Double targetRate = 0.0, achievedRate = 0.0, cpuSeconds = 0.0, measuredCpuSeconds = 0.0;
        double wallSeconds = 0, measuredWallSeconds = 0;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        List<String> engines = new ArrayList<>();
        String url = null, model = null, arrivals = null;
        ForeignVerdict.Builder verdict = ForeignVerdict.builder();
        Double minRateFraction = null;
        for (Part part : parts) {
            LoadSummary summary = part.summary();
            sent += summary.requests().sent();
            ok += summary.requests().ok();
            timedOut += summary.requests().timedOut();
            written = written == null || summary.requests().written() == null ? null : written + summary.requests().written();
            if (summary.requests().errorsByKind() != null) {
                summary.requests().errorsByKind().forEach((kind, count) -> errors.merge(kind, count, Long::sum));
            }
            targetRate = targetRate == null || summary.targetRate() == null ? null : targetRate + summary.targetRate();
            achievedRate += summary.achievedRate();
            LoadSummary.Generator generator = summary.generator();
            if (generator != null) {
                cpuSeconds += generator.cpuSeconds();
            }
            measuredCpuSeconds = measuredCpuSeconds == null || generator == null || generator.measuredCpuSeconds() == null
                    ? null : measuredCpuSeconds + generator.measuredCpuSeconds();
            if (generator != null && generator.measuredWallSeconds() != null) {
                measuredWallSeconds = Math.max(measuredWallSeconds, generator.measuredWallSeconds());
            }
            wallSeconds = Math.max(wallSeconds, summary.durationSeconds());
            start = Math.min(start, summary.startEpochMillis());
            end = Math.max(end, summary.endEpochMillis());
            judgePart(verdict, part);
            if (summary.validity() != null && summary.validity().minRateFraction() > 0) {
                minRateFraction = minRateFraction == null ? summary.validity().minRateFraction()
                        : Math.max(minRateFraction, summary.validity().minRateFraction());
            }
            engines.add(summary.engine() == null ? "loadgen" : summary.engine());
            url = url == null ? summary.url() : url;
            model = model == null ? summary.model() : model;
            arrivals = arrivals == null ? summary.arrivals() : arrivals;
        }
        // The generators' lateness; logs written before it was kept apart have their intended->send instead.
        Histogram lateness = totals.containsKey(IntervalLog.LATENESS) ? totals.get(IntervalLog.LATENESS) : totals.get(IntervalLog.INTENDED_TO_SEND);
        verdict.minRateFraction(minRateFraction)
                .lag(lateness == null || lateness.getTotalCount() == 0 ? null : lateness.getValueAtPercentile(99) / 1000.0)
                .achievedFraction(targetRate == null || targetRate <= 0 ? null : achievedRate / targetRate);
        List<String> notes = List.of(
                parts.size() + " generators' interval logs merged second by second; percentiles from the merged histograms",
                "rates, counts and CPU seconds are the generators' sums; cpuPercentOfOneCore is over the longest generator's run",
                "the verdict is every generator's: valid only when each one's is; its limits and reasons are theirs, each named");
        String engine = "merged(" + String.join("+", engines) + ")";
        return new ForeignRun(engine, engine + " x" + parts.size(), command, url, model, arrivals, targetRate, achievedRate,
                start, end, sent, written, ok, timedOut, errors, cpuSeconds, wallSeconds, measuredCpuSeconds,
                measuredCpuSeconds == null ? null : measuredWallSeconds,
                totals.get("intended-to-end"), totals.get("send-to-end"), lateness,
                intervals, notes, verdict.build(), Map.of());
    }

    /** One generator's verdict into the merged one: its limits, its reasons (prefixed with its directory), its accounting. */
    private static void judgePart(ForeignVerdict.Builder verdict, Part part) {
        String name = part.dir().getFileName().toString();
        RunVerdict own = RunVerdict.of(part.summary());
        LoadSummary.Validity validity = part.summary().validity();
        if (validity != null && Boolean.FALSE.equals(validity.accountingHolds())) {
            verdict.accountingFails(name + ": its counts do not add up");
        }
        if (own.valid()) {
            return;
        }
        String reasons = own.reasons().isEmpty() ? own.label() : String.join("; ", own.reasons());
        if (own.limitedBy() == Limit.NOT_JUDGED) {
            verdict.lacks(name + ": not judged: " + reasons);
            return;
        }
        verdict.fired(own.limitedBy(), name + ": " + reasons);
        own.limits().stream().skip(1).filter(limit -> limit != Limit.NOT_JUDGED).forEach(verdict::alsoFired);
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
        LoadSummary summary = SummaryJson.readSummary(summaryFile);
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
