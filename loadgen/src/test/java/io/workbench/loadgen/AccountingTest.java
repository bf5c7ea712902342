package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.loop.GeneratorLoop;
import io.workbench.loadgen.run.LoadRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sent = ok + errors + timedOut, whatever the target does: resets, dies mid-run, never answers;
 * and when the run is interrupted, with the summary still written. No request is sent twice: only
 * one the server cannot have seen is sent again. Every request that was due is in the latencies:
 * those given up are censored, timed up to then.
 */
class AccountingTest {

    @TempDir
    Path tmp;

    /**
     * A server that reads a request and then resets the connection (here the 4th of each
     * connection): the server may have acted on it, so it is never sent again. The server's own
     * count of requests read equals the generator's count of requests written, and each reset is
     * an error of its own kind, counted.
     */
    @Test
    void aServerThatReadsARequestAndResetsGetsItOnceAndEachResetIsAnError() throws Exception {
        try (ResettingServer server = new ResettingServer(3)) {
            Runs.Run run = Runs.load(tmp, server.url(), "--rate", "300", "--requests", "600", "--timeout", "5s", "--prime", "0");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            JsonNode warmup = run.summary().get("warmup");
            assertEquals(600, requests.get("sent").asLong());
            assertTrue(server.resets() > 0, "the server reset connections: " + server.resets());
            assertEquals(0, requests.get("retried").asLong(), "a request the server read is never sent again: " + requests);
            assertEquals(server.requestsRead(), requests.get("written").asLong() + warmup.get("written").asLong(),
                    "the server read each request the generator wrote, once");
            JsonNode kinds = requests.get("errorsByKind");
            assertEquals(server.resets(), kinds.get("reset").asLong() + kinds.get("closed").asLong(), "each reset is one error: " + requests);
            assertEquals(requests.get("errors").asLong(), kinds.get("reset").asLong() + kinds.get("closed").asLong(), requests.toString());
            assertEquals(600, requests.get("ok").asLong() + requests.get("errors").asLong(), requests.toString());
            assertEquals(0, requests.get("timedOut").asLong());
        }
    }

    @Test
    void sendingFromRequestEndsWithTheTimerSlackedLosesAndRepeatsNoArrival() throws Exception {
        // 10,000 req/s: responses end about every 100 µs, four times in a slack of a millisecond, so the
        // timer takes the slack and most arrivals go out as a request ends; connections reset every
        // five requests, so ends come from failures too. Each arrival is sent once, and reaches the server once.
        try (ResettingServer server = new ResettingServer(5)) {
            Runs.Run run = Runs.load(tmp, server.url(), "--rate", "10000", "--requests", "5000", "--wake-slack", "1ms", "--timeout", "5s",
                    "--prime", "0");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(5000, requests.get("scheduled").asLong(), requests.toString());
            assertEquals(5000, requests.get("sent").asLong(), requests.toString());
            assertEquals(5000, requests.get("ok").asLong() + requests.get("errors").asLong(), requests.toString());
            assertTrue(server.resets() > 0, "the server reset connections: " + server.resets());
            assertEquals(server.requestsRead(), requests.get("written").asLong() + run.summary().get("warmup").get("written").asLong(),
                    "no request reached the server twice: " + requests);
            assertEquals("alarm,batch100us,slack1000us", run.summary().get("generator").get("pacing").asText());
        }
    }

    @Test
    void aServerThatResetsAsEachRequestComesInGetsEachOnceAndEachIsAnError() throws Exception {
        // Every connection is reset as its first request is read: none is sent again, each is counted once, as an error.
        try (ResettingServer server = new ResettingServer(0)) {
            Runs.Run run = Runs.load(tmp, server.url(), "--rate", "200", "--requests", "100", "--timeout", "5s", "--prime", "0");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(100, requests.get("sent").asLong());
            assertEquals(0, requests.get("retried").asLong(), requests.toString());
            assertEquals(100, requests.get("errors").asLong(), "each counted once, as an error: " + requests);
            assertEquals(0, requests.get("ok").asLong());
            assertEquals(100, server.requestsRead(), "the server read each once");
            assertEquals(100, server.resets());
        }
    }

    /**
     * An idle keep-alive connection the server resets before the generator writes on it: the write
     * fails and takes nothing, the server never saw the request, so it is sent once more, on a new
     * connection, keeping its intended time, and counted as retried. The loop is held (a task on its
     * own selector) from before the reset until the second arrival is due, so that it writes on the
     * reset connection before its reader can see the reset.
     */
    @Test
    void anIdleConnectionResetBeforeTheWriteIsRetriedOnceAndCountedSo() throws Exception {
        try (ResettingServer server = new ResettingServer(Integer.MAX_VALUE)) {
            AtomicReference<String> holdFailure = new AtomicReference<>();
            Runs.Run run = Runs.load(tmp, started -> holdAcrossAnIdleReset(started, server, holdFailure), server.url(), "--rate", "2.5",
                    "--requests", "2", "--arrivals", "constant", "--max-connections", "1", "--preconnect", "1", "--prime", "0",
                    "--timeout", "5s");
            assertEquals(null, holdFailure.get());
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(2, requests.get("sent").asLong(), requests.toString());
            assertEquals(2, requests.get("ok").asLong(), "the second was answered on a new connection: " + requests);
            assertEquals(1, requests.get("retried").asLong(), requests.toString());
            assertEquals(0, requests.get("errors").asLong(), requests.toString());
            assertEquals(1, server.resets());
            assertEquals(2, server.requestsRead(), "the server read each request once: the first, and the second sent again");
            assertEquals(2, run.summary().get("connections").get("opened").asLong(), run.summary().get("connections").toString());
            // Timed from its intended time: what the reset and the new connection cost is in its latency.
            assertTrue(run.histogram("intended-to-end").getMaxValue() >= 50_000, "held 50 ms or more: "
                    + run.histogram("intended-to-end").getMaxValue() + " us");
        }
    }

    /** Once the first request is answered: holds the loop while the server resets the idle connection, and until the second is due. */
    private static void holdAcrossAnIdleReset(LoadRun run, ResettingServer server, AtomicReference<String> failure) {
        Thread holder = new Thread(() -> {
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while ((run.loops().isEmpty() || run.loops().get(0).measured().okCount() < 1) && System.nanoTime() - deadline < 0) {
                    Thread.sleep(1);
                }
                long answered = System.nanoTime();
                GeneratorLoop loop = run.loops().get(0);
                loop.selector().submit(() -> {
                    try {
                        if (server.resetIdle() != 1) {
                            failure.set("the server had no idle connection to reset");
                        }
                        // The RST is in the client's socket well before the second arrival is due (400 ms after the first).
                        long until = answered + TimeUnit.MILLISECONDS.toNanos(450);
                        while (System.nanoTime() - until < 0) {
                            Thread.sleep(5);
                        }
                    } catch (Exception x) {
                        failure.set(x.toString());
                    }
                });
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
        }, "reset-holder");
        holder.setDaemon(true);
        holder.start();
    }

    /**
     * A run that ends with requests still waiting: a target that never answers, one connection, a
     * timeout of a second. The first request holds the connection until it times out, then the next
     * takes it, and so on; when the drain is over (the last send plus the timeout and a second), the
     * requests still waiting for the connection, and the one in flight, are given up: censored,
     * counted among the errors and in {@code censored}, and each is in intended->end, timed to the
     * moment it was given up. Every due request is in the latencies.
     */
    @Test
    void requestsStillWaitingWhenTheRunEndsAreInTheLatenciesAsCensored() {
        try (LoadTarget target = new LoadTarget().neverAnswer()) {
            Runs.Run run = Runs.load(tmp, target.url("/never"), "--rate", "20", "--requests", "10", "--arrivals", "constant",
                    "--max-connections", "1", "--timeout", "1s", "--prime", "0");
            assertEquals(0, run.exitCode(), run.toString());
            run.assertAccounting();
            JsonNode requests = run.summary().get("requests");
            assertEquals(10, requests.get("sent").asLong(), requests.toString());
            long timedOut = requests.get("timedOut").asLong();
            long censored = requests.get("censored").asLong();
            JsonNode kinds = requests.get("errorsByKind");
            assertTrue(timedOut >= 1, requests.toString());
            assertTrue(kinds.get("waiting_at_end").asLong() >= 5, "most were still waiting for the connection: " + requests);
            assertEquals(censored, kinds.get("waiting_at_end").asLong() + kinds.get("aborted").asLong(), requests.toString());
            assertEquals(10, timedOut + censored, "every request timed out or was given up: " + requests);
            Histogram intendedToEnd = run.histogram("intended-to-end");
            assertEquals(10, intendedToEnd.getTotalCount(), "every due request is in intended->end, the censored ones too");
            assertEquals(10, run.summary().get("latency").get("intendedToEnd").get("count").asLong());
            assertTrue(intendedToEnd.getMaxValue() >= 1_500_000, "given up after the drain, more than a timeout after they were due: "
                    + intendedToEnd.getMaxValue() + " us");
            assertTrue(run.stderr().contains("censored " + censored), run.stderr());
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
            // A refused connect is an error, never a request written: the achieved rate counts what a connection took.
            long refused = requests.get("errorsByKind").get("connect_refused").asLong();
            // (A request not written when the target died was taken by a connection once, then refused when sent again.)
            assertTrue(requests.get("written").asLong() + refused <= requests.get("sent").asLong() + requests.get("retried").asLong(),
                    requests.toString());
            // A refused connect gives its request up before it was written: censored, and timed.
            assertTrue(requests.get("censored").asLong() >= refused, requests.toString());
            assertEquals(run.summary().get("latency").get("intendedToEnd").get("count").asLong(),
                    requests.get("ok").asLong() + requests.get("errorsByKind").get("non_2xx").asLong() + requests.get("timedOut").asLong()
                            + requests.get("censored").asLong(), "every request but those reset or closed is timed: " + requests);
            assertTrue(requests.get("written").asLong() < requests.get("sent").asLong() - refused / 2.0,
                    "the refused ones are not in what the achieved rate counts: " + requests);
            // The generator kept its schedule; the target, dead, did not: a valid run says it fell behind.
            JsonNode behind = run.summary().get("targetFellBehind");
            if (run.summary().get("validity").get("valid").asBoolean()) {
                assertTrue(behind.get("behind").asBoolean(), behind.toString());
                assertTrue(behind.get("reason").asText().contains("it answered"), behind.toString());
            }
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
