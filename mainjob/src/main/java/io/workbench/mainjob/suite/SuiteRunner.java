package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.GcLog;
import io.workbench.mainjob.report.ReportWriter;
import io.workbench.mainjob.report.ResultsJson;
import io.workbench.mainjob.report.results.Environment;
import io.workbench.mainjob.report.results.RateSearch;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import io.workbench.mainjob.suite.generator.GeneratorProcess;
import io.workbench.mainjob.suite.proc.SamplingThread;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The main job. Targets run in groups that fit in memory at once ({@link TargetGroups}; usually
 * one). For each group: start every target's JVM (pinned to the target core, where the idle ones
 * wait beside the one measured), then scenario by scenario: warm each target ({@link TargetWarmup}),
 * then rounds, each measuring every target once in an order rotated by one per round, so that no
 * target is always first after a warm-up or always last before the machine drifts; for overhead,
 * then each target's search for its highest sustained rate. Then stop the group's targets and read
 * their GC logs. Every load run goes through one generator JVM for the whole run
 * ({@link GeneratorProcess}), pinned to the generator core, and every measured run records the
 * target's own costs over its measured phase.
 *
 * <p>A target that refuses, fails to start or crashes is recorded and the others go on; an
 * interruption stops the run under way and keeps what finished. results.json is rewritten after
 * every scenario, so even a killed run leaves what it measured, then report.md and report.html.
 */
public final class SuiteRunner {

    /** Two targets whose figures differ by less than this share are equivalent. */
    static final double PRACTICAL_MARGIN = 0.05;

    private final SuitePlan plan;
    private final Progress progress;
    private final Interruption interruption;
    private final GeneratorProcess generator;
    private final Environment environment;
    private final long startedEpochMillis = System.currentTimeMillis();
    private final Map<TargetId, TargetRun> finished = new LinkedHashMap<>();
    private final List<TargetSession> running = new ArrayList<>();

    /**
     * @param generator the run's generator JVM, not started yet (the interruption handler may stop it)
     */
    public SuiteRunner(SuitePlan plan, Progress progress, Interruption interruption, GeneratorProcess generator) {
        this.plan = plan;
        this.progress = progress;
        this.interruption = interruption;
        this.generator = generator;
        this.environment = MachineFacts.environment(plan.launch(), plan.pinning(), plan.network().description(),
                ConcurrencyLimit.hardDescriptorLimit().orElse(-1L));
    }

    /** Runs every group, writes results.json, report.md and report.html, and returns the results. */
    public RunResults run() throws IOException {
        Files.createDirectories(plan.out());
        ScheduledExecutorService sampling = SamplingThread.start();
        try {
            LoadArguments arguments = new LoadArguments(plan.network().sourceAddresses(), plan.scale(), plan.trace());
            LoadRuns runs = new LoadRuns(plan.out(), generator, sampling, progress, interruption,
                    Stream.concat(plan.network().loadPrefix().stream(), plan.pinning().load().stream()).toList());
            for (List<TargetId> group : plan.groups().groups()) {
                if (interruption.requested()) {
                    group.forEach(this::notRun);
                    continue;
                }
                runGroup(group, runs, arguments);
                write(false);
            }
        } finally {
            generator.close();
            sampling.shutdownNow();
        }
        RunResults results = write(true);
        ReportWriter.write(plan.out(), results);
        return results;
    }

    private void runGroup(List<TargetId> group, LoadRuns runs, LoadArguments arguments) throws IOException {
        running.clear();
        for (TargetId target : group) {
            if (interruption.requested()) {
                notRun(target);
                continue;
            }
            start(target).ifPresent(running::add);
        }
        try {
            TargetWarmup warmup = new TargetWarmup(runs, arguments, WarmupRule.STEADY_WITHIN_5_PERCENT, progress, interruption::requested);
            for (Preset preset : plan.presets()) {
                scenario(preset, runs, arguments, warmup);
                write(false);
            }
        } finally {
            for (TargetSession session : running) {
                progress.step(session.id().toString(), "stopping its JVM");
                finished.put(session.id(), session.stop(interruption.requested()));
            }
            running.clear();
        }
    }

    private Optional<TargetSession> start(TargetId target) throws IOException {
        Path dir = plan.out().resolve(target.dirName());
        long started = System.currentTimeMillis();
        progress.step(target.toString(), "starting its JVM");
        List<String> command = new ArrayList<>(LaunchLines.target(plan.network(), plan.pinning(), plan.launch(), target, dir));
        if (plan.trace()) {
            command.add("--trace");
        }
        TargetProcess.Outcome outcome = TargetProcess.start(command, dir, plan.readyTimeout());
        progress.done(SuitePlan.STARTUP_SECONDS);
        if (outcome instanceof TargetProcess.NotStarted notStarted) {
            progress.say(target + ": " + notStarted.reason());
            progress.done(plan.perTargetSeconds() - SuitePlan.STARTUP_SECONDS);
            finished.put(target, new TargetRun(target.toString(), target.copy(), target.server(), target.strategy(),
                    notStarted.refused() ? TargetRun.Status.REFUSED : TargetRun.Status.FAILED, notStarted.reason(),
                    notStarted.exitCode(), plan.out().relativize(dir).toString(), null, null, started,
                    System.currentTimeMillis(), GcLog.pauses(dir.resolve(GcLog.FILE_NAME)), List.of()));
            return Optional.empty();
        }
        TargetProcess process = ((TargetProcess.Started) outcome).target();
        Long descriptorLimit = ConcurrencyLimit.descriptorLimit(Path.of("/proc", String.valueOf(process.pid()), "limits"), false)
                .orElse(null);
        TargetStatsProbe probe;
        try {
            probe = plan.network().probe(process.url());
        } catch (IOException noProbe) {
            // The relay JVM could not start: stop the target rather than leave it running in a namespace about to go.
            process.stop();
            throw noProbe;
        }
        return Optional.of(new TargetSession(target, dir, plan.out().relativize(dir).toString(), process, probe, descriptorLimit, started));
    }

    /** A target the run never got to: listed, so the report shows what the interruption left out. */
    private void notRun(TargetId target) {
        long now = System.currentTimeMillis();
        finished.put(target, new TargetRun(target.toString(), target.copy(), target.server(), target.strategy(), TargetRun.Status.INTERRUPTED,
                "not run: the run was interrupted before this target", null, target.dirName(), null, null, now, now, List.of(), List.of()));
    }

    private void scenario(Preset preset, LoadRuns runs, LoadArguments arguments, TargetWarmup warmup) throws IOException {
        List<TargetSession> targets = new ArrayList<>();
        for (TargetSession session : running) {
            if (interruption.requested() || !session.alive()) {
                progress.done(preset.estimatedSeconds());
                continue;
            }
            TargetSession.ScenarioProgress scenario = session.scenario(preset);
            if (preset.stream()) {
                Optional<Integer> status = session.probe().status("/stream?bytes=16");
                if (status.isEmpty() || status.get() != 200) {
                    String note = "the target does not serve /stream (" + status.map(code -> "status " + code).orElse("no answer") + ")";
                    progress.say(session.id() + " " + preset.scenario() + " skipped: " + note);
                    progress.done(preset.estimatedSeconds());
                    scenario.ended(ScenarioRun.Status.SKIPPED, note);
                    continue;
                }
            }
            targets.add(session);
        }
        for (TargetSession session : targets) {
            if (interruption.requested() || !session.alive()) {
                continue;
            }
            progress.step(session.id().toString(), preset.scenario() + " warm-up (closed, " + preset.warmupConnections() + " connections, "
                    + session.warmedOn(preset.warmupPath()).map(earlier -> "checked after the " + earlier + " warm-up on the same path")
                            .orElse(preset.warmupRequests() + " requests") + ", in windows of " + preset.warmupWindow() + ")");
            boolean check = session.warmedOn(preset.warmupPath()).isPresent();
            session.scenario(preset).warmedUp(warmup.run(session, preset));
            progress.done(check ? preset.warmupCheckSeconds() : preset.warmupSeconds());
        }
        for (int round = 1; round <= preset.repetitions(); round++) {
            for (int position = 1; position <= targets.size(); position++) {
                // Round r starts with the r-th target: the order rotates by one every round.
                TargetSession session = targets.get((position - 1 + round - 1) % targets.size());
                if (interruption.requested() || !session.alive()) {
                    progress.done(preset.runSeconds());
                    continue;
                }
                progress.step(session.id().toString(), preset.scenario() + " round " + round + "/" + preset.repetitions()
                        + (targets.size() > 1 ? ", " + ordinal(position) + " of " + targets.size() : ""));
                TargetSession.ScenarioProgress scenario = session.scenario(preset);
                Path dir = session.dir().resolve(preset.scenario().cliName()).resolve("round-" + round);
                List<String> load = arguments.measured(session.url(), preset, round, !preset.allAtOnce() && runs.takePriming(), dir,
                        session.id() + "/" + preset.scenario() + "#" + round);
                Repetition measured = runs.measured(session, running, preset, round, position, dir, load, scenario.warm(), preset.runSeconds());
                scenario.measured(measured);
                progress.done(preset.runSeconds());
            }
        }
        if (preset.search() != null) {
            for (TargetSession session : targets) {
                if (interruption.requested() || !session.alive()) {
                    progress.done(preset.searchSeconds());
                    continue;
                }
                session.scenario(preset).searched(search(session, preset, runs, arguments));
                progress.done(preset.searchSeconds());
            }
        }
        for (TargetSession session : targets) {
            if (!interruption.requested() && session.alive()) {
                session.scenario(preset).finished();
            }
        }
    }

    private RateSearch search(TargetSession session, Preset preset, LoadRuns runs, LoadArguments arguments) {
        Preset.SearchPlan searchPlan = preset.search();
        boolean warm = session.scenario(preset).warm();
        SustainedRateSearch search = new SustainedRateSearch(searchPlan, preset.rate(), GeneratorReach.REFERENCE.openRate());
        return search.search((step, rate) -> {
            if (interruption.requested() || !session.alive()) {
                return Optional.empty();
            }
            progress.step(session.id().toString(), preset.scenario() + " search, step " + step + ": " + Math.round(rate) + " req/s");
            Path dir = session.dir().resolve(preset.scenario().cliName()).resolve("search-" + step);
            List<String> load = arguments.searchStep(session.url(), preset, rate, searchPlan.stepSeconds(), step, runs.takePriming(), dir,
                    session.id() + "/" + preset.scenario() + "/search-" + step);
            try {
                return Optional.of(runs.measured(session, running, preset, 0, 0, dir, load, warm,
                        Preset.GENERATOR_WARMUP_SECONDS + searchPlan.stepSeconds()));
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
        });
    }

    private static String ordinal(int position) {
        return switch (position) {
            case 1 -> "1st";
            case 2 -> "2nd";
            case 3 -> "3rd";
            default -> position + "th";
        };
    }

    private int rounds() {
        return plan.presets().stream().mapToInt(Preset::repetitions).max().orElse(0);
    }

    /** results.json with every target run so far, in the order listed; the ones under way as they stand. */
    private RunResults write(boolean last) throws IOException {
        Map<TargetId, TargetRun> byTarget = new LinkedHashMap<>(finished);
        for (TargetSession session : running) {
            byTarget.put(session.id(), session.snapshot());
        }
        List<TargetRun> targets = plan.targets().stream().filter(byTarget::containsKey).map(byTarget::get).toList();
        List<List<String>> groups = plan.groups().groups().stream().map(group -> group.stream().map(TargetId::toString).toList()).toList();
        RunResults results = new RunResults(RunResults.FORMAT, plan.command(), plan.profile().cliName(), plan.scale(),
                startedEpochMillis, System.currentTimeMillis(), interruption.requested(),
                last ? environment.withLoadAverageEnd(MachineFacts.loadAverage()) : environment, plan.cap(),
                plan.presets().stream().map(Preset::record).toList(), targets, rounds(), groups, PRACTICAL_MARGIN);
        ResultsJson.writeRun(plan.out(), results);
        return results;
    }
}
