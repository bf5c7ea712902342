package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sent = ok + errors + timedOut, whatever the target does: resets, dies mid-run, never answers;
 * and when the run is interrupted, with the summary still written.
 */
class AccountingTest {

    @TempDir
    Path tmp;

    @Test
    void aResetOnAnIdleConnectionIsSentAgainOnceAndEveryRequestEndsOnce() throws Exception {
        // Each connection answers 3 requests, then resets as the 4th comes in: to the client, a
        // keep-alive connection the server dropped while it was idle. The 4th is sent once more,
        // on a fresh connection, which answers it.
        try (ResettingServer server = new ResettingServer(3)) {
            Runs.Run run = Runs.load(tmp, server.url(), "--rate", "300", "--requests", "600", "--timeout", "5s");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(600, requests.get("sent").asLong());
            assertTrue(server.resets() > 0, "the server reset connections: " + server.resets());
            assertTrue(requests.get("staleRetried").asLong() > 0, requests.toString());
            assertEquals(600, requests.get("ok").asLong() + requests.get("errors").asLong(), requests.toString());
            assertEquals(0, requests.get("timedOut").asLong());
        }
    }

    @Test
    void sendingFromRequestEndsWithTheTimerSlackedLosesAndRepeatsNoArrival() throws Exception {
        // 10,000 req/s: responses end about every 100 µs, four times in a slack of a millisecond, so the
        // timer takes the slack and most arrivals go out as a request ends; connections reset every
        // five requests, so ends come from failures and stale retries too. Each arrival is sent once.
        try (ResettingServer server = new ResettingServer(5)) {
            Runs.Run run = Runs.load(tmp, server.url(), "--rate", "10000", "--requests", "5000", "--wake-slack", "1ms", "--timeout", "5s");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(5000, requests.get("scheduled").asLong(), requests.toString());
            assertEquals(5000, requests.get("sent").asLong(), requests.toString());
            assertEquals(5000, requests.get("ok").asLong() + requests.get("errors").asLong(), requests.toString());
            assertTrue(server.resets() > 0, "the server reset connections: " + server.resets());
            assertEquals("alarm,batch100us,slack1000us", run.summary().get("generator").get("pacing").asText());
        }
    }

    @Test
    void aRequestSentAgainThatFailsAgainIsAnErrorOfItsKindCountedOnce() throws Exception {
        // Every connection is reset as its first request comes in: the retry fails the same way.
        try (ResettingServer server = new ResettingServer(0)) {
            Runs.Run run = Runs.load(tmp, server.url(), "--rate", "200", "--requests", "100", "--timeout", "5s");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(100, requests.get("sent").asLong());
            assertEquals(100, requests.get("staleRetried").asLong(), "each sent once more: " + requests);
            assertEquals(100, requests.get("errors").asLong(), "and each counted once, as an error: " + requests);
            assertEquals(0, requests.get("ok").asLong());
        }
    }

    @Test
    void aTargetKilledMidRunLeavesEveryRequestAccountedFor() throws Exception {
        LoadTarget target = new LoadTarget();
        try {
            CompletableFuture<Runs.Run> running = CompletableFuture.supplyAsync(() ->
                    Runs.load(tmp, target.url("/hello"), "--rate", "500", "--duration", "2s", "--timeout", "2s", "--connect-timeout", "1s"));
            // Killed once it has served 200 of the run's requests (priming never reaches it), however long priming took.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (target.requests() < 200 && System.nanoTime() - deadline < 0 && !running.isDone()) {
                Thread.sleep(5);
            }
            target.kill();
            Runs.Run run = running.get(60, TimeUnit.SECONDS);
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertTrue(requests.get("ok").asLong() > 100, requests.toString());
            assertTrue(requests.get("errorsByKind").get("connect_refused").asLong() > 100,
                    "after the kill each request's connect is refused: " + requests);
            assertEquals(requests.get("scheduled").asLong(), requests.get("sent").asLong(), "nothing was left unsent");
            // A refused connect is an error, never a request written: the achieved rate counts what reached a socket.
            long refused = requests.get("errorsByKind").get("connect_refused").asLong();
            // (A request whose connection went stale when the target died was written once, then refused when sent again.)
            assertTrue(requests.get("written").asLong() + refused <= requests.get("sent").asLong() + requests.get("staleRetried").asLong(),
                    requests.toString());
            double span = run.summary().get("durationSeconds").asDouble();
            assertTrue(run.summary().get("achievedRate").asDouble() * span < requests.get("sent").asLong() - refused / 2.0,
                    "the refused ones are not in the achieved rate: " + run.summary().get("achievedRate"));
            assertTrue(run.stderr().contains("verdict"), run.stderr());
        } finally {
            target.close();
        }
    }

    @Test
    void requestsThatGetNoAnswerTimeOutAndAreTimedAtLeastTheirTimeout() {
        try (LoadTarget target = new LoadTarget().neverAnswer()) {
            Runs.Run run = Runs.load(tmp, target.url("/never"), "--rate", "50", "--requests", "25", "--timeout", "300ms");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(25, requests.get("sent").asLong());
            assertEquals(25, requests.get("timedOut").asLong(), requests.toString());
            assertEquals(0, requests.get("errors").asLong(), "a time-out is not an error kind: " + requests);
            Histogram intendedToEnd = run.histogram("intended-to-end");
            assertEquals(25, intendedToEnd.getTotalCount(), "time-outs are timed, as a lower bound of the wait");
            assertTrue(intendedToEnd.getMinValue() >= 300_000 * 0.999, "at least the timeout: " + intendedToEnd.getMinValue());
        }
    }

    /** Ctrl-C (here SIGTERM, through the same hook): the summary is written, marked interrupted, and the exit code is 130. */
    @Test
    void anInterruptedRunWritesItsSummaryMarkedInterruptedAndExits130() throws Exception {
        try (LoadTarget target = new LoadTarget().delayMillis(50)) {
            Path dir = tmp.resolve("interrupted");
            List<String> command = new ArrayList<>(Runs.javaCommand());
            command.addAll(List.of(target.url("/slow"), "--rate", "400", "--duration", "60s", "--out", dir.toString()));
            Path stdoutFile = tmp.resolve("stdout.txt");
            Path stderrFile = tmp.resolve("stderr.txt");
            Process process = new ProcessBuilder(command).redirectOutput(stdoutFile.toFile()).redirectError(stderrFile.toFile()).start();
            // Two progress lines: the run is under way, with requests in flight (each takes 50 ms).
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (progressLines(stderrFile) < 2 && process.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(2, progressLines(stderrFile), Files.readString(stderrFile));
            process.destroy();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the process ends");
            String stderr = Files.readString(stderrFile);
            assertEquals(130, process.exitValue(), stderr);
            assertTrue(stderr.contains("interrupted"), stderr);
            assertEquals("SUMMARY " + dir.resolve("summary.json").toAbsolutePath(), Files.readString(stdoutFile).strip(), stderr);
            Runs.Run run = new Runs.Run(130, "", stderr, dir);
            run.assertAccounting();
            JsonNode summary = run.summary();
            assertTrue(summary.get("interrupted").asBoolean());
            assertEquals("interrupted", summary.get("validity").get("limitedBy").asText(), summary.get("validity").toString());
            assertTrue(summary.get("requests").get("sent").asLong() > 100, summary.get("requests").toString());
            assertTrue(summary.get("requests").get("sent").asLong() < 60 * 400, "it stopped early");
        }
    }

    private static long progressLines(Path stderr) throws java.io.IOException {
        return Files.exists(stderr) ? Files.readAllLines(stderr).stream().filter(line -> line.contains(" sent ")).count() : 0;
    }
}
