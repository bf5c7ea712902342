package io.workbench.mainjob.report.results;

import java.util.List;

/**
 * One target JVM's session: started with the other targets of its interleaving group, warmed per
 * scenario, measured once in every round, stopped.
 *
 * @param id                  {@code server:strategy}, e.g. {@code jetty-handler:sync}; a cell listed twice in one
 *                            run is a second target whose id ends {@code #2} (an A/A test of the whole chain)
 * @param copy                1, or 2.. for the second and later listing of the same cell
 * @param server              the server technology
 * @param strategy            how its /hello spends the wait
 * @param status              how the session ended
 * @param failure             what went wrong (the target's last stderr words), or null
 * @param exitCode            the target's exit status, or null if it was not started or did not exit
 * @param dir                 its directory relative to the run's root (stderr, GC log, scenarios)
 * @param url                 where it listened (its READY line), or null
 * @param descriptorLimit     the target's open-files limit as the kernel showed it, or null
 * @param startedEpochMillis  when it was started
 * @param stoppedEpochMillis  when it was stopped
 * @param gcPauses            its GC pauses over the whole session, from its GC log
 * @param scenarios           the scenarios run against it, in order
 */
public record TargetRun(String id, int copy, String server, String strategy, Status status, String failure,
                        Integer exitCode, String dir, String url, Long descriptorLimit,
                        long startedEpochMillis, long stoppedEpochMillis, List<GcPause> gcPauses,
                        List<ScenarioRun> scenarios) {

    public enum Status {
        /** Started, every scenario ran, stopped with exit status 0. */
        OK,
        /** The target command refused the cell (exit 2) with a reason. */
        REFUSED,
        /** It could not start, printed no READY in time, or crashed. */
        FAILED,
        /** Ctrl-C stopped the run while this target was under load. */
        INTERRUPTED
    }

    public ScenarioRun scenario(String name) {
        return scenarios.stream().filter(run -> run.scenario().equals(name)).findFirst().orElse(null);
    }
}
