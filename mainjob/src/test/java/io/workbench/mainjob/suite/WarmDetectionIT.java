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

    /** 600 requests over 10 connections in windows of 60, up to 1,800. */
    private static final Preset WARMUP = new Preset(Scenario.HIGH_CONCURRENCY, 1_000, 100, 0, 0, 10, 600, 1, null);

    @Test
    void aTargetWhoseCpuPerRequestIsStillFallingIsNotCalledWarm(@TempDir Path root) throws Exception {
        try (RunnerFixture runner = new RunnerFixture(root)) {
            // 6 ms a request, 150 us less every 60 requests: every window cheaper than the one before (2-6% of its cost),
            // as a JIT still at work, and by more than the target's own noise.
            TargetSession falling = runner.spinningTarget("falling", "--burn-micros", "6000", "--fall-every", "60", "--fall-micros", "150");

            Warmup warmup = warmUp(runner, falling);

            assertFalse(warmup.warm(), () -> "windows " + cpu(warmup));
            assertEquals(WARMUP.warmupMaxRequests(), warmup.requests(), "it went on to its bound");
            assertNotNull(warmup.note());
            assertTrue(warmup.note().contains("after 1,800 requests, the most its warm-up sends"), warmup.note());
            double first = warmup.windows().get(2).cpuMicrosPerRequest();
            double last = warmup.windows().getLast().cpuMicrosPerRequest();
            assertTrue(last < first * 0.75, "its CPU per request fell from " + first + " to " + last + " us");
            assertTrue(runner.said().contains("not warm, its runs feed no finding"), runner.said());
        }
    }

    @Test
    void theSameTargetWithASteadyCostIsWarmAfterItsPlannedRequests(@TempDir Path root) throws Exception {
        try (RunnerFixture runner = new RunnerFixture(root)) {
            TargetSession steady = runner.spinningTarget("steady", "--burn-micros", "5000");

            Warmup warmup = warmUp(runner, steady);

            assertTrue(warmup.warm(), () -> warmup.note() + ", windows " + cpu(warmup));
            assertNull(warmup.note());
            assertTrue(warmup.requests() >= WARMUP.warmupRequests(), "never fewer than planned");
            assertEquals(warmup.windows().size(), warmup.runs().size(), "a load run per window");
            double cpu = warmup.windows().getLast().cpuMicrosPerRequest();
            assertTrue(cpu > 5_000 && cpu < 6_000, "the 5 ms burnt a request and the rest: " + cpu);
        }
    }

    private static java.util.List<Long> cpu(Warmup warmup) {
        return warmup.windows().stream().map(window -> Math.round(window.cpuMicrosPerRequest())).toList();
    }

    private static Warmup warmUp(RunnerFixture runner, TargetSession target) throws Exception {
        TargetWarmup warmup = new TargetWarmup(runner.runs, runner.arguments, WarmupRule.STEADY_WITHIN_5_PERCENT,
                runner.progress, () -> false);
        return warmup.run(target, WARMUP);
    }
}
