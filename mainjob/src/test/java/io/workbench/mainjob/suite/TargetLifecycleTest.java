package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.GcLog;
import io.workbench.mainjob.report.results.TargetStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real target JVM started the way the runner starts it (the target command from the test class
 * path, which holds servlet-targets), with the study's flags and the GC log, then stopped.
 */
class TargetLifecycleTest {

    private static JvmLaunch launch() {
        String classpath = System.getProperty("java.class.path");
        return JvmLaunch.current(classpath, classpath);
    }

    /** The runner's command with a smaller heap: the test checks the life cycle, not the study's sizing. */
    private static List<String> command(TargetId target, Path dir) {
        List<String> command = new ArrayList<>(launch().targetCommand(target, dir));
        command.replaceAll(flag -> flag.equals("-Xms4g") ? "-Xms64m" : flag.equals("-Xmx4g") ? "-Xmx256m" : flag);
        return command;
    }

    @Test
    void aTargetStartsAnswersStatsAndStopsWithStatusZeroLeavingItsGcLog(@TempDir Path dir) throws IOException {
        TargetProcess.Outcome outcome = TargetProcess.start(command(TargetId.parse("iocore:async-complete"), dir), dir, Duration.ofSeconds(60));

        TargetProcess target = assertInstanceOf(TargetProcess.Started.class, outcome).target();
        try (TargetStatsProbe probe = new TargetStatsProbe(target.url())) {
            assertTrue(target.url().startsWith("http://127.0.0.1:"), target.url());
            TargetStats stats = probe.stats().orElseThrow();
            assertEquals(0, stats.started());
            assertEquals(200, probe.status("/hello?wait=0").orElseThrow());
            assertEquals(1, probe.stats().orElseThrow().completed(), "/stats counts the hello it answered");
            assertEquals(404, probe.status("/no-such-path").orElseThrow());
            assertTrue(ConcurrencyLimit.descriptorLimit(Path.of("/proc", String.valueOf(target.pid()), "limits"), false).orElseThrow() > 0);
        } finally {
            assertEquals(0, target.stop(), "SIGTERM stops a target with status 0");
        }
        assertFalse(target.alive());
        assertTrue(Files.readString(dir.resolve(TargetProcess.STDOUT)).startsWith("READY "));
        assertTrue(Files.readString(dir.resolve(GcLog.FILE_NAME)).contains("[gc"), "the GC log was written");
    }

    @Test
    void aCellTheTargetCommandDoesNotOfferIsRefusedWithItsReason(@TempDir Path dir) throws IOException {
        TargetProcess.Outcome outcome = TargetProcess.start(command(TargetId.parse("iocore:no-such-strategy"), dir), dir, Duration.ofSeconds(60));

        TargetProcess.NotStarted refused = assertInstanceOf(TargetProcess.NotStarted.class, outcome);
        assertTrue(refused.refused());
        assertEquals(2, refused.exitCode());
        assertTrue(refused.reason().contains("no-such-strategy"), refused.reason());
    }

    @Test
    void aServerThatIsNotThereFailsToStartAndSaysSo(@TempDir Path dir) throws IOException {
        TargetProcess.Outcome outcome = TargetProcess.start(command(TargetId.parse("no-such-server:sync"), dir), dir, Duration.ofSeconds(60));

        TargetProcess.NotStarted notStarted = assertInstanceOf(TargetProcess.NotStarted.class, outcome);
        assertTrue(notStarted.reason().contains("no-such-server"), notStarted.reason());
    }

    @Test
    void theCatalogListsTheCellsOfTheRealTargetCommand() throws IOException {
        List<TargetId> cells = TargetCatalog.all(launch());

        assertTrue(cells.contains(TargetId.parse("iocore:async-complete")), cells.toString());
        assertTrue(cells.contains(TargetId.parse("netty:async-complete")), cells.toString());
    }
}
