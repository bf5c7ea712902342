package io.workbench.loadgen.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.report.ResultsJson;
import io.workbench.loadgen.report.results.LoadSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two generators' runs of one load, each with its own interval log, merged: the merged run must be
 * the histogram of the union of their values, not an average of their percentiles.
 */
class IntervalLogMergeTest {

    private static final long START = 1_764_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void mergedRunIsTheHistogramOfTheUnion() throws IOException {
        Histogram union = new Histogram(3_600_000_000L, 3);
        // Different shapes, so that averaging their p99s would give another answer than the union's p99.
        Path fast = generator("fast", START, 10, 2_000, 200, 0.0, union, 1);
        Path slow = generator("slow", START + 300, 10, 500, 5_000, 0.02, union, 2);

        ForeignRun merged = IntervalLogMerge.merge(List.of(fast, slow), "test");
        Path out = dir.resolve("merged");
        ForeignRunFiles.write(out, merged);
        LoadSummary summary = ResultsJson.readSummary(out.resolve(RunFiles.SUMMARY));

        Histogram total = merged.intendedToEnd();
        assertEquals(union.getTotalCount(), total.getTotalCount(), "every value of both logs is in the merged run");
        assertEquals(union.getMaxValue(), total.getMaxValue(), "the max is the larger generator's max");
        double p99 = union.getValueAtPercentile(99);
        assertEquals(p99, total.getValueAtPercentile(99), union.sizeOfEquivalentValueRange((long) p99),
                "p99 within the histogram's precision");
        double averaged = (percentileOf(fast) + percentileOf(slow)) / 2;
        assertTrue(Math.abs(averaged - p99) > union.sizeOfEquivalentValueRange((long) p99),
                "the test's generators differ enough that an average of p99s would be caught");

        assertEquals(2_000 * 10 + 500 * 10, summary.requests().sent(), "counts are summed");
        assertEquals(union.getTotalCount(), summary.latency().intendedToEnd().count());
        assertEquals(2_500.0, summary.targetRate(), 1e-9, "two slices of the rate add up to the whole");

        // Interval by interval: the slow generator's intervals start 300 ms later and still fall into the same seconds.
        List<Histogram> mergedIntervals = IntervalLogMerge.read(out).intervals().stream()
                .filter(h -> IntervalLog.INTENDED_TO_END.equals(h.getTag())).toList();
        assertEquals(10, mergedIntervals.size(), "ten seconds, not twenty intervals");
        for (Histogram interval : mergedIntervals) {
            assertEquals(2_500, interval.getTotalCount(), "each second holds both generators' requests");
        }
        assertEquals(Map.of("intended-to-end", union.getTotalCount(), "send-to-end", union.getTotalCount()),
                IntervalLogMerge.countsByTag(IntervalLogMerge.read(out).intervals()));
    }

    private double percentileOf(Path run) throws IOException {
        return ResultsJson.readSummary(run.resolve(RunFiles.SUMMARY)).latency().intendedToEnd().p99Ms() * 1000;
    }

    /** A load run's directory whose log has {@code seconds} intervals of {@code perSecond} values around {@code medianMicros}. */
    private Path generator(String name, long start, int seconds, int perSecond, long medianMicros, double stallFraction,
                           Histogram union, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram total = new Histogram(3_600_000_000L, 3);
        List<TaggedInterval> intervals = new ArrayList<>();
        for (int second = 0; second < seconds; second++) {
            Histogram interval = new Histogram(3_600_000_000L, 3);
            for (int i = 0; i < perSecond; i++) {
                long value = random.nextDouble() < stallFraction ? 1_000_000 + random.nextLong(500_000)
                        : Math.max(1, (long) (medianMicros * Math.exp(random.nextGaussian() * 0.5)));
                interval.recordValue(value);
            }
            interval.setStartTimeStamp(start + second * 1000L);
            interval.setEndTimeStamp(start + second * 1000L + 1000);
            Histogram sendToEnd = interval.copy();
            sendToEnd.setStartTimeStamp(interval.getStartTimeStamp());
            sendToEnd.setEndTimeStamp(interval.getEndTimeStamp());
            intervals.add(new TaggedInterval(IntervalLog.INTENDED_TO_END, interval));
            intervals.add(new TaggedInterval(IntervalLog.SEND_TO_END, sendToEnd));
            total.add(interval);
            union.add(interval);
        }
        long sent = (long) seconds * perSecond;
        ForeignRun run = new ForeignRun("loadgen", name, "test", "http://127.0.0.1:1/hello", "open", "exponential",
                (double) perSecond, (double) perSecond, start, start + seconds * 1000L, sent, sent, 0, Map.of(),
                1.0, (double) seconds, total, total, null, intervals, List.of(), List.of());
        Path runDir = dir.resolve(name);
        ForeignRunFiles.write(runDir, run);
        return runDir;
    }
}
