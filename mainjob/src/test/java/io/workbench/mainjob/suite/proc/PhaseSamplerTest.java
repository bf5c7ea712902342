package io.workbench.mainjob.suite.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.results.TargetCost;
import io.workbench.mainjob.report.results.TargetStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A phase's cost from the process's counters at its two ends, per request the target served, and its samples file. */
class PhaseSamplerTest {

    private final ScheduledExecutorService sampling = Executors.newSingleThreadScheduledExecutor();
    private final AtomicReference<TargetStats> stats = new AtomicReference<>();
    private final AtomicReference<Boolean> peaksReset = new AtomicReference<>(false);

    private final TargetCounters counters = new TargetCounters() {
        @Override
        public Optional<TargetStats> stats() {
            return Optional.ofNullable(stats.get());
        }

        @Override
        public Optional<TargetStats> statsResettingPeaks() {
            peaksReset.set(true);
            return stats();
        }
    };

    @AfterEach
    void stop() {
        sampling.shutdownNow();
    }

    private static TargetStats served(long completed, long allocated, int peakThreads) {
        return new TargetStats(completed, completed, 0, 1, new TargetStats.Jvm(allocated, 10, peakThreads), 4L, 1L);
    }

    @Test
    void theCostIsWhatTheProcessSpentOverTheRequestsItServedInThePhase(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(100, 50, 3, 1_000, 9_000);
        proc.thread(1, 10, 1, 0);
        proc.thread(2, 20, 2, 0);
        proc.thread(3, 30, 3, 0);
        stats.set(served(1_000, 5_000_000, 3));
        PhaseSampler sampler = new PhaseSampler(proc.probe(), counters, null, sampling, List.of());

        sampler.startNow();
        assertTrue(peaksReset.get(), "the target's peaks restart with the phase");
        assertEquals("5\n", Files.readString(proc.dir().resolve("clear_refs")), "and so does the resident set's");
        // The phase: 2,000 requests (and 3 streams finished before it stay out), 30 + 10 ticks, thread 3 ends, thread 4 is born.
        proc.process(130, 60, 3, 1_500, 2_000);
        proc.thread(1, 14, 1, 0);
        proc.thread(2, 40, 6, 0);
        proc.threadEnded(3);
        proc.thread(4, 6, 0, 0);
        stats.set(served(3_000, 9_000_000, 12));
        Path csv = root.resolve("samples.csv");
        TargetCost cost = sampler.finish(csv).orElseThrow();

        assertEquals(2_000, cost.requests());
        assertEquals(300_000.0 / 2_000, cost.cpuUserMicrosPerRequest(), 1e-9, "30 ticks of 10 ms over 2,000 requests");
        assertEquals(100_000.0 / 2_000, cost.cpuKernelMicrosPerRequest(), 1e-9);
        assertEquals((4 + 20 + 6) / 2_000.0, cost.voluntarySwitchesPerRequest(), 1e-9);
        assertEquals((0 + 4 + 0) / 2_000.0, cost.involuntarySwitchesPerRequest(), 1e-9);
        assertTrue(cost.switchesNote().startsWith("1 thread(s) ended during the phase"), cost.switchesNote());
        assertEquals(12, cost.peakThreads(), "the JVM's own peak, above the threads read");
        assertEquals(2_000 * 1024, cost.peakRssBytes(), "VmHWM after the reset");
        assertEquals(4_000_000.0 / 2_000, cost.allocatedBytesPerRequest(), 1e-9);
        assertEquals(0, cost.gcPauses());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(PhaseSampler.HEADER, rows.get(0));
        assertTrue(rows.get(1).matches("\\d+,1003,1000000000,500000000,60,6,3,1024000"), rows.get(1));
        assertTrue(rows.getLast().matches("\\d+,3003,1300000000,600000000,60,7,3,1536000"), rows.getLast());
    }

    @Test
    void withoutTheTargetsCountsThereIsNoFigurePerRequestAndNoAllocation(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(100, 50, 3, 1_000, 1_000);
        PhaseSampler sampler = new PhaseSampler(proc.probe(), counters, null, sampling, List.of());

        sampler.startNow();
        proc.process(200, 50, 3, 1_000, 1_000);
        TargetCost cost = sampler.finish(root.resolve("samples.csv")).orElseThrow();

        assertEquals(0, cost.requests());
        assertNull(cost.cpuUserMicrosPerRequest());
        assertNull(cost.allocatedBytesPerRequest());
        assertTrue(Files.readAllLines(root.resolve("samples.csv")).get(1).matches("\\d+,,1000000000,500000000,0,0,3,1024000"),
                "an unread value is an empty cell");
    }

    @Test
    void theIdleNeighboursCpuOverThePhaseIsItsShareOfACore(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        FakeProc neighbour = new FakeProc(root, 5151);
        FakeProc other = new FakeProc(root, 6161);
        proc.process(100, 50, 3, 1_000, 1_000);
        neighbour.process(10, 10, 20, 1_000, 1_000);
        other.process(5, 5, 20, 1_000, 1_000);
        PhaseSampler sampler = new PhaseSampler(proc.probe(), counters, null, sampling, List.of(neighbour.probe(), other.probe()));

        sampler.startNow();
        Thread.sleep(1_000);
        neighbour.process(11, 10, 20, 1_000, 1_000);
        other.process(5, 6, 20, 1_000, 1_000);
        TargetCost cost = sampler.finish(root.resolve("samples.csv")).orElseThrow();

        assertEquals(0.02 / cost.seconds(), cost.idleNeighboursCpuShare(), 1e-9, "two ticks of 10 ms over the phase");
        PhaseSampler alone = new PhaseSampler(proc.probe(), counters, null, sampling, List.of());
        alone.startNow();
        assertNull(alone.finish(root.resolve("alone.csv")).orElseThrow().idleNeighboursCpuShare(), "a target measured alone has none");
    }

    @Test
    void aPhaseThatNeverBeganHasNoCostAndNoFile(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(100, 50, 3, 1_000, 1_000);
        PhaseSampler sampler = new PhaseSampler(proc.probe(), counters, null, sampling, List.of());

        sampler.startWhen(OptionalLong::empty);
        Thread.sleep(30);

        assertEquals(Optional.empty(), sampler.finish(root.resolve("samples.csv")));
        assertTrue(Files.notExists(root.resolve("samples.csv")));
    }

    @Test
    void aPhaseStartsAtTheInstantItIsGivenAndIsSampledWhileItRuns(@TempDir Path root) throws Exception {
        FakeProc proc = new FakeProc(root);
        proc.process(100, 50, 3, 1_000, 1_000);
        stats.set(served(0, 0, 3));
        PhaseSampler sampler = new PhaseSampler(proc.probe(), counters, null, sampling, List.of());
        long start = System.currentTimeMillis() + 100;

        sampler.startWhen(() -> OptionalLong.of(start));
        Thread.sleep(1_300);
        TargetCost cost = sampler.finish(root.resolve("samples.csv")).orElseThrow();

        List<String> rows = Files.readAllLines(root.resolve("samples.csv"));
        assertTrue(Long.parseLong(rows.get(1).split(",")[0]) >= start, "the first row at the instant, not before");
        assertEquals(4, rows.size(), "the start, one a second, the end: " + rows);
        assertTrue(cost.seconds() >= 1.0, "from the instant to the end: " + cost.seconds());
    }
}
