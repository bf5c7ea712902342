package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.GcLog;
import io.workbench.mainjob.report.results.RateSearch;
import io.workbench.mainjob.report.results.Repetition;
import io.workbench.mainjob.report.results.ScenarioRun;
import io.workbench.mainjob.report.results.TargetRun;
import io.workbench.mainjob.report.results.TargetStats;
import io.workbench.mainjob.report.results.Warmup;
import io.workbench.mainjob.suite.proc.ProcessProbe;
import io.workbench.mainjob.suite.proc.TargetCounters;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One target JVM from its start to its stop, with what the run has measured of it so far, scenario
 * by scenario: its warm-up, its measured runs (one per round), its overhead search. The runner
 * interleaves the targets of a group, so each session collects its own runs as they come.
 */
final class TargetSession {

    private final TargetId id;
    private final Path dir;
    private final String relativeDir;
    private final TargetProcess process;
    private final TargetStatsProbe probe;
    private final ProcessProbe processProbe;
    private final Long descriptorLimit;
    private final long startedEpochMillis;
    private final Map<Scenario, ScenarioProgress> scenarios = new LinkedHashMap<>();
    /** The warm-up paths this JVM has had a full warm-up on, and the scenario whose warm-up it was. */
    private final Map<String, Scenario> warmedPaths = new LinkedHashMap<>();

    TargetSession(TargetId id, Path dir, String relativeDir, TargetProcess process, TargetStatsProbe probe, Long descriptorLimit,
                  long startedEpochMillis) {
        this.id = id;
        this.dir = dir;
        this.relativeDir = relativeDir;
        this.process = process;
        this.probe = probe;
        this.processProbe = new ProcessProbe(process.pid());
        this.descriptorLimit = descriptorLimit;
        this.startedEpochMillis = startedEpochMillis;
    }

    TargetId id() {
        return id;
    }

    Path dir() {
        return dir;
    }

    String url() {
        return process.url();
    }

    boolean alive() {
        return process.alive();
    }

    TargetStatsProbe probe() {
        return probe;
    }

    ProcessProbe processProbe() {
        return processProbe;
    }

    /** Its /stats, one try each, for the phase sampler. */
    TargetCounters counters() {
        return new TargetCounters() {
            @Override
            public Optional<TargetStats> stats() {
                return probe.statsOnce();
            }

            @Override
            public Optional<TargetStats> statsResettingPeaks() {
                return probe.statsResettingPeaks();
            }
        };
    }

    Path gcLog() {
        return dir.resolve(GcLog.FILE_NAME);
    }

    /** The scenario whose full warm-up this JVM had on {@code path}, if any. */
    Optional<Scenario> warmedOn(String path) {
        return Optional.ofNullable(warmedPaths.get(path));
    }

    /** Records a full warm-up on {@code path}, by {@code scenario}'s warm-up. */
    void warmedOn(String path, Scenario scenario) {
        warmedPaths.putIfAbsent(path, scenario);
    }

    /** What has been measured of {@code preset}'s scenario, begun now if it had not been. */
    ScenarioProgress scenario(Preset preset) {
        return scenarios.computeIfAbsent(preset.scenario(), scenario -> new ScenarioProgress(preset));
    }

    /** What one scenario has measured of this target so far. */
    static final class ScenarioProgress {

        private final Preset preset;
        private final List<Repetition> repetitions = new ArrayList<>();
        private Warmup warmup;
        private RateSearch search;
        private ScenarioRun.Status endedAs;
        private String note;
        private boolean finished;

        ScenarioProgress(Preset preset) {
            this.preset = preset;
        }

        void warmedUp(Warmup done) {
            this.warmup = done;
        }

        /** True when its warm-up ended steady: its runs may feed findings. */
        boolean warm() {
            return warmup != null && warmup.warm();
        }

        void measured(Repetition repetition) {
            repetitions.add(repetition);
        }

        void searched(RateSearch done) {
            this.search = done;
        }

        /** Ends the scenario for this target as skipped or failed, with why. */
        void ended(ScenarioRun.Status status, String why) {
            this.endedAs = status;
            this.note = why;
        }

        /** Every round (and search) of the scenario has had its turn with this target. */
        void finished() {
            this.finished = true;
        }

        boolean skipped() {
            return endedAs == ScenarioRun.Status.SKIPPED;
        }

        ScenarioRun record(boolean interrupted, boolean targetAlive, String lastWords) {
            ScenarioRun.Status status;
            String why = note;
            long kept = repetitions.stream().filter(Repetition::measured).count();
            if (endedAs != null) {
                status = endedAs;
            } else if (finished) {
                status = kept > 0 ? ScenarioRun.Status.DONE : ScenarioRun.Status.FAILED;
                why = kept > 0 ? null : repetitions.isEmpty() ? "no measured run" : repetitions.getFirst().failure();
            } else if (!targetAlive) {
                status = ScenarioRun.Status.FAILED;
                why = "the target exited during this scenario" + lastWords;
            } else {
                status = ScenarioRun.Status.INTERRUPTED;
                why = (interrupted ? "interrupted; " : "still being measured; ") + kept + " measured run(s) kept";
            }
            return new ScenarioRun(preset.record(), status, why, warmup, List.copyOf(repetitions), search);
        }
    }

    /**
     * Its record as it stands while the run goes on, for a results.json written before the end:
     * marked interrupted, with why, in case the run ends without writing another.
     */
    TargetRun snapshot() throws IOException {
        return record(TargetRun.Status.INTERRUPTED, "the run was still measuring this target when this file was written", null,
                System.currentTimeMillis(), true);
    }

    /** Stops the JVM and gives its record: how it ended, its GC pauses, every scenario's runs. */
    TargetRun stop(boolean interrupted) throws IOException {
        Optional<Integer> crashed = process.exitedWith();
        int exit = process.stop();
        probe.close();
        TargetRun.Status status;
        String failure = null;
        // Interruption first: Ctrl-C in a terminal reaches the whole process group, so the target may have
        // ended on the same signal, which is not a crash.
        if (interrupted) {
            status = TargetRun.Status.INTERRUPTED;
        } else if (crashed.isPresent()) {
            status = TargetRun.Status.FAILED;
            failure = "exited with status " + crashed.get() + " under load" + lastWords();
        } else if (exit != 0) {
            status = TargetRun.Status.FAILED;
            failure = "exited with status " + exit + " when stopped" + lastWords();
        } else {
            status = TargetRun.Status.OK;
        }
        return record(status, failure, exit, System.currentTimeMillis(), interrupted);
    }

    private TargetRun record(TargetRun.Status status, String failure, Integer exit, long stopped, boolean interrupted) throws IOException {
        List<ScenarioRun> runs = new ArrayList<>();
        boolean alive = process.alive() || status != TargetRun.Status.FAILED;
        for (ScenarioProgress scenario : scenarios.values()) {
            runs.add(scenario.record(interrupted, alive, lastWords()));
        }
        return new TargetRun(id.toString(), id.copy(), id.server(), id.strategy(), status, failure, exit, relativeDir, process.url(),
                descriptorLimit, startedEpochMillis, stopped, GcLog.pauses(gcLog()), runs);
    }

    String lastWords() {
        return TargetProcess.lastWords(dir.resolve(TargetProcess.STDERR));
    }

    @Override
    public String toString() {
        return "TargetSession[" + id + ", " + process + ", scenarios=" + scenarios.keySet() + "]";
    }
}
