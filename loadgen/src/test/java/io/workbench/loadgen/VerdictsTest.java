package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.loop.GeneratorLoop;
import io.workbench.loadgen.run.LoadRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict of real runs against in-process targets, both ways: a run that must be valid, and a
 * run for each thing that can limit one, asserting which limit the summary names, at the default
 * lateness rule unless the test is about another limit. What the target does (here: resets, slow
 * answers, a backlog that fills the connection cap) never makes a run invalid on its own: a target
 * that falls behind is a valid run that says so.
 */
class VerdictsTest {

    @TempDir
    Path tmp;

    private static JsonNode validity(Runs.Run run) {
        assertEquals(0, run.exitCode(), run.toString());
        run.assertAccounting();
        return run.summary().get("validity");
    }

    /**
     * A run that must be valid at the default lateness rule, on a machine shared with other builds:
     * up to three attempts, the first valid one returned. A generator whose pacing is broken fails
     * all three; a scheduler that held the loop for a few milliseconds in one fails that one.
     */
    private Runs.Run validInOneOfThree(String name, Supplier<Runs.Run> attempt) {
        List<String> invalid = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Runs.Run run = attempt.get();
            if (validity(run).get("valid").asBoolean()) {
                return run;
            }
            invalid.add(run.toString());
        }
        throw new AssertionError(name + ": no valid run in three\n" + String.join("\n", invalid));
    }

    private Path attemptDir(String name) {
        try {
            return Files.createTempDirectory(tmp, name);
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    @Test
    void aModestRateAgainstAFastTargetIsValid() {
        try (LoadTarget target = new LoadTarget()) {
            Runs.Run run = validInOneOfThree("a modest rate", () -> Runs.load(attemptDir("modest"), target.url("/hello"), "--rate", "500",
                    "--duration", "2s", "--warmup", "500ms"));
            JsonNode validity = validity(run);
            assertEquals("none", validity.get("limitedBy").asText());
            assertEquals(0, validity.get("limits").size());
            // The default rule: against hello responses its floor, a millisecond.
            assertEquals(1.0, validity.get("lagP99LimitMs").asDouble(), 1e-9, validity.toString());
            assertFalse(validity.get("lateness").get("fromOption").asBoolean());
            assertTrue(validity.get("evidence").get("lagP99Ms").asDouble() <= 1.0, validity.toString());
            assertTrue(validity.get("evidence").get("loopBusyShare").asDouble() < 0.95, validity.toString());
            assertTrue(validity.get("evidence").get("loopCpuShare").asDouble() < 0.95, validity.toString());
            assertFalse(run.summary().get("targetFellBehind").get("behind").asBoolean(), run.summary().get("targetFellBehind").toString());
        }
    }

    /**
     * The generator held late by a test: its loop kept busy 40 ms at a time, five times in its
     * measured phase, by tasks on its own selector. A fast target, answered at once: whatever the
     * loop's share over the phase, its lateness p99 is far over the rule's millisecond, and the run
     * is invalid, the generator's.
     */
    @Test
    void aGeneratorHeldLateByItsOwnLoopIsInvalidAndNamesTheGenerator() {
        try (LoadTarget target = new LoadTarget()) {
            Runs.Run run = Runs.load(tmp, started -> holdLoops(started, 5, 40), target.url("/hello"), "--rate", "1000", "--duration", "2s",
                    "--arrivals", "constant");
            JsonNode validity = validity(run);
            assertFalse(validity.get("valid").asBoolean(), validity.toString());
            assertTrue(validity.get("limitedBy").asText().startsWith("generator-"), validity.toString());
            assertTrue(validity.get("evidence").get("lagP99Ms").asDouble() > 5, validity.toString());
            assertFalse(run.summary().get("targetFellBehind").get("behind").asBoolean(), "the target is not judged by a late generator");
            assertTrue(run.summary().get("targetFellBehind").get("reason").asText().startsWith("not judged"),
                    run.summary().get("targetFellBehind").toString());
        }
    }

    /** On a thread of its own: once the measured phase runs, keeps every loop busy {@code millis} ms, {@code times} times, 200 ms apart. */
    static void holdLoops(LoadRun run, int times, long millis) {
        Thread holder = new Thread(() -> {
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while ((!run.isRunning() || run.clock() == null || !run.clock().isMeasured(System.nanoTime()))
                        && System.nanoTime() - deadline < 0) {
                    Thread.sleep(5);
                }
                Thread.sleep(200);
                for (int i = 0; i < times && run.isRunning(); i++) {
                    for (GeneratorLoop loop : run.loops()) {
                        loop.selector().submit(() -> {
                            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
                            while (System.nanoTime() - until < 0) {
                                Thread.onSpinWait();
                            }
                        });
                    }
                    Thread.sleep(200);
                }
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
        }, "loop-holder");
        holder.setDaemon(true);
        holder.start();
    }

    /**
     * A target that serves 10 requests at once, a second each (10 req/s), loaded at twice that over
     * 10 connections at most, as many as it serves: the requests queue for a connection at the cap,
     * the run is valid (the generator kept its schedule: its lateness is small beside waits of
     * seconds, and the rule's limit is 1% of them), the summary says the target fell behind, the
     * connection wait holds the queue, and what a user saw grows second by second as the queue does.
     */
    @Test
    void aBoundedTargetAtTwiceItsCapacityFellBehindAndTheRunIsValid() {
        try (LoadTarget target = new LoadTarget().delayMillis(1_000).atOnce(10)) {
            Runs.Run run = validInOneOfThree("twice the capacity", () -> Runs.load(attemptDir("twice"), target.url("/bounded"), "--rate", "20",
                    "--requests", "60", "--arrivals", "constant", "--max-connections", "10", "--timeout", "30s"));
            JsonNode validity = validity(run);
            JsonNode summary = run.summary();
            JsonNode behind = summary.get("targetFellBehind");
            assertTrue(behind.get("behind").asBoolean(), behind.toString());
            assertTrue(behind.get("heldShare").asDouble() < 0.7, "it held about half the schedule: " + behind);
            assertTrue(behind.get("achievedRate").asDouble() < 12, behind.toString());
            assertEquals(10, behind.get("peakConnections").asLong(), behind.toString());
            assertTrue(behind.get("queuedAtCap").asLong() > 30, behind.toString());
            assertTrue(behind.get("reason").asText().contains("connection cap of 10"), behind.toString());
            // The queue is in the connection wait (and in what the target caused), not in the generator's lateness.
            JsonNode latency = summary.get("latency");
            assertTrue(latency.get("connectionWait").get("p50Ms").asDouble() > 300, latency.toString());
            assertEquals(behind.get("queueWait").get("p50Ms").asDouble(), latency.get("connectionWait").get("p50Ms").asDouble(), 1e-9);
            assertTrue(latency.get("triedToEnd").get("p50Ms").asDouble() > latency.get("connectionWait").get("p50Ms").asDouble());
            assertTrue(latency.get("lateness").get("p99Ms").asDouble() <= validity.get("lagP99LimitMs").asDouble(), latency.toString());
            assertTrue(validity.get("lagP99LimitMs").asDouble() > 10.0, "1% of a median of seconds: " + validity.get("lateness"));
            // What a user saw grows with the run: each second's median above the one before.
            List<Double> medians = secondMedians(run);
            assertTrue(medians.size() >= 3, medians.toString());
            for (int i = 1; i < medians.size(); i++) {
                assertTrue(medians.get(i) > medians.get(i - 1), "intended->end p50 by second: " + medians);
            }
            assertTrue(medians.get(medians.size() - 1) > 2 * medians.get(0), medians.toString());
            assertEquals(60, summary.get("requests").get("ok").asLong());
        }
    }

    @Test
    void theSameBoundedTargetUnderItsCapacityKeptUp() {
        try (LoadTarget target = new LoadTarget().delayMillis(1_000).atOnce(10)) {
            // Half its capacity, a request every 200 ms: five in service at a time, none waits for a place.
            Runs.Run run = validInOneOfThree("half the capacity", () -> Runs.load(attemptDir("half"), target.url("/bounded"), "--rate", "5",
                    "--requests", "25", "--arrivals", "constant", "--max-connections", "10", "--timeout", "30s"));
            JsonNode behind = run.summary().get("targetFellBehind");
            assertFalse(behind.get("behind").asBoolean(), behind.toString());
            assertTrue(behind.get("reason").isNull(), behind.toString());
            assertTrue(behind.get("heldShare").asDouble() >= 0.99, behind.toString());
            assertEquals(0, behind.get("queuedAtCap").asLong(), behind.toString());
            assertTrue(run.summary().get("latency").get("intendedToEnd").get("p50Ms").asDouble() < 1_200,
                    run.summary().get("latency").toString());
        }
    }

    /** @return each measured second's intended->end median, in ms, from the interval log (seconds with a few requests at least) */
    private static List<Double> secondMedians(Runs.Run run) {
        List<Double> medians = new ArrayList<>();
        try {
            HistogramLogReader reader = new HistogramLogReader(run.dir().resolve("latency.hlog").toFile());
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if ("intended-to-end".equals(interval.getTag()) && ((Histogram) interval).getTotalCount() >= 5) {
                    medians.add(((Histogram) interval).getValueAtPercentile(50) / 1000.0);
                }
            }
        } catch (java.io.FileNotFoundException x) {
            throw new AssertionError(x);
        }
        return medians;
    }

    @Test
    void aRateNoLoopCanKeepNamesTheGeneratorsCpu() {
        try (LoadTarget target = new LoadTarget()) {
            // Sixteen pipelined requests per connection: the server answers a batch in one write, the loop writes
            // each request on its own, so the loop, not the target, is what cannot keep up.
            Runs.Run run = Runs.load(tmp, target.url("/hello"), "--rate", "2000000", "--requests", "300000", "--pipeline", "16",
                    "--max-connections", "64", "--preconnect", "64", "--timeout", "20s", "--quiet");
            JsonNode validity = validity(run);
            assertFalse(validity.get("valid").asBoolean());
            assertEquals("generator-cpu", validity.get("limitedBy").asText(), validity.toString());
        }
    }

    @Test
    void lateWhileIdleNamesTheGeneratorsPacing() {
        try (LoadTarget target = new LoadTarget()) {
            // Whole-millisecond timers (as wrk2's) against a lag limit of a tenth of one: late by design, while idle.
            Runs.Run run = Runs.load(tmp, target.url("/hello"), "--rate", "300", "--requests", "600", "--pacing", "select",
                    "--lag-limit", "100us", "--arrivals", "constant");
            JsonNode validity = validity(run);
            assertEquals("generator-pacing", validity.get("limitedBy").asText(), validity.toString());
            assertTrue(validity.get("evidence").get("loopBusyShare").asDouble() < 0.95, validity.toString());
        }
    }

    @Test
    void aTargetThatAnswersNothingMeasuredNothingAndReportsNoRate() throws Exception {
        try (ResettingServer server = new ResettingServer(0)) {
            Runs.Run run = Runs.load(tmp, server.url(), "--rate", "200", "--requests", "100", "--timeout", "5s");
            JsonNode validity = validity(run);
            assertEquals("no-response", validity.get("limitedBy").asText(), validity.toString());
            JsonNode requests = run.summary().get("requests");
            assertEquals(0, requests.get("ok").asLong());
            assertEquals(100, requests.get("errors").asLong(), requests.toString());
        }
    }

    @Test
    void slowAnswersAreMeasuredNotHeldAgainstTheRun() {
        try (LoadTarget target = new LoadTarget().delayMillis(300)) {
            Runs.Run run = validInOneOfThree("slow answers", () -> Runs.load(attemptDir("slow"), target.url("/slow"), "--rate", "200",
                    "--requests", "200"));
            JsonNode validity = validity(run);
            assertTrue(run.summary().get("latency").get("sendToEnd").get("p50Ms").asDouble() >= 300, "the wait is measured");
            // The rule reads the median: 1% of about 300 ms is 3 ms, above the floor.
            JsonNode lateness = validity.get("lateness");
            assertEquals(lateness.get("medianLatencyMs").asDouble() / 100, lateness.get("limitMs").asDouble(), 1e-9, lateness.toString());
            assertTrue(lateness.get("limitMs").asDouble() >= 3.0, lateness.toString());
            assertFalse(run.summary().get("targetFellBehind").get("behind").asBoolean(), run.summary().get("targetFellBehind").toString());
        }
    }

    @Test
    void allAtOnceIsValidWhenEveryRequestWentOutWithinATenthOfTheWait() {
        try (LoadTarget target = new LoadTarget().delayMillis(1_000)) {
            Runs.Run run = Runs.load(tmp, target.url("/hello?wait=1000"), "--all-at-once", "200");
            JsonNode validity = validity(run);
            assertTrue(validity.get("valid").asBoolean(), validity.toString());
            assertEquals(100.0, validity.get("evidence").get("sendSpreadLimitMs").asDouble(), 1e-9, "a tenth of wait=1000");
            assertTrue(validity.get("evidence").get("sendSpreadMs").asDouble() < 100, validity.toString());
            assertEquals(200, run.summary().get("requests").get("ok").asLong());
        }
    }

    @Test
    void allAtOnceSentSlowerThanItsSpreadLimitNamesTheGeneratorsCpu() {
        try (LoadTarget target = new LoadTarget().delayMillis(200)) {
            Runs.Run run = Runs.load(tmp, target.url("/hello"), "--all-at-once", "200", "--spread-limit", "1us");
            JsonNode validity = validity(run);
            assertEquals("generator-cpu", validity.get("limitedBy").asText(), validity.toString());
        }
    }

    @Test
    void primingNeverTouchesTheTarget() {
        try (LoadTarget target = new LoadTarget().delayMillis(2_000)) {
            Runs.Run run = Runs.load(tmp, target.url("/hello?wait=2000"), "--all-at-once", "20", "--prime", "3000");
            validity(run);
            JsonNode priming = run.summary().get("generator").get("priming");
            assertEquals("count", priming.get("stopped").asText(), priming.toString());
            // An all-at-once run primes its open path too: a schedule through a warm-up into a measured phase.
            assertEquals("schedule", priming.get("openStage").asText(), priming.toString());
            assertTrue(priming.get("answered").asLong() >= 3000 + 4000, "3,000 closed, about 5,000 open: " + priming);
            // Then it waited for the compiler, never longer than its bound.
            assertTrue(priming.get("compilerWaitSeconds").asDouble() > 0 && priming.get("compilerWaitSeconds").asDouble() < 3.5, priming.toString());
            assertTrue(priming.get("compilerQuiet").isBoolean(), priming.toString());
            assertEquals(20, target.requests(), "the target saw the run's requests and nothing else");
        }
    }

    @Test
    void aClosedRunPrimesItsClosedPathAlone() {
        try (LoadTarget target = new LoadTarget()) {
            Runs.Run run = Runs.load(tmp, target.url("/hello"), "--concurrency", "2", "--requests", "50", "--prime", "1000");
            assertEquals(0, run.exitCode(), run.toString());
            JsonNode priming = run.summary().get("generator").get("priming");
            assertEquals("count", priming.get("stopped").asText(), priming.toString());
            assertTrue(priming.get("openStage").isNull(), "no open stage for a closed run: " + priming);
            assertTrue(priming.get("answered").asLong() >= 1000, priming.toString());
            assertEquals(50, target.requests(), "the target saw the run's requests and nothing else");
        }
    }
}
