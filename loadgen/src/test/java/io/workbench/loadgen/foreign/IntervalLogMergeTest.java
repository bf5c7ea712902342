package io.workbench.loadgen.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.summary.SummaryJson;
import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;
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
        LoadSummary summary = SummaryJson.readSummary(out.resolve(RunFiles.SUMMARY));

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

    @Test
    void theMergedRunIsValidOnlyWhenEveryGeneratorsRunIsAndSaysWhoseLimitFired() throws IOException {
        Histogram union = new Histogram(3_600_000_000L, 3);
        Path good = generator("good", START, 3, 100, 200, 0.0, union, 1);
        Path late = generator("late", START, 3, 100, 200, 0.0, union, 2, ForeignVerdict.builder()
                .fired(Limit.GENERATOR_PACING, "the generator lagged").build());

        ForeignRun bothValid = IntervalLogMerge.merge(List.of(good, generator("good2", START, 3, 100, 200, 0.0, union, 3)), "test");
        assertTrue(bothValid.verdict().valid(), bothValid.verdict().toString());
        assertEquals(1.0, bothValid.measuredCpuSeconds(), 1e-9, "each generator's measured CPU, summed");

        ForeignRun oneLate = IntervalLogMerge.merge(List.of(good, late), "test");
        assertFalse(oneLate.verdict().valid());
        assertEquals(Limit.GENERATOR_PACING, oneLate.verdict().limitedBy());
        assertEquals(List.of("late: the generator lagged"), oneLate.verdict().reasons());
        Path out = dir.resolve("merged-late");
        ForeignRunFiles.write(out, oneLate);
        LoadSummary summary = SummaryJson.readSummary(out.resolve(RunFiles.SUMMARY));
        assertEquals("generator-pacing", summary.validity().limitedBy());
        assertEquals(Limit.GENERATOR_PACING, RunVerdict.of(summary).limitedBy());
    }

    @Test
    void aGeneratorsRunWrittenBeforeVerdictsNamedTheirLimitLeavesTheMergedRunNotJudged() throws IOException {
        Histogram union = new Histogram(3_600_000_000L, 3);
        Path good = generator("good", START, 3, 100, 200, 0.0, union, 1);
        Path old = generator("old", START, 3, 100, 200, 0.0, union, 2);
        // Rewrite its verdict as a summary of before: valid false, reasons, no limitedBy.
        Path file = old.resolve(RunFiles.SUMMARY);
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) SummaryJson.mapper().readTree(file.toFile());
        var validity = json.putObject("validity");
        validity.put("valid", false);
        validity.putArray("reasons").add("achieved 90.0 req/s, below 99% of the target 100.0");
        SummaryJson.mapper().writeValue(file.toFile(), json);

        ForeignRun merged = IntervalLogMerge.merge(List.of(good, old), "test");

        assertEquals(Limit.NOT_JUDGED, merged.verdict().limitedBy());
        assertEquals(List.of("old: not judged: " + RunVerdict.UNNAMED_LIMIT + "; achieved 90.0 req/s, below 99% of the target 100.0"),
                merged.verdict().reasons());
    }

    private double percentileOf(Path run) throws IOException {
        return SummaryJson.readSummary(run.resolve(RunFiles.SUMMARY)).latency().intendedToEnd().p99Ms() * 1000;
    }

    /** A load run's directory whose log has {@code seconds} intervals of {@code perSecond} values around {@code medianMicros}. */
    private Path generator(String name, long start, int seconds, int perSecond, long medianMicros, double stallFraction,
                           Histogram union, long seed) throws IOException {
        return generator(name, start, seconds, perSecond, medianMicros, stallFraction, union, seed, VALID);
    }

    private static final ForeignVerdict VALID = ForeignVerdict.builder().minRateFraction(0.99).build();

    private Path generator(String name, long start, int seconds, int perSecond, long medianMicros, double stallFraction,
                           Histogram union, long seed, ForeignVerdict verdict) throws IOException {
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
                (double) perSecond, (double) perSecond, start, start + seconds * 1000L, sent, sent, sent, 0, Map.of(),
                1.0, (double) seconds + 2, 0.5, (double) seconds, total, total, null, intervals, List.of(), verdict, Map.of());
        Path runDir = dir.resolve(name);
        ForeignRunFiles.write(runDir, run);
        return runDir;
    }
}
