package io.workbench.hyperfoil.engine;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.parser.BenchmarkParser;
import io.hyperfoil.core.parser.ParserException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Runs a Hyperfoil benchmark (YAML) in this JVM with Hyperfoil's own parser and in-process runner,
 * as Hyperfoil's CLI does for a local run, and keeps every phase's statistics and this process's CPU
 * time over the run.
 */
public final class InProcessHyperfoil {

    /** What the run left: the statistics, when it ran (epoch ms), and the CPU it took. */
    public record Outcome(PhaseSnapshots snapshots, long startEpochMillis, long endEpochMillis, double cpuSeconds,
                          double wallSeconds) {
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
        LocalSimulationRunner runner = new LocalSimulationRunner(benchmark, snapshots, null, null);
        long cpuBefore = processCpuNanos();
        long wallBefore = System.nanoTime();
        long start = System.currentTimeMillis();
        runner.run();
        long end = System.currentTimeMillis();
        double wall = (System.nanoTime() - wallBefore) / 1e9;
        double cpu = (processCpuNanos() - cpuBefore) / 1e9;
        return new Outcome(snapshots, start, end, cpu, wall);
    }

    /** This process's CPU time (every thread, the JIT's and GC's too), as the load command measures its own. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }
}
