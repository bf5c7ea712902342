package io.workbench.hyperfoil.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.output.RunFiles;
import io.workbench.loadgen.report.ResultsJson;
import io.workbench.loadgen.report.results.LoadSummary;
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
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small open-model run through Hyperfoil in this JVM against a real iocore target on 127.0.0.1:
 * every request Hyperfoil says it sent is one the target counted in its {@code /stats}, and the
 * statistics land in the load command's files.
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

            LoadSummary summary = ResultsJson.readSummary(dir.resolve(RunFiles.SUMMARY));
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
                JsonNode stats = ResultsJson.mapper().readTree(response.body());
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
