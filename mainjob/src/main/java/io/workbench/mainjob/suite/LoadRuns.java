package io.workbench.mainjob.suite;

import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.ResultsJson;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.TargetCost;
import io.workbench.mainjob.report.results.TargetStats;
import io.workbench.mainjob.suite.generator.GeneratorProcess;
import io.workbench.mainjob.suite.generator.GeneratorService;
import io.workbench.mainjob.suite.proc.MeasuredStart;
import io.workbench.mainjob.suite.proc.PerThread;
import io.workbench.mainjob.suite.proc.PhaseSampler;
import io.workbench.mainjob.suite.proc.ProcessProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes one load run against one target through the run's generator and records it as a
 * {@link Repetition}: a measured run with the target's costs over its measured phase (a
 * {@link PhaseSampler}), or a warm-up window with the target's CPU over it. Every run leaves its
 * directory: the generator's files, {@code load.stderr}, {@code command.txt} (the equivalent
 * {@code ./workbench load} command) and, for a measured run, {@code target-samples.csv}.
 */
final class LoadRuns {

    /** How often the concurrency-level scenario reads the target's /stats while the requests are held. */
    static final Duration POLL_INTERVAL = Duration.ofMillis(200);

    private final Path runRoot;
    private final GeneratorProcess generator;
    private final ScheduledExecutorService sampling;
    private final Progress progress;
    private final Interruption interruption;
    private final String commandPrefix;

    /**
     * @param commandPrefix what goes before {@code ./workbench load} in {@code command.txt} for the run's
     *     command to be the one a user would type: the generator's namespace and pinning
     */
    LoadRuns(Path runRoot, GeneratorProcess generator, ScheduledExecutorService sampling, Progress progress, Interruption interruption,
            List<String> commandPrefix) {
        this.runRoot = runRoot;
        this.commandPrefix = commandPrefix.isEmpty() ? "" : String.join(" ", commandPrefix) + " ";
        this.generator = generator;
        this.sampling = sampling;
        this.progress = progress;
        this.interruption = interruption;
    }

    /** True once, for the first open run of each generator JVM: that run primes the generator. */
    boolean takePriming() {
        return generator.takePriming();
    }

    /**
     * A measured run: the target's counters are read at its measured phase's start (for all-at-once,
     * before anything is sent: its connects and sends are what it measures), about once a second,
     * and at its end.
     *
     * @param neighbours the targets of the group (this one among them or not), idle while this one is measured
     * @param index    the round (or 0 for a search step)
     * @param position where the target came in the round's order (0 outside rounds)
     * @param warm     whether the target's warm-up for this scenario ended steady
     */
    Repetition measured(TargetSession target, List<TargetSession> neighbours, Preset preset, int index, int position, Path runDir,
                        List<String> arguments, boolean warm, double plannedSeconds) throws IOException {
        Files.createDirectories(runDir);
        TargetStats before = target.probe().stats().orElse(null);
        PhaseSampler sampler = new PhaseSampler(target.processProbe(), target.counters(), target.gcLog(), sampling,
                neighbours.stream().filter(neighbour -> neighbour != target && neighbour.alive()).map(TargetSession::processProbe).toList());
        AtomicLong peak = new AtomicLong(-1);
        ScheduledFuture<?> poller = null;
        if (preset.allAtOnce()) {
            sampler.startNow();
            poller = sampling.scheduleAtFixedRate(() -> target.probe().statsOnce().ifPresent(stats ->
                    peak.accumulateAndGet(stats.inFlight(), Math::max)), 0, POLL_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        } else {
            sampler.startWhen(() -> MeasuredStart.read(runDir.resolve("latency.hlog")));
        }
        Ran ran = run(target, preset, runDir, arguments, plannedSeconds);
        if (poller != null) {
            poller.cancel(false);
        }
        TargetCost cost = sampler.finish(runDir.resolve(PhaseSampler.FILE_NAME)).orElse(null);
        TargetStats after = target.probe().stats().orElse(null);
        return new Repetition(index, position, runRoot.relativize(runDir).toString(), ran.exitCode(), ran.summary(), ran.failure(),
                before, after, peak.get() >= 0 ? peak.get() : null, before == null ? 0 : before.served(), warm, cost);
    }

    /**
     * The target idle between two runs: what it has served ({@code /stats}) and its threads' CPU time
     * (the scheduler's, to the nanosecond, where the process's own ticks are 10 ms), the collector's
     * left out; either is null when it could not be read.
     */
    record Idle(TargetStats stats, PerThread cpu) {

        static Idle read(TargetSession target) {
            return new Idle(target.probe().stats().orElse(null),
                    target.processProbe().runTimes(name -> !ProcessProbe.collector(name)).orElse(null));
        }
    }

    /**
     * One warm-up window.
     *
     * @param run      the window's load run
     * @param after    the target read after it (the next window's start)
     * @param served   requests the target finished in it, or -1 when /stats could not be read
     * @param cpuNanos its threads' CPU time in it (the collector's and threads that ended in it left out), or -1
     */
    record Window(Repetition run, Idle after, long served, long cpuNanos) {
    }

    /**
     * One warm-up window: {@code arguments} run with the target idle before and after, read at both
     * ends: {@code before} (the last window's end, or a reading of its own for the first), and after.
     */
    Window window(TargetSession target, Preset preset, Path runDir, List<String> arguments, double plannedSeconds, Idle before)
            throws IOException {
        Files.createDirectories(runDir);
        Ran ran = run(target, preset, runDir, arguments, plannedSeconds);
        Idle after = Idle.read(target);
        Repetition repetition = new Repetition(0, 0, runRoot.relativize(runDir).toString(), ran.exitCode(), ran.summary(), ran.failure(),
                before.stats(), after.stats(), null, before.stats() == null ? 0 : before.stats().served(), false, null);
        return new Window(repetition, after, before.stats() != null && after.stats() != null ? after.stats().served() - before.stats().served() : -1,
                before.cpu() != null && after.cpu() != null ? after.cpu().since(before.cpu()) : -1);
    }

    private record Ran(Integer exitCode, LoadSummary summary, String failure) {
    }

    private Ran run(TargetSession target, Preset preset, Path runDir, List<String> arguments, double plannedSeconds) throws IOException {
        Files.writeString(runDir.resolve("command.txt"), commandPrefix + "./workbench load " + String.join(" ", arguments) + "\n");
        Duration deadline = Duration.ofMillis(Math.round(plannedSeconds * 4_000) + preset.timeoutMillis() + 60_000);
        GeneratorProcess.Ended ended = generator.run(arguments, runDir, deadline, progress::pass);
        LoadSummary summary = null;
        Path summaryFile = ended.summaryFile() != null ? ended.summaryFile() : runDir.resolve("summary.json");
        if (Files.isRegularFile(summaryFile)) {
            summary = ResultsJson.readSummary(summaryFile);
        }
        String failure = null;
        if (ended.overran()) {
            failure = "stopped after its deadline of " + deadline.toSeconds() + " s";
        } else if (interruption.requested()) {
            // Stopped on purpose: the generator was stopped with the run under way.
            failure = summary == null ? "interrupted before the generator wrote a summary" : null;
        } else if (summary == null) {
            failure = "the load run ended with status " + ended.exitCode() + " and wrote no summary"
                    + TargetProcess.lastWords(runDir.resolve(GeneratorService.STDERR));
        } else if (ended.exitCode() != 0 && ended.exitCode() != 130) {
            failure = "the load run ended with status " + ended.exitCode();
        }
        if (failure != null) {
            progress.say(target.id() + " " + preset.scenario() + " " + runRoot.relativize(runDir) + ": " + failure);
        }
        return new Ran(ended.exitCode(), summary, failure);
    }
}
