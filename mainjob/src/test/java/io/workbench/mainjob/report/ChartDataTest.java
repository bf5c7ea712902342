package io.workbench.mainjob.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.summary.LoadSummary;
import java.io.IOException;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A percentile chart's points: the summary's own percentiles where the grid has them, never a dip beside them. */
class ChartDataTest {

    @Test
    void theGridsPercentilesAreTheSummarysAndTheCurveNeverFalls(@TempDir Path dir) throws IOException {
        // A skewed distribution whose .hgrm rows are sparse near the tail.
        Histogram micros = new Histogram(3_600_000_000L, 3);
        for (int i = 0; i < 5_000; i++) {
            micros.recordValue(100 + (long) (Math.pow(i / 5_000.0, 8) * 1_000_000));
        }
        Path hgrm = dir.resolve("intended-to-end.hgrm");
        RunFiles.writeHgrm(hgrm, micros);
        var stats = ResultsJson.mapper().treeToValue(latency(micros), LoadSummary.LatencyStats.class);

        Double[] y = ChartData.withSummaryPercentiles(ChartData.resample(PercentileDistribution.read(hgrm)), stats);

        assertEquals(100.0, ChartData.INVERSE_GRID[ChartData.P99], 0.0, "the grid has the 99th percentile's x exactly");
        assertEquals(stats.p99Ms(), y[ChartData.P99], 0.0);
        assertEquals(stats.p90Ms(), y[ChartData.P90], 0.0);
        assertEquals(stats.p999Ms(), y[ChartData.P999], 0.0);
        assertNull(y[ChartData.P9999], "5,000 requests do not resolve the 99.99th percentile: a gap, not a made-up point");
        for (int i = 1; i < y.length && y[i] != null; i++) {
            assertTrue(y[i] >= y[i - 1], "the curve never falls: at " + i + " " + y[i - 1] + " -> " + y[i]);
        }
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode latency(Histogram micros) {
        var node = ResultsJson.mapper().createObjectNode();
        RunFiles.latency(node, micros);
        return node;
    }

    @Test
    void withoutSummaryFiguresTheDistributionIsLeftAsItIs() {
        Double[] y = {1.0, 2.0, null};
        assertEquals(y, ChartData.withSummaryPercentiles(y, null));
    }
}
