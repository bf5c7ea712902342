package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three latencies against servers whose behaviour is known: what a user saw is never less
 * than what the server took, the service time is what the server took, and a stall shows in
 * every request that was due during it, in the open model, and in one request per connection in
 * the closed model.
 */
class LatencyTruthTest {

    @TempDir
    Path tmp;

    @Test
    void aServerAnsweringAfterWMillisecondsIsSeenAsAtLeastWAndServesInAboutW() {
        long w = 20;
        try (LoadTarget target = new LoadTarget().delayMillis(w)) {
            Runs.Run run = Runs.load(tmp, target.url("/wait"), "--rate", "200", "--duration", "1s", "--warmup", "300ms");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            Histogram intendedToEnd = run.histogram("intended-to-end");
            Histogram sendToEnd = run.histogram("send-to-end");
            assertTrue(intendedToEnd.getTotalCount() > 100, run.toString());
            // HdrHistogram keeps 3 digits: a value is at most 0.1% below what was recorded.
            assertTrue(intendedToEnd.getMinValue() >= w * 1000 * 0.999, "intended->end >= W: min " + intendedToEnd.getMinValue() + " us");
            assertTrue(sendToEnd.getMinValue() >= w * 1000 * 0.999, "send->end >= W: min " + sendToEnd.getMinValue() + " us");
            // Service time about W: its median is W plus a loopback round trip (generous bound for a busy machine).
            double p50 = sendToEnd.getValueAtPercentile(50) / 1000.0;
            assertTrue(p50 < w + 15, "send->end p50 " + p50 + " ms is about W = " + w + " ms");
            JsonNode latency = run.summary().get("latency");
            assertTrue(latency.get("intendedToEnd").get("p50Ms").asDouble() >= latency.get("sendToEnd").get("p50Ms").asDouble(),
                    "what a user saw includes the service time");
        }
    }

    /**
     * The coordinated-omission test: the server stops answering for 1 s mid-run (1.2 s after its first request, in the measured phase). At 1000 constant
     * arrivals per second about 1000 requests come due during the stall; a request due at t into
     * it waits at least 1 s - t, so at least ~500 of them wait at least 0.5 s, and p99 and max show
     * the stall. The closed model, same stall, has only its connections' few requests to show it:
     * the users that would have arrived during the stall were never created, and p99 stays low.
     */
    @Test
    void aOneSecondStallShowsInEveryRequestDueDuringItInTheOpenModelAndHidesInTheClosedOne() {
        Histogram open;
        try (LoadTarget target = new LoadTarget().stallAfter(1200, 1000)) {
            Runs.Run run = Runs.load(tmp.resolve("open"), target.url("/hello"), "--rate", "1000", "--arrivals", "constant",
                    "--duration", "3s", "--warmup", "200ms");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            open = run.histogram("intended-to-end");
            long stalled = open.getCountBetweenValues(500_000, Long.MAX_VALUE / 4);
            assertTrue(stalled >= 450, "requests due in the first half of the stall waited at least 0.5 s: " + stalled + "\n" + run);
            assertTrue(open.getValueAtPercentile(99) >= 900_000, "open p99 shows the stall: " + open.getValueAtPercentile(99) + " us");
            assertTrue(open.getMaxValue() >= 990_000, "open max is the whole stall: " + open.getMaxValue() + " us");
            // The service time sees it too but far less often: most of those requests were sent during the stall, on new connections.
            JsonNode connections = run.summary().get("connections");
            assertTrue(connections.get("maxOpen").asLong() > 100, "clients kept arriving: new connections were opened " + connections);
        }
        try (LoadTarget target = new LoadTarget().stallAfter(1200, 1000)) {
            Runs.Run run = Runs.load(tmp.resolve("closed"), target.url("/hello"), "--concurrency", "4", "--duration", "3s",
                    "--warmup", "200ms");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            Histogram closed = run.histogram("intended-to-end");
            assertTrue(closed.getMaxValue() >= 900_000, "closed max sees the stall once per connection: " + closed.getMaxValue());
            long stalled = closed.getCountBetweenValues(500_000, Long.MAX_VALUE / 4);
            assertTrue(stalled <= 4, "only the 4 connections' outstanding requests waited: " + stalled);
            assertTrue(closed.getTotalCount() > 1000, "enough requests for a p99: " + closed.getTotalCount());
            assertTrue(closed.getValueAtPercentile(99) < 100_000,
                    "closed p99 " + closed.getValueAtPercentile(99) + " us hides the stall that open p99 " + open.getValueAtPercentile(99)
                            + " us shows");
        }
    }
}
