package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.TargetCost;
import io.workbench.mainjob.suite.proc.PhaseSampler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The overhead figure reads what the target spends: two targets alike but for a known CPU time burnt
 * per request, each measured from outside as every target is (/proc, /stats, the run's generator),
 * read that much apart.
 */
class TargetCostIT {

    private static final long BURN_MICROS = 300;
    private static final Preset AT_1000 = new Preset(Scenario.OVERHEAD, 1_000, 3_000, 0, 0, 10, 100, 1,
            new Preset.SearchPlan(10, 0.99, 1, 1));

    @Test
    void aTargetBurningAKnownCpuTimeMoreARequestReadsThatMuchMore(@TempDir Path root) throws Exception {
        try (RunnerFixture runner = new RunnerFixture(root)) {
            TargetSession plain = runner.spinningTarget("plain");
            TargetSession burning = runner.spinningTarget("burning", "--burn-micros", String.valueOf(BURN_MICROS));

            TargetCost plainCost = measure(runner, plain);
            TargetCost burningCost = measure(runner, burning);

            double extra = burningCost.cpuMicrosPerRequest() - plainCost.cpuMicrosPerRequest();
            assertTrue(Math.abs(extra - BURN_MICROS) < 0.15 * BURN_MICROS, "read " + extra + " us more a request, burnt "
                    + BURN_MICROS + " (plain " + plainCost + ", burning " + burningCost + ")");
            assertTrue(burningCost.cpuUserMicrosPerRequest() - plainCost.cpuUserMicrosPerRequest() > 0.8 * BURN_MICROS,
                    "a spin is user time: " + burningCost);
        }
    }

    private static TargetCost measure(RunnerFixture runner, TargetSession target) throws Exception {
        // A first run to warm the target's own code and the generator's, as a warm-up would; the second is measured.
        for (int round = 1; round <= 2; round++) {
            Path dir = target.dir().resolve("round-" + round);
            List<String> load = runner.arguments.measured(target.url(), AT_1000, round, round == 1, dir, target.id() + "#" + round);
            Repetition run = runner.runs.measured(target, List.of(), AT_1000, round, 1, dir, load, true, 5);
            if (round == 2) {
                assertNotNull(run.summary(), run.failure());
                TargetCost cost = run.cost();
                assertNotNull(cost, "the cost of " + target.id());
                assertTrue(cost.requests() >= AT_1000.requests(), "the target served the measured phase's requests: " + cost);
                assertTrue(cost.requests() < AT_1000.requests() * 1.2, "and not the unmeasured start's: " + cost);
                List<String> samples = Files.readAllLines(dir.resolve(PhaseSampler.FILE_NAME));
                assertEquals(PhaseSampler.HEADER, samples.getFirst());
                assertTrue(samples.size() >= 4, "a row a second over the 3 s phase: " + samples);
                return cost;
            }
        }
        throw new AssertionError("unreachable");
    }
}
