package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.GcLog;
import io.workbench.mainjob.report.ReportWriter;
import io.workbench.mainjob.report.ResultsJson;
import io.workbench.mainjob.report.results.Environment;
import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import io.workbench.mainjob.report.results.TargetStats;
import io.workbench.mainjob.report.results.Warmup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The main job: for each target in turn, start its JVM (pinned), wait for READY, run every
 * scenario against it (the warm-up, then each repetition, all kept), stop it, read its GC log;
 * then write results.json and the reports. A target that refuses, fails to start or crashes is
 * recorded and the run goes on; an interruption stops the current target and keeps what finished.
 * results.json is rewritten after every target, so even a killed run leaves what it measured.
 */
public final class SuiteRunner {

    /** How often the concurrency-level scenario reads the target's /stats while the requests are held. */
    static final Duration POLL_INTERVAL = Duration.ofMillis(200);
    /**
     * Priming for a suite's measured runs, scaled with the test-only --scale: four times the load
     * command's own default, because a suite's run lasts a few seconds in a JVM of its own, so its
     * per-request paths must reach the JIT's top tier (about 15,000 invocations) before the clock
     * starts, not during its first second.
     */
    static final long SUITE_PRIME_REQUESTS = 20_000;
    /**
     * Each measured open run first runs its own schedule this long, unmeasured: a generator in a
     * fresh JVM is late in its first second (its connections' first requests, code paths priming
     * does not reach), which measured, at 1,000 req/s, put its lag p99 over the limit in most runs
     * (1.1-1.4 ms; 0.93 ms after a 2 s warm-up in the same JVM, 0.31 ms after 4 s). The
     * scenario's own warm-up, a closed run in another JVM, warms the target, not the generator.
     */
    static final Duration GENERATOR_WARMUP = Duration.ofSeconds(3);

    private final SuitePlan plan;
    private final Progress progress;
    private final Interruption interruption;
    private final LoadProcess load;
    private final Environment environment;
    private final long startedEpochMillis = System.currentTimeMillis();
    private final List<TargetRun> finished = new ArrayList<>();

    public SuiteRunner(SuitePlan plan, Progress progress, Interruption interruption, LoadProcess load) {
        this.plan = plan;
        this.progress = progress;
        this.interruption = interruption;
        this.load = load;
        this.environment = MachineFacts.environment(plan.launch(), plan.pinning(), plan.network().description(),
                ConcurrencyLimit.hardDescriptorLimit().orElse(-1L));
    }

    /** Runs every target, writes results.json, report.md and report.html, and returns the results. */
    public RunResults run() throws IOException {
        Files.createDirectories(plan.out());
        for (TargetId target : plan.targets()) {
            if (interruption.requested()) {
                // Listed, so the report shows what the interruption left out rather than a shorter matrix.
                long now = System.currentTimeMillis();
                finished.add(new TargetRun(target.toString(), 1, target.server(), target.strategy(), TargetRun.Status.INTERRUPTED,
                        "not run: the run was interrupted before this target", null, target.dirName(), null, null, now, now,
                        List.of(), List.of()));
                continue;
            }
            finished.add(runTarget(target));
            write(false);
        }
        RunResults results = write(true);
        ReportWriter.write(plan.out(), results);
        return results;
    }

    /** Two targets whose figures differ by less than this share are equivalent. */
    static final double PRACTICAL_MARGIN = 0.05;

    private int maxRepetitions() {
        return plan.presets().stream().mapToInt(Preset::repetitions).max().orElse(0);
    }

    private RunResults write(boolean last) {
        RunResults results = new RunResults(RunResults.FORMAT, plan.command(), plan.profile().cliName(), plan.scale(),
                startedEpochMillis, System.currentTimeMillis(), interruption.requested(),
                last ? environment.withLoadAverageEnd(MachineFacts.loadAverage()) : environment, plan.cap(),
                plan.presets().stream().map(Preset::record).toList(), List.copyOf(finished),
                maxRepetitions(), List.of(plan.targets().stream().map(TargetId::toString).toList()), PRACTICAL_MARGIN);
        ResultsJson.writeRun(plan.out(), results);
        return results;
    }

    private TargetRun runTarget(TargetId target) throws IOException {
        Path dir = plan.out().resolve(target.dirName());
        long started = System.currentTimeMillis();
        progress.step(target.toString(), "starting its JVM");
        List<String> command = LaunchLines.target(plan.network(), plan.pinning(), plan.launch(), target, dir);
        TargetProcess.Outcome outcome = TargetProcess.start(command, dir, plan.readyTimeout());
        if (outcome instanceof TargetProcess.NotStarted notStarted) {
            progress.say(target + ": " + notStarted.reason());
            progress.done(plan.perTargetSeconds());
            return new TargetRun(target.toString(), 1, target.server(), target.strategy(),
                    notStarted.refused() ? TargetRun.Status.REFUSED : TargetRun.Status.FAILED, notStarted.reason(),
                    notStarted.exitCode(), plan.out().relativize(dir).toString(), null, null, started,
                    System.currentTimeMillis(), GcLog.pauses(dir.resolve(GcLog.FILE_NAME)), List.of());
        }
        TargetProcess process = ((TargetProcess.Started) outcome).target();
        progress.done(SuitePlan.STARTUP_SECONDS);
        Long descriptorLimit = ConcurrencyLimit.descriptorLimit(Path.of("/proc", String.valueOf(process.pid()), "limits"), false)
                .orElse(null);
        List<ScenarioRun> scenarios = new ArrayList<>();
        String failure = null;
        TargetStatsProbe statsProbe;
        try {
            statsProbe = plan.network().probe(process.url());
        } catch (IOException noProbe) {
            // The relay JVM could not start: stop the target rather than leave it running in a namespace about to go.
            process.stop();
            throw noProbe;
        }
        try (TargetStatsProbe probe = statsProbe) {
            TargetSession session = new TargetSession(target, process, probe, dir);
            for (Preset preset : plan.presets()) {
                if (interruption.requested() || !process.alive()) {
                    progress.done(preset.estimatedSeconds());
                    continue;
                }
                scenarios.add(session.run(preset));
            }
        }
        Optional<Integer> crashed = process.exitedWith();
        int exit = process.stop();
        TargetRun.Status status;
        // Interruption first: Ctrl-C in a terminal reaches the whole process group, so the target may have
        // ended on the same signal, which is not a crash.
        if (interruption.requested()) {
            status = TargetRun.Status.INTERRUPTED;
        } else if (crashed.isPresent()) {
            status = TargetRun.Status.FAILED;
            failure = "exited with status " + crashed.get() + " under load" + TargetProcess.lastWords(dir.resolve(TargetProcess.STDERR));
            progress.say(target + " " + failure);
        } else if (exit != 0) {
            status = TargetRun.Status.FAILED;
            failure = "exited with status " + exit + " when stopped" + TargetProcess.lastWords(dir.resolve(TargetProcess.STDERR));
        } else {
            status = TargetRun.Status.OK;
        }
        return new TargetRun(target.toString(), 1, target.server(), target.strategy(), status, failure, exit,
                plan.out().relativize(dir).toString(), process.url(), descriptorLimit, started, System.currentTimeMillis(),
                GcLog.pauses(dir.resolve(GcLog.FILE_NAME)), scenarios);
    }

    /** One target JVM's scenarios, with the load it has served so far (to judge whether it was still warming). */
    private final class TargetSession {

        private final TargetId target;
        private final TargetProcess process;
        private final TargetStatsProbe probe;
        private final Path dir;

        TargetSession(TargetId target, TargetProcess process, TargetStatsProbe probe, Path dir) {
            this.target = target;
            this.process = process;
            this.probe = probe;
            this.dir = dir;
        }

        ScenarioRun run(Preset preset) throws IOException {
            Path scenarioDir = dir.resolve(preset.scenario().cliName());
            if (preset.stream()) {
                Optional<Integer> status = probe.status("/stream?bytes=16");
                if (status.isEmpty() || status.get() != 200) {
                    String note = "the target does not serve /stream (" + status.map(code -> "status " + code).orElse("no answer") + ")";
                    progress.say(target + " " + preset.scenario() + " skipped: " + note);
                    progress.done(preset.estimatedSeconds());
                    return new ScenarioRun(preset.record(), ScenarioRun.Status.SKIPPED, note, null, List.of(), null);
                }
            }
            Repetition warmup = null;
            if (preset.hasWarmup()) {
                progress.step(target.toString(), preset.scenario() + " warm-up (closed, " + preset.warmupConnections() + " connections, "
                        + preset.warmupRequests() + " requests)");
                warmup = once(preset, 0, scenarioDir.resolve("warmup"), warmupArguments(preset), preset.warmupSeconds(),
                        preset.warmupOverheadSeconds());
            }
            List<Repetition> repetitions = new ArrayList<>();
            for (int index = 1; index <= preset.repetitions(); index++) {
                if (interruption.requested() || !process.alive()) {
                    progress.done(preset.repetitionSeconds() + preset.repetitionOverheadSeconds());
                    continue;
                }
                progress.step(target.toString(), preset.scenario() + " #" + index + "/" + preset.repetitions());
                Path repDir = scenarioDir.resolve("rep-" + index);
                repetitions.add(once(preset, index, repDir, arguments(preset, index), preset.repetitionSeconds(),
                        preset.repetitionOverheadSeconds()));
            }
            ScenarioRun.Status status;
            String note = null;
            if (interruption.requested()) {
                status = ScenarioRun.Status.INTERRUPTED;
                note = "interrupted; " + repetitions.stream().filter(Repetition::measured).count() + " repetition(s) kept";
            } else if (!process.alive()) {
                status = ScenarioRun.Status.FAILED;
                note = "the target exited during this scenario" + TargetProcess.lastWords(dir.resolve(TargetProcess.STDERR));
            } else if (repetitions.stream().noneMatch(Repetition::measured)) {
                status = ScenarioRun.Status.FAILED;
                note = repetitions.isEmpty() ? "no repetition ran" : repetitions.get(0).failure();
            } else {
                status = ScenarioRun.Status.DONE;
            }
            return new ScenarioRun(preset.record(), status, note,
                    warmup == null ? null : new Warmup(preset.warmupConnections(), preset.warmupRequests(), List.of(), 0.05, false,
                            "warmed by a fixed count, its CPU per request not checked", List.of(warmup)),
                    repetitions, null);
        }

        private Repetition once(Preset preset, int index, Path runDir, List<String> arguments, double plannedSeconds,
                                double overheadSeconds) throws IOException {
            Files.createDirectories(runDir);
            TargetStats statsBefore = probe.stats().orElse(null);
            AtomicBoolean loading = new AtomicBoolean(true);
            AtomicLong peak = new AtomicLong(-1);
            Thread poller = null;
            if (preset.allAtOnce() && index > 0) {
                poller = Thread.ofPlatform().daemon().name("stats-poller").start(() -> pollInFlight(loading, peak));
            }
            List<String> command = LaunchLines.load(plan.network(), plan.pinning(), plan.launch(), arguments);
            Files.writeString(runDir.resolve("command.txt"), String.join(" ", command) + "\n");
            Duration deadline = Duration.ofMillis(Math.round(plannedSeconds * 4_000) + preset.timeoutMillis() + 60_000);
            LoadProcess.Ended ended = load.run(command, runDir, deadline, progress::pass);
            loading.set(false);
            if (poller != null) {
                try {
                    poller.join(5_000);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            TargetStats statsAfter = probe.stats().orElse(null);
            progress.done(plannedSeconds + overheadSeconds);
            LoadSummary summary = null;
            Path summaryFile = ended.summaryFile() != null ? ended.summaryFile() : runDir.resolve("summary.json");
            String failure = null;
            if (Files.isRegularFile(summaryFile)) {
                summary = ResultsJson.readSummary(summaryFile);
            }
            if (ended.overran()) {
                failure = "stopped after its deadline of " + deadline.toSeconds() + " s";
            } else if (interruption.requested()) {
                // Stopped on purpose: SIGINT gives 130, the SIGTERM the runner sends 143; neither is the generator failing.
                failure = summary == null ? "interrupted before the generator wrote a summary" : null;
            } else if (summary == null) {
                failure = "the load command exited with status " + ended.exitCode() + " and wrote no summary"
                        + TargetProcess.lastWords(runDir.resolve(LoadProcess.STDERR));
            } else if (ended.exitCode() != 0 && ended.exitCode() != 130) {
                failure = "the load command exited with status " + ended.exitCode();
            }
            if (failure != null) {
                progress.say(target + " " + preset.scenario() + (index == 0 ? " warm-up" : " #" + index) + ": " + failure);
            }
            return new Repetition(index, 0, plan.out().relativize(runDir).toString(), ended.exitCode(), summary, failure,
                    statsBefore, statsAfter, peak.get() >= 0 ? peak.get() : null,
                    statsBefore == null ? 0 : statsBefore.completed(), false, null);
        }

        /** Polls /stats while the requests are held; the most seen in flight at once is the scenario's result. */
        private void pollInFlight(AtomicBoolean loading, AtomicLong peak) {
            while (loading.get() && process.alive()) {
                probe.statsOnce().ifPresent(stats -> peak.accumulateAndGet(stats.inFlight(), Math::max));
                try {
                    Thread.sleep(POLL_INTERVAL.toMillis());
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }

        private List<String> arguments(Preset preset, int index) {
            List<String> arguments = new ArrayList<>();
            arguments.add(process.url() + preset.path());
            if (preset.allAtOnce()) {
                arguments.addAll(List.of("--all-at-once", String.valueOf(preset.requests())));
            } else {
                arguments.addAll(List.of("--rate", String.valueOf(preset.rate()), "--arrivals", "exponential",
                        "--requests", String.valueOf(preset.requests()),
                        "--preconnect", String.valueOf(preset.expectedConnections())));
                if (index > 0) {
                    arguments.addAll(List.of("--warmup", Math.max(1, Math.round(GENERATOR_WARMUP.toMillis() * plan.scale())) + "ms"));
                }
            }
            // Each repetition its own seed, the same in every run: run A's #2 and run B's #2 send the same schedule.
            arguments.addAll(List.of("--seed", String.valueOf(index)));
            common(preset, arguments, preset.scenario().cliName() + "#" + index, index);
            return arguments;
        }

        /**
         * The generator's priming loop (requests before its clock starts, recorded nowhere) compiles its
         * own hot paths before an open run. None for concurrency-level: its primed requests would wait the
         * whole hold on the target and count in its in-flight figure. None for a warm-up, which warms
         * everything itself. Scaled down with --scale, like every other count.
         */
        private void primeArguments(Preset preset, int index, List<String> arguments) {
            if (preset.allAtOnce() || index == 0) {
                arguments.addAll(List.of("--prime", "0"));
            } else {
                arguments.addAll(List.of("--prime", String.valueOf(Math.round(SUITE_PRIME_REQUESTS * plan.scale()))));
            }
        }

        private List<String> warmupArguments(Preset preset) {
            List<String> arguments = new ArrayList<>();
            arguments.add(process.url() + preset.path());
            arguments.addAll(List.of("--concurrency", String.valueOf(preset.warmupConnections()),
                    "--requests", String.valueOf(preset.warmupRequests())));
            common(preset, arguments, preset.scenario().cliName() + "/warmup", 0);
            return arguments;
        }

        private void common(Preset preset, List<String> arguments, String label, int index) {
            Path runDir = dir.resolve(preset.scenario().cliName()).resolve(index == 0 ? "warmup" : "rep-" + index);
            primeArguments(preset, index, arguments);
            arguments.addAll(List.of("--timeout", preset.timeoutMillis() + "ms",
                    "--source-addresses", String.valueOf(plan.network().sourceAddresses()),
                    "--out", runDir.toString(),
                    "--label", target + "/" + label));
        }
    }
}
