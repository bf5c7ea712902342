package io.workbench.jmh.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.jmh.callback.ComparedPattern;
import io.workbench.jmh.report.JmhResult;
import io.workbench.jmh.report.ResultsReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The CI proof that the benchmarks work: the quick preset (what {@code ./workbench jmh --quick}
 * runs) runs every benchmark with every parameter through JMH, and its JSON says that each
 * completed with a plausible score, counted its writes right, and saw the stack-depth profile each
 * pattern is known for. Timing is not asserted: this machine's speed is not a behaviour.
 */
class QuickSuiteSmokeTest {

    private static final String PATTERNS = "io.workbench.jmh.callback.CallbackPatternsBenchmark.";

    @TempDir
    static Path directory;

    private static List<JmhResult> results;

    @BeforeAll
    static void runTheQuickSuite() throws Exception {
        // JMH's lock keeps two measurements from disturbing each other; a smoke test measures
        // nothing, so it must not fail because someone is benchmarking on this machine.
        System.setProperty("jmh.ignoreLock", "true");
        Path json = directory.resolve("quick.json");
        BenchmarkSuite.run(BenchmarkSuite.Preset.QUICK.options().verbosity(VerboseMode.SILENT), json);
        results = JmhResult.read(json);
    }

    private static List<JmhResult> of(String benchmark) {
        return results.stream().filter(r -> r.benchmark().equals(benchmark)).toList();
    }

    @Test
    void everyBenchmarkRanWithEveryParameter() {
        int cells = ComparedPattern.values().length * 3 * 3;
        assertEquals(cells, of(PATTERNS + "task").size());
        assertEquals(cells, of(PATTERNS + "deepestStack").size());
        assertEquals(3, of("io.workbench.jmh.state.StateWordBenchmark.uncontended").size());
        assertEquals(3, of("io.workbench.jmh.state.StateWordBenchmark.contended").size());
        assertEquals(3, of("io.workbench.jmh.selector.SelectorQueueBenchmark.oneProducer").size());
        assertEquals(3, of("io.workbench.jmh.selector.SelectorQueueBenchmark.twoProducers").size());
        int parserCells = 2 * 2 * 2;
        assertEquals(parserCells, of("io.workbench.jmh.http.HttpParserBenchmark.keepAlive").size());
        assertEquals(parserCells, of("io.workbench.jmh.http.HttpParserBenchmark.pipelined").size());
        assertEquals(cells * 2 + 12 + parserCells * 2, results.size());
    }

    @Test
    void everyScoreIsAPositiveNumber() {
        for (JmhResult result : results) {
            double score = result.primary().score();
            assertTrue(score > 0 && Double.isFinite(score), result.benchmark() + " " + result.params() + ": " + score);
        }
    }

    @Test
    void writesPerSecondAreTasksPerSecondTimesWritesPerTask() {
        for (JmhResult task : of(PATTERNS + "task")) {
            int operations = Integer.parseInt(task.param("operations"));
            double writes = task.secondary().get("writes").score();
            double expected = task.primary().score() * operations;
            assertEquals(expected, writes, expected * 1e-6, task.params().toString());
        }
    }

    @Test
    void eachPatternHasItsStackDepthProfile() {
        Map<String, Integer> depths = new HashMap<>();
        for (JmhResult depth : of(PATTERNS + "deepestStack")) {
            depths.put(depth.param("pattern") + "/" + depth.param("operations") + "/" + depth.param("synchronousShare"),
                    (int) depth.secondary().get("maxWritesOnStack").maxOfIterations());
        }
        for (int operations : new int[] {1, 16, 1024}) {
            for (String share : new String[] {"1.0", "0.5", "0.0"}) {
                String cell = "/" + operations + "/" + share;
                // Never more than one write on a stack: iteration, or a hop per write.
                assertEquals(1, depths.get("ITERATING_CALLBACK" + cell), cell);
                assertEquals(1, depths.get("JETTY_ITERATING_CALLBACK" + cell), cell);
                assertEquals(1, depths.get("ALWAYS_DISPATCH" + cell), cell);
                if (share.equals("1.0")) {
                    // Every write inside the previous one, or up to the bound of 16 nested completions.
                    assertEquals(operations, depths.get("NAIVE_RECURSION" + cell), cell);
                    assertEquals(Math.min(operations, 17), depths.get("DEPTH_COUNTED_RECURSION" + cell), cell);
                    assertEquals(Math.min(operations, 17), depths.get("PER_EVENT_BUDGET" + cell), cell);
                } else if (share.equals("0.0")) {
                    // Every completion arrives on a fresh stack.
                    assertEquals(1, depths.get("NAIVE_RECURSION" + cell), cell);
                }
            }
        }
    }

    @Test
    void theReportTurnsTheRunIntoTables() {
        String markdown = ResultsReport.markdown("quick.json", results, Optional.empty());
        List<String> sections = markdown.lines().filter(l -> l.startsWith("##### ")).collect(Collectors.toList());
        assertEquals(List.of("##### CallbackPatternsBenchmark", "##### HttpParserBenchmark", "##### SelectorQueueBenchmark",
                        "##### StateWordBenchmark"),
                sections.stream().sorted().toList());
        assertTrue(markdown.contains("| ours >= 1.3x Jetty's, 1024 writes, sync 1.00 |"), markdown);
        assertTrue(markdown.contains("| 1024 | 1.00 | NAIVE_RECURSION |"), markdown);
        assertTrue(Files.exists(directory.resolve("quick.json")));
    }
}
