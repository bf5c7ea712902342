package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict of real runs against in-process targets, both ways: a run that must be valid, and a
 * run for each thing that can limit one, asserting which limit the summary names. What the target
 * does (here: resets, slow answers) never makes a run invalid on its own.
 */
class VerdictsTest {

    @TempDir
    Path tmp;

    private static JsonNode validity(Runs.Run run) {
        assertEquals(0, run.exitCode(), run.toString());
        run.assertAccounting();
        return run.summary().get("validity");
    }

    @Test
    void aModestRateAgainstAFastTargetIsValid() {
        try (LoadTarget target = new LoadTarget()) {
            // A lag limit of 10 ms: generous for a shared machine, still far above what a broken pacer would show.
            Runs.Run run = Runs.load(tmp, target.url("/hello"), "--rate", "500", "--duration", "2s", "--warmup", "500ms",
                    "--lag-limit", "10ms");
            JsonNode validity = validity(run);
            assertTrue(validity.get("valid").asBoolean(), run.toString());
            assertEquals("none", validity.get("limitedBy").asText());
            assertEquals(0, validity.get("limits").size());
            assertTrue(validity.get("evidence").get("lagP99Ms").asDouble() < 10, validity.toString());
            assertTrue(validity.get("evidence").get("loopBusyShare").asDouble() < 0.95, validity.toString());
        }
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
    void requestsWaitingForTheConnectionCapNameTheCap() {
        try (LoadTarget target = new LoadTarget().delayMillis(50)) {
            // 200/s for 50 ms each needs about 10 connections; 2 are allowed.
            Runs.Run run = Runs.load(tmp, target.url("/slow"), "--rate", "200", "--requests", "100", "--max-connections", "2");
            JsonNode validity = validity(run);
            assertEquals("connection-cap", validity.get("limitedBy").asText(), validity.toString());
            assertTrue(run.summary().get("blocked").get("count").asLong() > 0, run.summary().get("blocked").toString());
            assertEquals(100, run.summary().get("requests").get("ok").asLong(), "they waited, and were answered");
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
            Runs.Run run = Runs.load(tmp, target.url("/slow"), "--rate", "200", "--requests", "200", "--lag-limit", "10ms");
            JsonNode validity = validity(run);
            assertTrue(validity.get("valid").asBoolean(), validity.toString());
            assertTrue(run.summary().get("latency").get("sendToEnd").get("p50Ms").asDouble() >= 300, "the wait is measured");
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
