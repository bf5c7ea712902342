package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Connections: opened on demand, capped (and the wait counted), spread over source addresses, and the descriptor limit. */
class ConnectionsTest {

    @TempDir
    Path tmp;

    @Test
    void connectionsAreSpreadOverTheRequestedSourceAddresses() {
        try (LoadTarget target = new LoadTarget()) {
            Runs.Run run = Runs.load(tmp, target.url("/hello"), "--concurrency", "8", "--requests", "400", "--source-addresses", "4");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            assertEquals(Set.of("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"), target.sourceAddresses(), "what the server saw");
            JsonNode connections = run.summary().get("connections");
            assertEquals(4, connections.get("sourceAddresses").size());
            for (JsonNode opened : connections.get("openedPerSourceAddress")) {
                assertTrue(opened.asInt() >= 2, "each address carries its share: " + connections);
            }
        }
    }

    @Test
    void pipeliningKeepsSeveralRequestsInFlightOnEachConnection() {
        try (LoadTarget target = new LoadTarget().delayMillis(20)) {
            // Closed: 2 connections x 8 in flight, each request 20 ms: 16 in flight at once on 2 connections.
            // No priming loop (it would open connections of its own): exactly the 2 the run asks for.
            Runs.Run closed = Runs.load(tmp.resolve("closed"), target.url("/slow"), "--concurrency", "2", "--pipeline", "8",
                    "--requests", "400", "--prime", "0");
            assertEquals(0, closed.exitCode(), closed.toString());
            closed.assertAccounting();
            JsonNode summary = closed.summary();
            assertEquals(400, summary.get("requests").get("ok").asLong(), closed.toString());
            assertEquals(2, summary.get("connections").get("opened").asLong());
            // The server answers a connection's pipelined requests one after another: a request sent behind 7 others waits
            // for them, so its send->end is about 8 x 20 ms, which only happens if they really were all in flight at once.
            double sendToEndP50 = summary.get("latency").get("sendToEnd").get("p50Ms").asDouble();
            assertTrue(sendToEndP50 > 3 * 20, "8 requests in flight per connection: send->end p50 " + sendToEndP50 + " ms");

            // Open: 400/s of 20 ms requests need about 8 in flight; with 4 per connection, a few connections do.
            Runs.Run open = Runs.load(tmp.resolve("open"), target.url("/slow"), "--rate", "400", "--requests", "400", "--pipeline", "4",
                    "--arrivals", "constant");
            assertEquals(0, open.exitCode(), open.toString());
            open.assertAccounting();
            assertEquals(400, open.summary().get("requests").get("ok").asLong(), open.toString());
        }
    }

    /**
     * An open run against a slow server opens connections as requests arrive; with a cap, the
     * requests beyond it wait, are counted as queued at the cap, and their wait is in their latency
     * (the connection wait, not the generator's lateness): the target fell behind, a valid finding.
     */
    @Test
    void anOpenRunOpensConnectionsOnDemandAndBeyondTheCapRequestsWaitAndAreCountedBlocked() {
        try (LoadTarget target = new LoadTarget().delayMillis(50)) {
            // 400/s with 50 ms each: about 20 in flight at once.
            Runs.Run free = Runs.load(tmp.resolve("free"), target.url("/slow"), "--rate", "400", "--duration", "1s", "--arrivals", "constant");
            assertEquals(0, free.exitCode(), free.toString());
            free.assertAccounting();
            JsonNode connections = free.summary().get("connections");
            assertTrue(connections.get("maxOpen").asInt() >= 18, "about rate x service time connections: " + connections);
            assertEquals(0, free.summary().get("blocked").get("count").asLong());
            assertEquals(0, free.summary().get("requests").get("queuedAtCap").asLong());

            Runs.Run capped = Runs.load(tmp.resolve("capped"), target.url("/slow"), "--rate", "400", "--duration", "1s", "--arrivals", "constant",
                    "--max-connections", "5");
            assertEquals(0, capped.exitCode(), capped.toString());
            capped.assertAccounting();
            JsonNode summary = capped.summary();
            assertTrue(summary.get("connections").get("maxOpen").asInt() <= 5, summary.get("connections").toString());
            assertTrue(summary.get("blocked").get("count").asLong() > 100, summary.get("blocked").toString());
            assertEquals(summary.get("blocked").get("count").asLong(), summary.get("requests").get("queuedAtCap").asLong());
            // 5 connections serve at most 100/s: the queue grows, and what a user saw grows with it.
            Histogram intendedToEnd = capped.histogram("intended-to-end");
            Histogram sendToEnd = capped.histogram("send-to-end");
            Histogram connectionWait = capped.histogram("connection-wait");
            Histogram lateness = capped.histogram("lateness");
            assertTrue(intendedToEnd.getValueAtPercentile(99) > 10 * sendToEnd.getValueAtPercentile(99),
                    "the wait for a connection counts: intended->end p99 " + intendedToEnd.getValueAtPercentile(99) + " us, send->end p99 "
                            + sendToEnd.getValueAtPercentile(99) + " us");
            assertTrue(connectionWait.getValueAtPercentile(99) > 10 * lateness.getValueAtPercentile(99),
                    "the wait is the connection wait, not the generator's lateness: " + connectionWait.getValueAtPercentile(99) + " us against "
                            + lateness.getValueAtPercentile(99) + " us");
            assertFalse(summary.get("validity").get("limitedBy").asText().equals("connection-cap"), "the cap is no longer a limit");
            assertTrue(summary.get("targetFellBehind").get("behind").asBoolean() || !summary.get("validity").get("valid").asBoolean(),
                    "a valid run says the target fell behind: " + summary.get("targetFellBehind"));
        }
    }

    /** The test generator's descriptor limit: see the test below. */
    private static final int DESCRIPTOR_LIMIT = 256;

    /**
     * A generator under {@code ulimit -n 256} asked for 1000 connections to a server that answers
     * after 2 s: the kernel refuses descriptors long before, and the run reports the limit it
     * reached, keeps its accounting and ends normally, instead of crashing.
     */
    @Test
    void theDescriptorLimitReachedIsReportedAsSuchNotAsACrash() throws Exception {
        try (LoadTarget target = new LoadTarget().delayMillis(2_000)) {
            Path dir = tmp.resolve("limited");
            List<String> java = new ArrayList<>();
            for (String part : Runs.javaCommand()) {
                java.add("'" + part.replace("'", "'\\''") + "'");
            }
            // Well above what the JVM itself holds open (its class path's jars: ~50 with this module's test
            // class path), well below the 800 connections the run would need (400/s, each held 2 s).
            String command = "ulimit -n " + DESCRIPTOR_LIMIT + " && exec " + String.join(" ", java) + " " + target.url("/slow")
                    + " --rate 400 --requests 400 --max-connections 1000 --timeout 10s --out '" + dir + "'";
            Path log = tmp.resolve("limited.log");
            Process process = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean ended = process.waitFor(120, TimeUnit.SECONDS);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            String output = Files.readString(log);
            assertTrue(ended, "the run ends within 120 s:\n" + output);
            assertEquals(0, process.exitValue(), output);
            assertFalse(output.contains("Exception in thread") || output.contains("\tat "), "no stack trace:\n" + output);
            Runs.Run run = new Runs.Run(0, output, output, dir);
            run.assertAccounting();
            JsonNode connections = run.summary().get("connections");
            assertEquals(DESCRIPTOR_LIMIT, connections.get("descriptorLimit").asLong(), connections.toString());
            assertTrue(connections.get("descriptorLimitReached").asBoolean(), connections.toString());
            assertEquals("descriptor-limit", run.summary().get("validity").get("limitedBy").asText());
            assertTrue(connections.get("descriptorLimitMessage").asText().contains("descriptor limit"), connections.toString());
            assertTrue(connections.get("maxOpen").asInt() < DESCRIPTOR_LIMIT, connections.toString());
            JsonNode requests = run.summary().get("requests");
            assertEquals(400, requests.get("sent").asLong());
            assertEquals(400, requests.get("ok").asLong(), "the requests waited for the open connections: " + requests);
            assertTrue(output.contains("descriptor limit"), output);
        }
    }

    @Test
    void aRequestWaitsTheConnectDelayForAConnectionBeforeOneIsOpenedForIt() throws Exception {
        try (LoadTarget target = new LoadTarget().delayMillis(5)) {
            // 300/s for 5 ms each: 1.5 in flight on average, often more than the 2 connections open. A wait for one to
            // come back (a few ms; the two connections are busy three quarters of the time, or more when the machine makes
            // the target's 5 ms longer) is shorter than a delay of 200 ms: no connect is ever started.
            Runs.Run patient = Runs.load(tmp.resolve("patient"), target.url("/slow"), "--rate", "300", "--requests", "300",
                    "--preconnect", "2", "--connect-after", "200ms", "--lag-limit", "50ms");
            assertEquals(0, patient.exitCode(), patient.toString());
            patient.assertAccounting();
            assertEquals(2, patient.summary().get("connections").get("opened").asLong(), patient.summary().toString() + patient.stderr());
            JsonNode connectionWait = patient.summary().get("latency").get("connectionWait");
            assertTrue(connectionWait.get("maxMs").asDouble() > 0, "they waited for a connection to come back, the target's doing: "
                    + connectionWait);
            assertTrue(patient.summary().get("requests").get("queued").asLong() > 0, patient.summary().get("requests").toString());
            assertTrue(patient.summary().get("validity").get("valid").asBoolean(), patient.summary().get("validity").toString());
            // With no delay, each such request gets a connect of its own.
            Runs.Run eager = Runs.load(tmp.resolve("eager"), target.url("/slow"), "--rate", "300", "--requests", "300",
                    "--preconnect", "2", "--connect-after", "0", "--lag-limit", "50ms");
            assertEquals(0, eager.exitCode(), eager.toString());
            eager.assertAccounting();
            assertTrue(eager.summary().get("connections").get("opened").asLong() > 2, eager.summary().get("connections").toString());
        }
    }

    /**
     * A connect storm: 2,000/s of requests the target holds 200 ms, on 2 connections, with a connect
     * delay of 50 ms, so that each connect check finds dozens of requests that have waited it. The
     * loop starts their connects a few at a time ({@code OpenArrivals.CONNECTS_PER_PASS}), the rest
     * from a check due at once: every request still gets a connection and an answer, each ends once.
     */
    @Test
    void aConnectStormIsStartedAFewConnectsAtATimeAndEveryRequestIsAnswered() {
        try (LoadTarget target = new LoadTarget().delayMillis(200)) {
            Runs.Run storm = Runs.load(tmp.resolve("storm"), target.url("/slow"), "--rate", "2000", "--requests", "1500",
                    "--arrivals", "constant", "--preconnect", "2", "--connect-after", "50ms", "--lag-limit", "50ms");
            assertEquals(0, storm.exitCode(), storm.toString());
            storm.assertAccounting();
            JsonNode summary = storm.summary();
            assertEquals(1500, summary.get("requests").get("ok").asLong(), storm.toString());
            // About rate x (service + delay) connections: far more than one pass of connects starts.
            assertTrue(summary.get("connections").get("maxOpen").asInt() >= 100, summary.get("connections").toString());
        }
    }
}
