package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.HtmlReport;
import io.workbench.mainjob.report.MarkdownReport;
import io.workbench.mainjob.report.PercentileDistribution;
import io.workbench.mainjob.report.ResultsJson;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job end to end, shortened: the quick profile on two targets with every count scaled by
 * 1/100 (the test-only --scale), as a separate JVM the way {@code ./workbench run} starts it, real
 * target and load JVMs included. Its numbers mean nothing; the test checks that every file the run
 * promises exists and parses, and that the reports cover every target and scenario.
 */
class QuickProfileSmokeIT {

    private static final List<String> TARGETS = List.of("iocore:sync", "netty:async-complete");

    @Test
    void theQuickProfileOnTwoTargetsLeavesEveryFileAndAReportThatCoversThem(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("run");
        int exit = run(temp, "--profile", "quick", "--scale", "0.01", "--targets", String.join(",", TARGETS), "--out", out.toString());
        assertEquals(0, exit, () -> "run failed: " + read(temp.resolve("run.stderr")));

        RunResults results = ResultsJson.readRun(out);
        assertEquals(TARGETS, results.targets().stream().map(TargetRun::id).toList());
        assertEquals(List.of("concurrency-level", "slow-requests", "high-concurrency", "overhead", "stream"),
                results.presets().stream().map(preset -> preset.scenario()).toList());
        for (TargetRun target : results.targets()) {
            assertEquals(TargetRun.Status.OK, target.status(), target.id() + ": " + target.failure());
            assertEquals(0, target.exitCode());
            Path targetDir = out.resolve(target.dir());
            assertTrue(Files.size(targetDir.resolve("gc.log")) > 0, "the GC log of " + target.id());
            assertTrue(Files.exists(targetDir.resolve(TargetProcess.STDERR)));
            assertEquals(5, target.scenarios().size(), target.id());
            for (ScenarioRun scenario : target.scenarios()) {
                if (scenario.scenario().equals("stream") && scenario.status() == ScenarioRun.Status.SKIPPED) {
                    assertTrue(scenario.note().contains("/stream"), scenario.note());
                    continue;
                }
                assertEquals(ScenarioRun.Status.DONE, scenario.status(), target.id() + " " + scenario.scenario() + ": " + scenario.note());
                List<Repetition> runs = new ArrayList<>(scenario.repetitions());
                if (scenario.warmup() != null) {
                    runs.addAll(scenario.warmup().runs());
                }
                for (Repetition repetition : runs) {
                    checkFiles(out, target.id() + " " + scenario.scenario() + " #" + repetition.index(), repetition);
                }
                if (scenario.scenario().equals("concurrency-level")) {
                    Repetition only = scenario.repetitions().get(0);
                    assertNotNull(only.peakInFlight(), "the polled peak in flight");
                    assertTrue(only.peakInFlight() > 0, "some requests were in flight at once");
                    assertTrue(only.statsAfter().maxInFlight() >= only.peakInFlight(), "/stats saw at least what was polled");
                }
            }
        }

        String md = Files.readString(out.resolve(MarkdownReport.FILE_NAME));
        String html = Files.readString(out.resolve(HtmlReport.FILE_NAME));
        for (String target : TARGETS) {
            assertTrue(md.lines().anyMatch(line -> line.startsWith("| " + target + " |")), target + " has a row in the study's table");
            assertTrue(html.contains(target), target + " is named in report.html");
        }
        for (String scenario : List.of("concurrency-level", "slow-requests", "high-concurrency", "overhead", "stream")) {
            assertTrue(md.contains("### " + scenario), scenario);
        }

        int compared = run(temp, "--compare", out.toString(), out.toString());
        assertEquals(0, compared, () -> read(temp.resolve("run.stderr")));
        assertTrue(read(temp.resolve("run.stdout")).contains("| " + TARGETS.get(0) + " | overhead | CPU per request |"));
    }

    private static void checkFiles(Path out, String what, Repetition repetition) throws IOException {
        assertNotNull(repetition.summary(), what + ": " + repetition.failure());
        Path dir = out.resolve(repetition.dir());
        LoadSummary summary = ResultsJson.readSummary(dir.resolve("summary.json"));
        LoadSummary.Requests requests = summary.requests();
        assertEquals(requests.sent(), requests.ok() + requests.errors() + requests.timedOut(), what + ": the accounting invariant");
        assertTrue(requests.ok() > 0, what + ": some requests succeeded");
        assertTrue(Files.size(dir.resolve(summary.files().hlog())) > 0, what + ": the interval log");
        for (String hgrm : List.of(summary.files().hgrm().intendedToEnd(), summary.files().hgrm().sendToEnd(),
                summary.files().hgrm().intendedToSend())) {
            assertTrue(PercentileDistribution.read(dir.resolve(hgrm)).count() > 0, what + ": " + hgrm);
        }
    }

    /** Runs the run command (or, with --compare first, the report command) as its own JVM, like ./workbench. */
    private static int run(Path temp, String... arguments) throws IOException, InterruptedException {
        String classpath = System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(JvmLaunch.current(classpath, classpath).loadFlags());
        command.addFirst(JvmLaunch.current(classpath, classpath).java());
        command.addAll(List.of("-cp", classpath));
        if (arguments[0].equals("--compare")) {
            command.add("io.workbench.mainjob.report.ReportCommand");
        } else {
            command.add("io.workbench.mainjob.suite.RunCommand");
            command.addAll(List.of("--target-classpath", classpath, "--load-classpath", classpath,
                    "--results-root", temp.resolve("results").toString()));
        }
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command)
                .redirectOutput(temp.resolve("run.stdout").toFile())
                .redirectError(temp.resolve("run.stderr").toFile())
                .start();
        if (!process.waitFor(6, TimeUnit.MINUTES)) {
            process.destroy();
            process.waitFor(60, TimeUnit.SECONDS);
            throw new AssertionError("the run took over 6 minutes: " + read(temp.resolve("run.stderr")));
        }
        return process.exitValue();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "(unreadable: " + unreadable + ")";
        }
    }
}
