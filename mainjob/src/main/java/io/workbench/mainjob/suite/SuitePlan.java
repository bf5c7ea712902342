package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.results.ConcurrencyCap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Everything a suite run is told before it starts: which targets, which scenario presets (already
 * scaled and capped), where the results go and how the JVMs are launched.
 *
 * @param command      the command line, for the report
 * @param profile      the profile the presets come from
 * @param scale        the test-only shortening factor (1 for real runs)
 * @param targets      the cells to run, in order (a cell listed twice is two targets, the second {@code #2})
 * @param groups       the targets by interleaving group: those that run at the same time
 * @param presets      the scenarios to run against each, in order
 * @param cap          the concurrency-level cap and its reason
 * @param out          the run's directory (created)
 * @param launch       the java and the class paths
 * @param pinning      the CPUs of target and generator
 * @param network      how target and generator are connected (and, for the report, its description)
 * @param readyTimeout how long a target may take to print READY
 * @param trace        whether targets stamp the requests and each measured run joins their stamps to its own ({@code --trace})
 */
public record SuitePlan(String command, Profile profile, double scale, List<TargetId> targets, TargetGroups groups, List<Preset> presets,
                        ConcurrencyCap cap, Path out, JvmLaunch launch, Pinning pinning, Network network,
                        Duration readyTimeout, boolean trace) {

    /** The planned seconds of the whole run, for the progress bar. */
    public double plannedSeconds() {
        return targets.size() * perTargetSeconds();
    }

    /**
     * One target's share: its start and, per scenario, its warm-up (a full one on a path the first
     * time, a check after), its runs and its search.
     */
    public double perTargetSeconds() {
        double seconds = STARTUP_SECONDS;
        java.util.Set<String> warmed = new java.util.HashSet<>();
        for (Preset preset : presets) {
            seconds += preset.estimatedSeconds();
            if (preset.hasWarmup() && !warmed.add(preset.warmupPath())) {
                seconds -= preset.warmupSeconds() - preset.warmupCheckSeconds();
            }
        }
        return seconds;
    }

    /** A target JVM's start, until READY, and its stop. */
    static final double STARTUP_SECONDS = 3;
}
