package io.workbench.loadgen.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.report.ResultsJson;
import io.workbench.loadgen.report.results.LoadSummary;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a Hyperfoil controller's JSON export of a run. The fixture
 * {@code hyperfoil/controller-export-0.25.2.json} is laid out as Hyperfoil 0.25.2's controller writes
 * it (its {@code JsonWriter.writeArrayJsons}, schema {@code http://hyperfoil.io/run-schema/v3.0}, served
 * at {@code GET /run/{id}/stats/all/json} and by the CLI's {@code export}): {@code info} (the run's
 * id, benchmark, times), {@code stats[]} per phase and metric with {@code isWarmup}, {@code total.summary}
 * (a serialized {@code StatisticsSummary}: nanoseconds, the {@code http} extension's status counts),
 * {@code histogram.percentiles} buckets, {@code series}, then {@code sessions}, {@code agents},
 * {@code connections} and {@code agentCpu}. Its figures are made up, two agents' halves adding up to
 * the totals.
 */
class HyperfoilControllerExportTest {

    @TempDir
    Path dir;

    private static Path fixture() throws URISyntaxException {
        return Path.of(HyperfoilControllerExportTest.class.getResource("/hyperfoil/controller-export-0.25.2.json").toURI());
    }

    @Test
    void theMeasuredPhaseBecomesALoadRun() throws Exception {
        ForeignRun run = HyperfoilControllerExport.read(fixture(), null, 100.0, "test");

        assertEquals("hyperfoil-controller", run.engine());
        assertEquals(1000, run.sent(), "the warm-up phase's 500 requests are left out");
        assertEquals(995, run.ok(), "ok is the http extension's 2xx count");
        assertEquals(1, run.timedOut());
        assertEquals(3, run.errorsByKind().get("non_2xx"));
        assertEquals(1, run.errorsByKind().get("connect_failed"));
        assertEquals(run.sent(), run.ok() + run.errors() + run.timedOut(), "the accounting holds");
        assertEquals(100.0, run.achievedRate(), 1e-9, "1000 requests over the phase's 10 s");
        assertNull(run.intendedToEnd(), "Hyperfoil measures no intended time: none is made up");

        var micros = run.sendToEnd();
        assertEquals(1000, micros.getTotalCount(), "the buckets' counts, every one");
        assertEquals(1015.8, micros.getValueAtPercentile(50), 1015.8 * 0.002, "p50 is the export's 50% bucket bound (ns -> µs)");
        assertEquals(4980.7, micros.getValueAtPercentile(99), 4980.7 * 0.002);
        assertEquals(20054.0, micros.getMaxValue(), 20054.0 * 0.002);

        Path summaryFile = ForeignRunFiles.write(dir, run);
        LoadSummary summary = ResultsJson.readSummary(summaryFile);
        assertEquals("hyperfoil-controller", summary.engine());
        assertNull(summary.latency().intendedToEnd());
        assertEquals(1000, summary.latency().sendToEnd().count());
        assertTrue(Files.isRegularFile(dir.resolve(RunFiles.SEND_TO_END_HGRM)));
        assertTrue(!Files.exists(dir.resolve(RunFiles.INTENDED_TO_END_HGRM)), "no intended->end file for an engine without one");
        assertTrue(RunTable.render(java.util.List.of(new RunTable.Row("imported", summary))).contains("| hyperfoil-controller | 100 | 100.0 | 1000 | 995 | 5 | - |"));
    }

    @Test
    void aPhaseCanBeChosenByName() throws Exception {
        ForeignRun warmup = HyperfoilControllerExport.read(fixture(), "warmup", null, "test");
        assertEquals(500, warmup.sent());
        assertEquals(500, warmup.sendToEnd().getTotalCount());
    }

    @Test
    void aFileWithoutStatsIsRefused() throws IOException {
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"info\": {}}");
        assertThrows(IOException.class, () -> HyperfoilControllerExport.read(other, null, null, "test"));
    }
}
