package io.workbench.mainjob.report.results;

import java.util.List;

/**
 * One scenario against one target: its warm-up and every measured repetition, all kept.
 *
 * @param preset      what it ran with
 * @param status      how it ended
 * @param note        why it was skipped or failed (one line), or null
 * @param warmup      the warm-up before the target's first measured run of the scenario, or null when the scenario
 *                    has none or it did not run
 * @param repetitions the measured repetitions, one per round, in round order
 * @param search      the overhead scenario's search for the highest sustained rate, or null for the other scenarios
 */
public record ScenarioRun(ScenarioPreset preset, Status status, String note, Warmup warmup,
                          List<Repetition> repetitions, RateSearch search) {

    public enum Status {
        /** Every repetition ran (each has its own validity verdict). */
        DONE,
        /** The target does not offer what the scenario needs; nothing was sent. */
        SKIPPED,
        /** A load run could not start or the target died during it. */
        FAILED,
        /** Ctrl-C stopped it; the repetitions that finished are kept. */
        INTERRUPTED
    }

    public String scenario() {
        return preset.scenario();
    }

    /** The repetitions that left a summary. */
    public List<Repetition> measured() {
        return repetitions.stream().filter(Repetition::measured).toList();
    }
}
