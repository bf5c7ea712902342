package io.workbench.hyperfoil.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.summary.SummaryJson;
import io.workbench.loadgen.foreign.HyperfoilVerdict;
import io.workbench.loadgen.summary.Limit;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.loadgen.summary.RunVerdict;
import io.workbench.targets.ServerCatalog;
import io.workbench.targets.Target;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.TargetSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Small open-model runs through Hyperfoil in this JVM against a real iocore target on 127.0.0.1:
 * every request Hyperfoil says it sent is one the target counted in its {@code /stats}, the
 * statistics land in the load command's files, and the run is judged by Hyperfoil's own counters,
 * whose bookkeeping (a time-out is also a connection error; the session limit is reported when
 * arrivals find every session busy) is checked here against Hyperfoil itself.
 */
class InProcessRunTest {

    @TempDir
    Path dir;

    @Test
    void theTargetCountsTheRequestsHyperfoilReports() throws Exception {
        System.setProperty("log4j2.configurationFile", HyperfoilLoadCommand.LOG_CONFIG);
        try (Target target = Target.start(ServerCatalog.byName("iocore").orElseThrow(),
                TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0))) {
            long before = completed(target);
            String[] args = {target.uri() + "/hello?wait=1", "--rate", "200", "--duration", "1500ms", "--connections", "8",
                    "--out", dir.toString(), "--label", "test", "--quiet"};
            assertEquals(0, HyperfoilLoadCommand.commandLine(args).execute(args));
            long counted = completed(target) - before;

            LoadSummary summary = SummaryJson.readSummary(dir.resolve(RunFiles.SUMMARY));
            assertEquals("hyperfoil", summary.engine());
            assertEquals(counted, summary.requests().sent(), "the target's /stats counted every request Hyperfoil reports, no more");
            assertTrue(summary.requests().sent() > 50, "200 req/s for 1.5 s sent about 300: " + summary.requests().sent());
            assertEquals(summary.requests().sent(), summary.requests().ok(), "every one answered 200");
            assertEquals(summary.requests().sent(), summary.latency().sendToEnd().count(), "every response timed");
            assertTrue(summary.latency().sendToEnd().p50Ms() >= 1.0, "each request waited at least the 1 ms it asked for");
            assertNull(summary.latency().intendedToEnd(), "no intended time is made up for Hyperfoil");
            assertTrue(Files.isRegularFile(dir.resolve(RunFiles.SEND_TO_END_HGRM)));
            assertTrue(Files.readString(dir.resolve("benchmark.hf.yaml")).contains("constantRate"));

            long logged = 0;
            HistogramLogReader reader = new HistogramLogReader(dir.resolve(RunFiles.HLOG).toFile());
            for (EncodableHistogram interval; (interval = reader.nextIntervalHistogram()) != null; ) {
                assertEquals("send-to-end", interval.getTag());
                logged += ((org.HdrHistogram.Histogram) interval).getTotalCount();
            }
            assertEquals(summary.requests().sent(), logged, "the interval log holds every response, interval by interval");

            assertEquals(Boolean.TRUE, summary.validity().accountingHolds(), "Hyperfoil's counters add up");
            // Judged by Hyperfoil's own counters: never valid (no intended start times), and the connection cap exactly when
            // its counters show sessions blocked on the pool or the session limit exceeded (a cold start can do either).
            RunVerdict verdict = RunVerdict.of(summary);
            JsonNode counters = SummaryJson.mapper().readTree(dir.resolve(RunFiles.SUMMARY).toFile()).get("counters");
            assertFalse(verdict.valid());
            List<String> reasons = summary.validity().reasons();
            assertEquals(HyperfoilVerdict.NO_INTENDED_TIMES, reasons.get(reasons.size() - 1), "said last, whatever else fired");
            boolean capped = counters.get("blockedTimeMs").asDouble() > 0 || counters.get("sessionLimitExceeded").asBoolean();
            assertEquals(capped, verdict.limits().contains(Limit.CONNECTION_CAP), reasons + " with " + counters);
            assertEquals(capped ? Limit.CONNECTION_CAP : Limit.NOT_JUDGED, verdict.limitedBy(), reasons.toString());
            assertNotNull(summary.generator().measuredCpuSeconds(), "the measured phase's CPU, from its start to its end");
            assertTrue(summary.generator().measuredCpuSeconds() < summary.generator().cpuSeconds(),
                    "less than the whole run's, Hyperfoil's start and warm-up included");
            assertTrue(summary.generator().measuredWallSeconds() >= 1.5, "the measured phase ran its 1.5 s");
        }
    }

    @Test
    void aRequestThatTimesOutIsCountedAsATimeOutAndAConnectionErrorAndTheCountsAddUp() throws Exception {
        System.setProperty("log4j2.configurationFile", HyperfoilLoadCommand.LOG_CONFIG);
        try (Target target = Target.start(ServerCatalog.byName("iocore").orElseThrow(),
                TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0))) {
            String[] args = {target.uri() + "/hello?wait=400", "--rate", "20", "--duration", "1s", "--connections", "32",
                    "--timeout", "100ms", "--out", dir.toString(), "--quiet"};
            assertEquals(0, HyperfoilLoadCommand.commandLine(args).execute(args));
            completed(target);

            JsonNode counters = SummaryJson.mapper().readTree(dir.resolve(RunFiles.SUMMARY).toFile()).get("counters");
            long written = counters.get("requestCount").asLong();
            assertTrue(written > 5, "20 req/s for 1 s: " + counters);
            assertEquals(0, counters.get("responseCount").asLong(), "every request waits 400 ms, past its 100 ms: " + counters);
            assertEquals(written, counters.get("requestTimeouts").asLong(), counters.toString());
            assertEquals(written, counters.get("connectionErrors").asLong(), "Hyperfoil closes a timed-out request's connection, "
                    + "which cancels it as a connection error: " + counters);
            LoadSummary summary = SummaryJson.readSummary(dir.resolve(RunFiles.SUMMARY));
            assertEquals(Boolean.TRUE, summary.validity().accountingHolds());
            assertEquals(written, summary.requests().timedOut());
            assertEquals(summary.requests().sent(), summary.requests().ok() + summary.requests().errors() + summary.requests().timedOut());
            assertEquals(Limit.NO_RESPONSE, RunVerdict.of(summary).limitedBy());
        }
    }

    @Test
    void arrivalsThatFindEverySessionBusyAreTheConnectionCap() throws Exception {
        System.setProperty("log4j2.configurationFile", HyperfoilLoadCommand.LOG_CONFIG);
        try (Target target = Target.start(ServerCatalog.byName("iocore").orElseThrow(),
                TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0))) {
            // Two sessions, each busy 200 ms, against 50 arrivals a second: most arrivals find none free.
            String[] args = {target.uri() + "/hello?wait=200", "--rate", "50", "--duration", "1s", "--connections", "2",
                    "--max-sessions", "2", "--out", dir.toString(), "--quiet"};
            assertEquals(0, HyperfoilLoadCommand.commandLine(args).execute(args));
            completed(target);

            LoadSummary summary = SummaryJson.readSummary(dir.resolve(RunFiles.SUMMARY));
            RunVerdict verdict = RunVerdict.of(summary);
            assertEquals(Limit.CONNECTION_CAP, verdict.limitedBy(), summary.validity().reasons().toString());
            assertTrue(summary.validity().reasons().stream().anyMatch(reason -> reason.contains("sessionLimitExceeded")),
                    summary.validity().reasons().toString());
            assertTrue(summary.validity().reasons().stream().anyMatch(reason -> reason.startsWith("achieved ")),
                    "the shortfall is put on the cap: " + summary.validity().reasons());
            assertEquals(Boolean.TRUE, summary.validity().accountingHolds());
        }
    }

    /**
     * The target's count of completed requests once nothing is in flight: the server may count a
     * request's completion a moment after the client read its response, so /stats is read again
     * (for at most 10 s) until it shows none in flight.
     */
    private static long completed(Target target) throws Exception {
        try (HttpClient client = HttpClient.newHttpClient()) {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (true) {
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(target.uri() + "/stats")).build(),
                        HttpResponse.BodyHandlers.ofString());
                JsonNode stats = SummaryJson.mapper().readTree(response.body());
                if (stats.path("inFlight").asLong() == 0) {
                    return stats.path("completed").asLong();
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the target still has requests in flight: " + stats);
                }
                Thread.sleep(20);
            }
        }
    }
}
