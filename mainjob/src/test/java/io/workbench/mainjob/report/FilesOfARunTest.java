package io.workbench.mainjob.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The readers of a load run's files, on the fixture run's files. */
class FilesOfARunTest {

    private static final Path REP = RunFixture.source().resolve("iocore_async-complete/high-concurrency/rep-1");

    @Test
    void theSummaryReadsTheContractsFieldsAndIgnoresNewOnes() throws IOException {
        LoadSummary summary = ResultsJson.readSummary(REP.resolve("summary.json"));

        assertEquals("open", summary.model());
        assertEquals(1000.0, summary.targetRate());
        LoadSummary.Requests requests = summary.requests();
        assertEquals(requests.sent(), requests.ok() + requests.errors() + requests.timedOut());
        assertTrue(summary.latency().intendedToEnd().meanMs() > 100, "wait 100 ms: the mean is above it");
        assertEquals("latency.hlog", summary.files().hlog());
    }

    @Test
    void thePercentileDistributionHasRisingRowsAndTheMaximumApart() throws IOException {
        LoadSummary summary = ResultsJson.readSummary(REP.resolve("summary.json"));
        PercentileDistribution distribution = PercentileDistribution.read(REP.resolve("intended-to-end.hgrm"));

        assertEquals(summary.latency().intendedToEnd().count(), distribution.count());
        assertEquals(summary.latency().intendedToEnd().maxMs(), distribution.maxMs(), 0.01);
        double[] inverse = distribution.inverse();
        assertTrue(inverse.length > 10);
        assertEquals(1.0, inverse[0], 1e-9);
        for (int i = 1; i < inverse.length; i++) {
            assertTrue(inverse[i] >= inverse[i - 1], "1/(1-p) rises row by row");
            assertTrue(distribution.valuesMs()[i] >= distribution.valuesMs()[i - 1], "latency rises with the percentile");
        }
    }

    @Test
    void aFileThatIsNotADistributionIsRefusedWithItsName() {
        IOException refused = assertThrows(IOException.class,
                () -> PercentileDistribution.parse(List.of("not a number here"), "x.hgrm"));

        assertTrue(refused.getMessage().startsWith("x.hgrm"), refused.getMessage());
    }

    @Test
    void theIntervalLogGivesOnePointPerSecondOnTheWallClockOfTheRun() throws IOException {
        LoadSummary summary = ResultsJson.readSummary(REP.resolve("summary.json"));
        LatencyTimeline timeline = LatencyTimeline.read(REP.resolve("latency.hlog"), LatencyTimeline.INTENDED_TO_END);

        List<LatencyTimeline.Point> points = timeline.points();
        assertEquals(3, points.size(), "3,000 requests at 1,000/s: three one-second intervals");
        assertEquals(summary.startEpochMillis(), points.get(0).startEpochMillis(), "epoch-based, like the GC log");
        assertEquals(summary.latency().intendedToEnd().count(), points.stream().mapToLong(LatencyTimeline.Point::count).sum());
        assertEquals(1000, points.get(0).ratePerSecond(), 1.0);
        assertTrue(points.stream().allMatch(point -> point.maxMs() >= point.p99Ms() && point.p99Ms() >= point.meanMs() * 0.9));
    }

    @Test
    void aDamagedIntervalLogIsRefusedWithItsName(@TempDir Path dir) throws IOException {
        Path broken = dir.resolve("latency.hlog");
        Files.writeString(broken, "Tag=intended-to-end,0.000,1.000,0.039,HISTFAAAnot-base64!!\n");

        IOException refused = assertThrows(IOException.class, () -> LatencyTimeline.read(broken, LatencyTimeline.INTENDED_TO_END));

        assertTrue(refused.getMessage().contains("latency.hlog"), refused.getMessage());
    }

    @Test
    void resultsOfAnotherFormatAreRefusedNotMisread(@TempDir Path dir) throws IOException {
        String json = Files.readString(RunFixture.source().resolve(RunResults.FILE_NAME))
                .replaceFirst("\"format\" : 2", "\"format\" : 99");
        Files.writeString(dir.resolve(RunResults.FILE_NAME), json);

        IOException refused = assertThrows(IOException.class, () -> ResultsJson.readRun(dir));

        assertTrue(refused.getMessage().contains("format 99"), refused.getMessage());
    }

    @Test
    void aDirectoryWithoutResultsSaysWhatItExpected(@TempDir Path dir) {
        IOException refused = assertThrows(IOException.class, () -> ResultsJson.readRun(dir));

        assertTrue(refused.getMessage().contains("results.json"), refused.getMessage());
    }
}
