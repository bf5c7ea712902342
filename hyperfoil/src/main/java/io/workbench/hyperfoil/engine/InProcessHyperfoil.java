package io.workbench.hyperfoil.engine;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.parser.BenchmarkParser;
import io.hyperfoil.core.parser.ParserException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Runs a Hyperfoil benchmark (YAML) in this JVM with Hyperfoil's own parser and in-process runner,
 * as Hyperfoil's CLI does for a local run, and keeps every phase's statistics, this process's CPU
 * time over the whole run and over the measured phases, and whether a measured phase exceeded its
 * session limit (from the runner's phase changes, {@link MeasuredPhaseWatch}).
 */
public final class InProcessHyperfoil {

    /**
     * What the run left: the statistics, when it ran (epoch ms), the CPU it took over the whole run
     * and over the measured phases (null when they did not run to their end), and Hyperfoil's
     * session-limit flag for the measured phases.
     */
    public record Outcome(PhaseSnapshots snapshots, long startEpochMillis, long endEpochMillis, double cpuSeconds,
                          double wallSeconds, Double measuredCpuSeconds, Double measuredWallSeconds,
                          boolean sessionLimitExceeded) {
    }

    /** Hyperfoil's in-process runner, telling {@link MeasuredPhaseWatch} of every phase change. */
    private static final class WatchedRunner extends LocalSimulationRunner {

        private final MeasuredPhaseWatch watch;

        WatchedRunner(Benchmark benchmark, PhaseSnapshots snapshots, MeasuredPhaseWatch watch) {
            super(benchmark, snapshots, null, null);
            this.watch = watch;
        }

        @Override
        protected CompletableFuture<Void> phaseChanged(Phase phase, PhaseInstance.Status status, boolean sessionLimitExceeded,
                                                       Throwable error) {
            watch.phaseChanged(phase, status, sessionLimitExceeded);
            return super.phaseChanged(phase, status, sessionLimitExceeded, error);
        }
    }

    private InProcessHyperfoil() {
    }

    public static Benchmark parse(String yaml) throws ParserException, IOException {
        return BenchmarkParser.instance().buildBenchmark(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)),
                BenchmarkData.EMPTY, Map.of());
    }

    /** Runs it to its end (every phase terminated); blocks the calling thread. */
    public static Outcome run(String yaml) throws ParserException, IOException {
        Benchmark benchmark = parse(yaml);
        PhaseSnapshots snapshots = new PhaseSnapshots();
        MeasuredPhaseWatch watch = new MeasuredPhaseWatch();
        LocalSimulationRunner runner = new WatchedRunner(benchmark, snapshots, watch);
        long cpuBefore = processCpuNanos();
        long wallBefore = System.nanoTime();
        long start = System.currentTimeMillis();
        runner.run();
        long end = System.currentTimeMillis();
        double wall = (System.nanoTime() - wallBefore) / 1e9;
        double cpu = (processCpuNanos() - cpuBefore) / 1e9;
        return new Outcome(snapshots, start, end, cpu, wall, watch.cpuSeconds(), watch.wallSeconds(), watch.sessionLimitExceeded());
    }

    /** This process's CPU time (every thread, the JIT's and GC's too), as the load command measures its own. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
