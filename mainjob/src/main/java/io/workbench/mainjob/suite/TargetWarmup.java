package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.Figures;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.Warmup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Warms a target before its first measured run of a scenario, the 2016 study's way: by requests, a
 * closed model over many connections (the study: 100,000 requests at concurrency 1,000), then
 * checks that it is warm. The requests go in windows, each a load run of its own with the target
 * idle before and after, so that each window's CPU per request is exact: its threads' CPU time over
 * the window (the scheduler's, to the nanosecond) over the requests the target finished in it (its
 * /stats). The collector's threads are left out: a young collection comes every few hundred
 * thousand requests and adds a lump to the one window it falls in (30-225 ms of CPU to windows of
 * 0.5 s, measured on jetty:sync), which says nothing about whether the code is warm; the compiler's
 * threads stay in, their work is the warming. The measured runs' costs count every thread. After the planned requests, the target is warm when the {@link WarmupRule} holds
 * over the last windows; if it does not, the warm-up goes on a window at a time up to
 * {@link Preset#warmupMaxRequests()}, after which the target is recorded not warm, and so are the
 * scenario's runs, which then feed no finding.
 *
 * <p>The study warmed before every scenario. Here a target JVM that has had its full warm-up on a
 * path (the scenarios with a wait share {@code /hello?wait=1}) is, before a later scenario on the
 * same path, only checked: windows until the rule holds, at least as many as it reads, within the
 * same bound. Its earlier warm-up and the rounds since have served it far more than the count.
 */
final class TargetWarmup {

    private final LoadRuns runs;
    private final LoadArguments arguments;
    private final WarmupRule rule;
    private final Progress progress;
    private final BooleanSupplier stop;

    /** @param stop true when the warm-up must end now (an interruption) */
    TargetWarmup(LoadRuns runs, LoadArguments arguments, WarmupRule rule, Progress progress, BooleanSupplier stop) {
        this.runs = runs;
        this.arguments = arguments;
        this.rule = rule;
        this.progress = progress;
        this.stop = stop;
    }

    Warmup run(TargetSession target, Preset preset) throws IOException {
        Path base = target.dir().resolve(preset.scenario().cliName()).resolve("warmup");
        Optional<Scenario> warmedBy = target.warmedOn(preset.warmupPath());
        long planned = warmedBy.isPresent() ? preset.warmupWindow() * rule.windowsRead() : preset.warmupRequests();
        List<Warmup.WarmupWindow> windows = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        List<Repetition> done = new ArrayList<>();
        long window = preset.warmupWindow();
        long sent = 0;
        String stoppedBy = null;
        double windowSeconds = preset.warmupSeconds() / Preset.WARMUP_WINDOWS;
        // The target is idle between two windows: one window's end is the next one's start (one reading of every thread, not two).
        LoadRuns.Idle idle = LoadRuns.Idle.read(target);
        while (sent < preset.warmupMaxRequests()) {
            if (sent >= planned && rule.notWarm(cpu).isEmpty()) {
                break;
            }
            if (stop.getAsBoolean()) {
                stoppedBy = "interrupted";
                break;
            }
            if (!target.alive()) {
                stoppedBy = "the target exited" + target.lastWords();
                break;
            }
            int number = windows.size() + 1;
            Path dir = base.resolve("window-" + number);
            LoadRuns.Window ran = runs.window(target, preset, dir,
                    arguments.warmupWindow(target.url(), preset, window, dir, target.id() + "/" + preset.scenario() + "/warmup-" + number),
                    windowSeconds, idle);
            idle = ran.after();
            done.add(ran.run());
            if (ran.run().summary() == null || ran.served() <= 0 || ran.cpuNanos() < 0) {
                stoppedBy = ran.run().failure() != null ? ran.run().failure()
                        : ran.served() <= 0 ? "the target finished no request in window " + number + " (its /stats)"
                        : "its threads' CPU could not be read";
                break;
            }
            double perRequest = ran.cpuNanos() / 1000.0 / ran.served();
            windows.add(new Warmup.WarmupWindow(ran.served(), perRequest));
            cpu.add(perRequest);
            sent += ran.run().summary().requests().sent();
            progress.pass(String.format(Locale.ROOT, "warm-up window %d: %s requests, %.1f us of CPU each", number,
                    Figures.count(ran.served()), perRequest));
        }
        Optional<String> notWarm = rule.notWarm(cpu);
        boolean warm = stoppedBy == null && notWarm.isEmpty();
        String note = warm ? null : stoppedBy != null ? "stopped: " + stoppedBy
                : notWarm.get() + ", after " + Figures.count(sent) + " requests, the most its warm-up sends";
        if (!warm) {
            progress.say(target.id() + " " + preset.scenario() + ": not warm, its runs feed no finding: " + note);
        }
        if (warmedBy.isEmpty() && stoppedBy == null) {
            target.warmedOn(preset.warmupPath(), preset.scenario());
        }
        return new Warmup(Math.toIntExact(Math.min(preset.warmupConnections(), window)), sent, windows, rule.tolerance(), warm, note, done,
                warmedBy.map(Scenario::cliName).orElse(null));
    }
}
