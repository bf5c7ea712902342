package io.workbench.mainjob.findings;

import io.workbench.mainjob.report.results.ScenarioPreset;

/**
 * What a scenario compares its targets by, one figure per scenario, the same in a run's report and
 * in a comparison of two runs.
 */
public enum Figure {

    /**
     * The time the target added beyond the wait it was asked for: the median of tried->end (from
     * the moment the generator tried to send, so its own lateness never enters; waiting for a
     * connection included, since that wait is the target's backlog) minus the scenario's fixed
     * wait. The median, not the mean: one stall of a few tens of milliseconds in a run moves the
     * mean of sub-millisecond times by more than the difference between two targets, and whether a
     * round holds one is chance; the tail is in the tables and the costs beside it.
     */
    LATENCY_BEYOND_WAIT("median time beyond the wait", "ms", Bootstrap.Direction.LOWER_IS_BETTER),
    /**
     * The target process's CPU time (user and kernel, every thread) per request it completed, over
     * the overhead scenario's measured phase at one rate every target holds: the cost of its HTTP
     * stack per request.
     */
    CPU_PER_REQUEST("CPU per request", "us", Bootstrap.Direction.LOWER_IS_BETTER),
    /** The most requests the target had in flight at once (concurrency-level). */
    IN_FLIGHT("requests in flight at once", "", Bootstrap.Direction.HIGHER_IS_BETTER),
    /** The share of the schedule a target that fell behind held (completed over scheduled). */
    HELD_SHARE("share of the schedule held", "", Bootstrap.Direction.HIGHER_IS_BETTER);

    /** The overhead scenario's name: its figure is CPU per request. */
    public static final String OVERHEAD = "overhead";

    private final String description;
    private final String unit;
    private final Bootstrap.Direction direction;

    Figure(String description, String unit, Bootstrap.Direction direction) {
        this.description = description;
        this.unit = unit;
        this.direction = direction;
    }

    /** The figure a scenario ranks its targets by. */
    public static Figure of(ScenarioPreset preset) {
        if ("all-at-once".equals(preset.model())) {
            return IN_FLIGHT;
        }
        return OVERHEAD.equals(preset.scenario()) ? CPU_PER_REQUEST : LATENCY_BEYOND_WAIT;
    }

    public String description() {
        return description;
    }

    /** ms, us, or empty for a count or a share. */
    public String unit() {
        return unit;
    }

    public Bootstrap.Direction direction() {
        return direction;
    }
}
