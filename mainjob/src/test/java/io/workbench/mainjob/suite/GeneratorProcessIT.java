package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.suite.generator.GeneratorProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's generator JVM: runs one after another in the same JVM, primed once; a run past its
 * deadline is stopped with its JVM, and the next run gets a new one, primed again.
 */
class GeneratorProcessIT {

    @Test
    void runsShareOneJvmAndOneStoppedPastItsDeadlineLeavesTheNextANewOne(@TempDir Path root) throws Exception {
        String classpath = System.getProperty("java.class.path");
        try (RunnerFixture runner = new RunnerFixture(root)) {
            TargetSession target = runner.spinningTarget("target");
            List<String> command = new ArrayList<>(JvmLaunch.current(classpath, classpath).generatorCommand());
            command.replaceAll(flag -> flag.equals("-Xms1g") ? "-Xms64m" : flag.equals("-Xmx1g") ? "-Xmx256m" : flag);
            command.remove("-XX:+AlwaysPreTouch");
            GeneratorProcess generator = new GeneratorProcess(command, root.resolve("generator.stderr"));
            try (generator) {
                assertTrue(generator.takePriming(), "a new JVM primes once");
                assertFalse(generator.takePriming());
                List<String> lines = new ArrayList<>();
                for (String run : List.of("one", "two")) {
                    GeneratorProcess.Ended ended = generator.run(List.of(target.url() + "/hello", "--rate", "200", "--requests", "100",
                            "--prime", "0", "--out", root.resolve(run).toString()), root.resolve(run), Duration.ofSeconds(60), lines::add);
                    assertEquals(0, ended.exitCode(), run);
                    assertEquals(root.resolve(run).resolve("summary.json").toAbsolutePath(), ended.summaryFile());
                    assertFalse(ended.overran());
                }
                assertEquals(1, generator.starts(), "both runs in the same JVM");
                assertTrue(lines.stream().anyMatch(line -> line.contains("VALID") || line.contains("verdict")), lines.toString());

                GeneratorProcess.Ended late = generator.run(List.of(target.url() + "/hello", "--rate", "100", "--duration", "60s",
                        "--prime", "0", "--out", root.resolve("late").toString()), root.resolve("late"), Duration.ofSeconds(2), line -> { });
                assertTrue(late.overran());
                assertNull(late.summaryFile(), "stopped with its JVM, the run left no summary");

                assertTrue(generator.takePriming(), "the next JVM primes again");
                GeneratorProcess.Ended after = generator.run(List.of(target.url() + "/hello", "--rate", "200", "--requests", "100",
                        "--prime", "0", "--out", root.resolve("after").toString()), root.resolve("after"), Duration.ofSeconds(60), line -> { });
                assertEquals(0, after.exitCode());
                assertNotNull(after.summaryFile());
                assertEquals(2, generator.starts());
            }
        }
    }
}
