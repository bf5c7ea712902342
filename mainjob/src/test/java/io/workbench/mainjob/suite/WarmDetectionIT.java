package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.results.Warmup;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm detection through the real path (windows of load runs through the run's generator, the
 * target's CPU read from /proc): a target whose CPU per request keeps falling is not called warm,
 * and its warm-up ends at its bound; the same target with a steady cost is warm.
 */
class WarmDetectionIT {

    /** 1,000 requests over 10 connections in windows of 100, up to 3,000. */
    private static final Preset WARMUP = new Preset(Scenario.HIGH_CONCURRENCY, 1_000, 100, 0, 0, 10, 1_000, 1, null);

    @Test
    void aTargetWhoseCpuPerRequestIsStillFallingIsNotCalledWarm(@TempDir Path root) throws Exception {
        try (RunnerFixture runner = new RunnerFixture(root)) {
            // 3 ms a request, 2% less every 100 requests: every window a little cheaper than the one before.
            TargetSession falling = runner.spinningTarget("falling", "--burn-micros", "3000", "--fall-every", "100", "--fall-by", "0.02");

            Warmup warmup = warmUp(runner, falling);

            assertFalse(warmup.warm(), warmup.toString());
            assertEquals(WARMUP.warmupMaxRequests(), warmup.requests(), "it went on to its bound");
            assertNotNull(warmup.note());
            assertTrue(warmup.note().contains("after 3,000 requests, the most its warm-up sends"), warmup.note());
            double first = warmup.windows().get(2).cpuMicrosPerRequest();
            double last = warmup.windows().getLast().cpuMicrosPerRequest();
            assertTrue(last < first * 0.75, "its CPU per request fell from " + first + " to " + last + " us");
            assertTrue(runner.said().contains("not warm, its runs feed no finding"), runner.said());
        }
    }

    @Test
    void theSameTargetWithASteadyCostIsWarmAfterItsPlannedRequests(@TempDir Path root) throws Exception {
        try (RunnerFixture runner = new RunnerFixture(root)) {
            TargetSession steady = runner.spinningTarget("steady", "--burn-micros", "3000");

            Warmup warmup = warmUp(runner, steady);

            assertTrue(warmup.warm(), warmup.toString());
            assertNull(warmup.note());
            assertTrue(warmup.requests() >= WARMUP.warmupRequests(), "never fewer than planned");
            assertEquals(warmup.windows().size(), warmup.runs().size(), "a load run per window");
            double cpu = warmup.windows().getLast().cpuMicrosPerRequest();
            assertTrue(cpu > 3_000 && cpu < 3_600, "about the 3 ms burnt a request: " + cpu);
        }
    }

    private static Warmup warmUp(RunnerFixture runner, TargetSession target) throws Exception {
        TargetWarmup warmup = new TargetWarmup(runner.runs, runner.arguments, WarmupRule.STEADY_WITHIN_5_PERCENT,
                runner.progress, () -> false);
        return warmup.run(target, WARMUP);
    }
}
