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

    private static final long BURN_MICROS = 1_000;
    /** 500 req/s for 3 s: the burning target spends half a core on its burn. */
    private static final Preset AT_500 = new Preset(Scenario.OVERHEAD, 500, 1_500, 0, 0, 10, 100, 1,
            new Preset.SearchPlan(10, 0.99, 1, 1));

    @Test
    void aTargetBurningAKnownCpuTimeMoreARequestReadsThatMuchMore(@TempDir Path root) throws Exception {
        try (RunnerFixture runner = new RunnerFixture(root)) {
            TargetSession plain = runner.spinningTarget("plain");
            TargetSession burning = runner.spinningTarget("burning", "--burn-micros", String.valueOf(BURN_MICROS));

            TargetCost plainCost = measure(runner, plain);
            TargetCost burningCost = measure(runner, burning);

            double extra = burningCost.cpuMicrosPerRequest() - plainCost.cpuMicrosPerRequest();
            assertTrue(Math.abs(extra - BURN_MICROS) < 0.2 * BURN_MICROS, "read " + extra + " us more a request, burnt "
                    + BURN_MICROS + " (plain " + plainCost.cpuMicrosPerRequest() + ", burning " + burningCost.cpuMicrosPerRequest() + ")");
            assertTrue(burningCost.cpuUserMicrosPerRequest() > plainCost.cpuUserMicrosPerRequest()
                    && burningCost.cpuKernelMicrosPerRequest() > plainCost.cpuKernelMicrosPerRequest(),
                    "the burn reads its thread's CPU clock, a system call: user and kernel time both grow");
        }
    }

    private static TargetCost measure(RunnerFixture runner, TargetSession target) throws Exception {
        // A first run to warm the target's own code and the generator's, as a warm-up would; the second is measured.
        for (int round = 1; round <= 2; round++) {
            Path dir = target.dir().resolve("round-" + round);
            List<String> load = runner.arguments.measured(target.url(), AT_500, round, round == 1, dir, target.id() + "#" + round);
            Repetition run = runner.runs.measured(target, List.of(), AT_500, round, 1, dir, load, true, 5);
            if (round == 2) {
                assertNotNull(run.summary(), run.failure());
                TargetCost cost = run.cost();
                assertNotNull(cost, "the cost of " + target.id());
                // The phase is read from its start instant by a low-priority thread, which a loaded machine delays (by 160 ms
                // at a load average of 25): requests and CPU are read at the same instants, so the figures per request hold.
                assertTrue(cost.requests() > AT_500.requests() * 0.75, "the target served the measured phase's requests: " + cost.requests());
                assertTrue(cost.requests() < AT_500.requests() * 1.05, "and not the unmeasured start's: " + cost.requests());
                List<String> samples = Files.readAllLines(dir.resolve(PhaseSampler.FILE_NAME));
                assertEquals(PhaseSampler.HEADER, samples.getFirst());
                assertTrue(samples.size() >= 4, "a row a second over the 3 s phase: " + samples);
                return cost;
            }
        }
        throw new AssertionError("unreachable");
    }
}
