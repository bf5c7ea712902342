package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.HtmlReport;
import io.workbench.mainjob.report.MarkdownReport;
import io.workbench.mainjob.report.PercentileDistribution;
import io.workbench.mainjob.report.ResultsJson;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.findings.EvidenceReader;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetCost;
import io.workbench.mainjob.report.results.TargetRun;
import io.workbench.mainjob.suite.proc.PhaseSampler;
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
 * target and generator JVMs included. Its numbers mean nothing; the test checks the run's shape
 * (both targets up at once, warmed in windows, measured once per round in a rotated order, each
 * measured run with the target's costs and samples, the overhead search), that every file the run
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
        assertEquals(List.of(TARGETS), results.groups(), "two targets fit in memory at once: one group");
        assertEquals(3, results.rounds(), "the quick profile's rounds");
        assertTrue(Files.size(out.resolve(RunCommand.GENERATOR_STDERR)) >= 0, "one generator JVM for the run");
        TargetRun first = results.targets().get(0);
        TargetRun second = results.targets().get(1);
        assertTrue(first.startedEpochMillis() < second.startedEpochMillis() && second.startedEpochMillis() < first.stoppedEpochMillis(),
                "the second target was started while the first was still up");
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
                String what = target.id() + " " + scenario.scenario();
                assertEquals(ScenarioRun.Status.DONE, scenario.status(), what + ": " + scenario.note());
                assertNotNull(scenario.warmup(), what + ": warmed first");
                assertTrue(scenario.warmup().windows().size() >= 3, what + ": the warm-up's windows");
                assertEquals(scenario.warmup().windows().size(), scenario.warmup().runs().size(), what + ": a load run per window");
                assertTrue(scenario.warmup().windows().stream().allMatch(window -> window.cpuMicrosPerRequest() > 0),
                        what + ": each window's CPU per request");
                if (!scenario.warmup().warm()) {
                    assertNotNull(scenario.warmup().note(), what + ": a warm-up that is not warm says why");
                }
                assertEquals(List.of(1, 2, 3), scenario.repetitions().stream().map(Repetition::index).toList(), what + ": one run per round");
                for (Repetition repetition : scenario.repetitions()) {
                    assertEquals(scenario.warmup().warm(), repetition.warm(), what + ": each run carries its warm-up's verdict");
                    checkFiles(out, what + " round " + repetition.index(), repetition);
                    checkCost(out, what + " round " + repetition.index(), repetition);
                }
                for (Repetition window : scenario.warmup().runs()) {
                    checkFiles(out, what + " warm-up " + window.dir(), window);
                }
                if (scenario.scenario().equals("overhead")) {
                    assertNotNull(scenario.search(), what + ": the search for the highest sustained rate");
                    assertFalse(scenario.search().steps().isEmpty(), what);
                    assertEquals(5_000.0, scenario.search().steps().get(0).rate(), what + ": it starts at the fixed rate");
                    assertNotNull(scenario.search().note(), what + ": it says what ended it");
                } else {
                    assertNull(scenario.search(), what);
                }
                if (scenario.preset().waitMillis() > 0 && !scenario.scenario().equals("concurrency-level")) {
                    // The generator took the URL's wait as its latency floor: what the target added beyond it, to the microsecond.
                    Repetition floored = scenario.repetitions().get(0);
                    assertEquals((double) scenario.preset().waitMillis(), floored.summary().latencyFloorMs(), target.id() + " " + scenario.scenario());
                    assertFalse(EvidenceReader.intervals(out.resolve(floored.dir()).resolve(floored.summary().files().hlog()),
                            EvidenceReader.BEYOND_FLOOR).isEmpty(), "beyond-floor intervals in the log");
                }
                if (scenario.scenario().equals("concurrency-level")) {
                    Repetition only = scenario.repetitions().get(0);
                    assertNotNull(only.peakInFlight(), "the polled peak in flight");
                    assertTrue(only.peakInFlight() > 0, "some requests were in flight at once");
                    assertTrue(only.statsAfter().maxInFlight() >= only.peakInFlight(), "/stats saw at least what was polled");
                }
            }
        }

        // The order rotates: the target measured first in round 1 is second in round 2.
        for (int round = 1; round <= 3; round++) {
            int index = round - 1;
            List<Integer> positions = results.targets().stream()
                    .map(target -> target.scenario("slow-requests").repetitions().get(index).positionInRound()).toList();
            assertEquals(round % 2 == 1 ? List.of(1, 2) : List.of(2, 1), positions, "round " + round);
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
        // Its figure is CPU per request, or the share of the schedule held where a side fell behind
        // (a busy machine can make a 1/100-scale target fall behind even at the overhead's rate).
        String comparison = read(temp.resolve("run.stdout"));
        assertTrue(comparison.contains("| " + TARGETS.get(0) + " | overhead | CPU per request |")
                || comparison.contains("| " + TARGETS.get(0) + " | overhead | share of the schedule held (a side fell behind) |"), comparison);
    }

    private static void checkFiles(Path out, String what, Repetition repetition) throws IOException {
        assertNotNull(repetition.summary(), what + ": " + repetition.failure());
        Path dir = out.resolve(repetition.dir());
        LoadSummary summary = ResultsJson.readSummary(dir.resolve("summary.json"));
        LoadSummary.Requests requests = summary.requests();
        assertEquals(requests.sent(), requests.ok() + requests.errors() + requests.timedOut(), what + ": the accounting invariant");
        assertTrue(requests.ok() > 0, what + ": some requests succeeded");
        assertTrue(Files.size(dir.resolve(summary.files().hlog())) > 0, what + ": the interval log");
        LoadSummary.Hgrm files = summary.files().hgrm();
        for (String hgrm : List.of(files.intendedToEnd(), files.sendToEnd(), files.lateness() != null ? files.lateness() : files.intendedToSend())) {
            assertTrue(PercentileDistribution.read(dir.resolve(hgrm)).count() > 0, what + ": " + hgrm);
        }
    }

    /** The target's costs over the measured phase, and the samples file the report reads. */
    private static void checkCost(Path out, String what, Repetition repetition) throws IOException {
        TargetCost cost = repetition.cost();
        assertNotNull(cost, what + ": the target's cost");
        assertTrue(cost.requests() > 0, what + ": requests the target served in the phase");
        assertNotNull(cost.cpuUserMicrosPerRequest(), what);
        assertNotNull(cost.cpuKernelMicrosPerRequest(), what);
        // At 1/100 scale a phase of 40 requests may round to no tick of 10 ms: present, not a size.
        assertTrue(cost.cpuMicrosPerRequest() >= 0, what + ": CPU per request");
        assertNotNull(cost.voluntarySwitchesPerRequest(), what);
        assertTrue(cost.peakThreads() > 1, what + ": peak threads");
        assertTrue(cost.peakRssBytes() > 0, what + ": peak resident memory");
        List<String> samples = Files.readAllLines(out.resolve(repetition.dir()).resolve(PhaseSampler.FILE_NAME));
        assertEquals(PhaseSampler.HEADER, samples.get(0));
        assertTrue(samples.size() >= 3, what + ": a row at the phase's start and one at its end");
        for (String row : samples.subList(1, samples.size())) {
            assertEquals(8, row.split(",", -1).length, what + ": " + row);
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
            command.addAll(List.of("--target-classpath", classpath, "--results-root", temp.resolve("results").toString()));
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
