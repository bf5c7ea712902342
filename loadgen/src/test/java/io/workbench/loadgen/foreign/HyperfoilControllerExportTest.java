package io.workbench.loadgen.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.summary.SummaryJson;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * the totals, and counted as Hyperfoil 0.25.2 counts (see {@link HyperfoilCounters}): of 1000 requests
 * written, 998 got a response and 2 were cancelled by their connection, one of them because it timed
 * out (Hyperfoil closes the connection of a request that times out); the histogram holds the 998
 * responses.
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
        assertEquals(1, run.errorsByKind().get("connection_error"), "two connection errors, one of them the time-out");
        assertEquals(run.sent(), run.ok() + run.errors() + run.timedOut(), "the accounting holds");
        assertEquals(100.0, run.achievedRate(), 1e-9, "1000 requests over the phase's 10 s");
        assertNull(run.intendedToEnd(), "Hyperfoil measures no intended time: none is made up");
        assertEquals(1000L, run.counters().get("requestCount"), "Hyperfoil's own counters are kept under its names");
        assertEquals(2L, run.counters().get("connectionErrors"));

        var micros = run.sendToEnd();
        assertEquals(998, micros.getTotalCount(), "the buckets' counts, every response");
        assertEquals(1015.8, micros.getValueAtPercentile(50), 1015.8 * 0.002, "p50 is the export's 50% bucket bound (ns -> µs)");
        assertEquals(4980.7, micros.getValueAtPercentile(99), 4980.7 * 0.002);
        assertEquals(20054.0, micros.getMaxValue(), 20054.0 * 0.002);

        Path summaryFile = ForeignRunFiles.write(dir, run);
        LoadSummary summary = SummaryJson.readSummary(summaryFile);
        assertEquals("hyperfoil-controller", summary.engine());
        assertNull(summary.latency().intendedToEnd());
        assertEquals(998, summary.latency().sendToEnd().count());
        assertTrue(Files.isRegularFile(dir.resolve(RunFiles.SEND_TO_END_HGRM)));
        assertTrue(!Files.exists(dir.resolve(RunFiles.INTENDED_TO_END_HGRM)), "no intended->end file for an engine without one");
        assertTrue(RunTable.render(List.of(new RunTable.Row("imported", summary))).contains("| hyperfoil-controller | 100 | 100.0 | 1000 | 995 | 5 | - |"));
    }

    @Test
    void aRunThatKeptItsRateIsStillNotJudgedForHyperfoilKeepsNoIntendedStartTimes() throws Exception {
        ForeignRun run = HyperfoilControllerExport.read(fixture(), null, 100.0, "test");

        assertFalse(run.verdict().valid());
        assertEquals(Limit.NOT_JUDGED, run.verdict().limitedBy());
        assertEquals(List.of(HyperfoilVerdict.NO_INTENDED_TIMES), run.verdict().reasons());
        assertTrue(run.verdict().accountingHolds());
        assertEquals(1.0, run.verdict().achievedFraction(), 1e-9);

        LoadSummary summary = SummaryJson.readSummary(ForeignRunFiles.write(dir, run));
        assertEquals("not-judged", summary.validity().limitedBy());
        assertEquals(List.of("not-judged"), summary.validity().limits());
        assertEquals(Boolean.TRUE, summary.validity().accountingHolds());
        assertEquals(Limit.NOT_JUDGED, RunVerdict.of(summary).limitedBy(), "the report reads it as not judged");
    }

    @Test
    void withoutTheRateAskedForTheRateIsNotJudgedEither() throws Exception {
        ForeignRun run = HyperfoilControllerExport.read(fixture(), null, null, "test");

        assertEquals(Limit.NOT_JUDGED, run.verdict().limitedBy());
        assertTrue(run.verdict().reasons().get(0).startsWith("the data lacks the rate asked for"), run.verdict().reasons().toString());
        assertNull(run.verdict().achievedFraction());
    }

    @Test
    void countersThatDoNotAddUpFailTheAccountingAndNothingIsAdjustedToHideIt() throws Exception {
        // One request written that neither got a response nor a connection error.
        Path broken = edited(root -> summaryOf(root).put("requestCount", 1001));

        ForeignRun run = HyperfoilControllerExport.read(broken, null, 100.0, "test");

        assertFalse(run.verdict().accountingHolds());
        assertEquals(Limit.NOT_JUDGED, run.verdict().limitedBy());
        assertTrue(run.verdict().reasons().contains("Hyperfoil's counters do not add up: 1001 requests written, but 998 responses "
                + "and 2 connection errors (every written request ends one of those ways)"), run.verdict().reasons().toString());
        assertEquals(1001, run.sent());
        assertFalse(run.countsAddUp(), "sent = ok + errors + timedOut fails visibly: no kind was made up to fill the gap");
        LoadSummary summary = SummaryJson.readSummary(ForeignRunFiles.write(dir, run));
        assertEquals(Boolean.FALSE, summary.validity().accountingHolds());
    }

    @Test
    void moreTimeOutsThanConnectionErrorsOrMoreStatusesThanRequestsFailTheAccounting() throws Exception {
        ForeignRun timeouts = HyperfoilControllerExport.read(edited(root -> summaryOf(root).put("requestTimeouts", 3)), null, 100.0, "t");
        assertFalse(timeouts.verdict().accountingHolds());
        assertTrue(timeouts.verdict().reasons().stream().anyMatch(reason -> reason.contains("3 time-outs but only 2 connection errors")),
                timeouts.verdict().reasons().toString());

        ForeignRun statuses = HyperfoilControllerExport.read(edited(root -> ((ObjectNode) summaryOf(root).path("extensions").path("http"))
                .put("status_4xx", 5)), null, 100.0, "t");
        assertFalse(statuses.verdict().accountingHolds());
        assertTrue(statuses.verdict().reasons().stream().anyMatch(reason -> reason.contains("1003 statuses counted for 998 responses")),
                statuses.verdict().reasons().toString());
    }

    @Test
    void blockedTimeIsTheConnectionCapAndExplainsAShortfall() throws Exception {
        Path blocked = edited(root -> summaryOf(root).put("blockedTime", 2_500_000));

        ForeignRun run = HyperfoilControllerExport.read(blocked, null, 120.0, "test");

        assertEquals(Limit.CONNECTION_CAP, run.verdict().limitedBy());
        assertEquals(List.of(Limit.CONNECTION_CAP), run.verdict().limits());
        assertTrue(run.verdict().reasons().get(0).contains("sessions waited 2.500 ms in total"), run.verdict().reasons().toString());
        assertTrue(run.verdict().reasons().get(1).startsWith("achieved 100.0 req/s, below 99% of the 120.0 asked for"),
                run.verdict().reasons().toString());
    }

    @Test
    void anExceededSessionLimitIsTheConnectionCapAndAnSlaOnTheResponsesIsNotHeldAgainstTheRun() throws Exception {
        Path failed = edited(root -> {
            ArrayNode failures = (ArrayNode) root.get("failures");
            failures.addObject().put("phase", "high-concurrency").put("message", "Exceeded session limit");
            failures.addObject().put("phase", "high-concurrency").put("message", "Response time 99.0% percentile 5 ms exceeds 1 ms");
        });

        ForeignRun run = HyperfoilControllerExport.read(failed, null, 100.0, "test");

        assertEquals(Limit.CONNECTION_CAP, run.verdict().limitedBy());
        assertTrue(run.notes().stream().anyMatch(note -> note.startsWith("SLA failed in high-concurrency: Response time 99.0%")
                && note.endsWith("not held against the run)")), run.notes().toString());
        assertEquals(Boolean.TRUE, run.counters().get("sessionLimitExceeded"));
    }

    @Test
    void aCancelledRunIsInterrupted() throws Exception {
        ForeignRun run = HyperfoilControllerExport.read(edited(root -> ((ObjectNode) root.get("info")).put("cancelled", true)),
                null, 100.0, "test");
        assertEquals(Limit.INTERRUPTED, run.verdict().limitedBy());
    }

    @Test
    void noResponseAtAllIsNoResponse() throws Exception {
        Path none = edited(root -> {
            ObjectNode summary = summaryOf(root);
            summary.put("responseCount", 0).put("connectionErrors", 1000).put("requestTimeouts", 1000);
            ((ObjectNode) summary.path("extensions").path("http")).put("status_2xx", 0).put("status_5xx", 0);
        });
        ForeignRun run = HyperfoilControllerExport.read(none, null, 100.0, "test");
        assertEquals(Limit.NO_RESPONSE, run.verdict().limitedBy());
        assertTrue(run.verdict().accountingHolds(), "1000 written, every one timed out: that adds up");
    }

    private static ObjectNode summaryOf(ObjectNode root) {
        return (ObjectNode) root.get("stats").get(0).get("total").get("summary");
    }

    /** The fixture with one edit, in a file of its own. */
    private Path edited(java.util.function.Consumer<ObjectNode> edit) throws Exception {
        ObjectNode root = (ObjectNode) SummaryJson.mapper().readTree(fixture().toFile());
        edit.accept(root);
        Path file = Files.createTempFile(dir, "export", ".json");
        SummaryJson.mapper().writeValue(file.toFile(), root);
        return file;
    }

    @Test
    void aPhaseCanBeChosenByName() throws Exception {
        ForeignRun warmup = HyperfoilControllerExport.read(fixture(), "warmup", null, "test");
        assertEquals(500, warmup.sent());
        assertEquals(500, warmup.sendToEnd().getTotalCount());
        assertTrue(warmup.verdict().accountingHolds());
    }

    @Test
    void aFileWithoutStatsIsRefused() throws IOException {
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"info\": {}}");
        assertThrows(IOException.class, () -> HyperfoilControllerExport.read(other, null, null, "test"));
    }
}
