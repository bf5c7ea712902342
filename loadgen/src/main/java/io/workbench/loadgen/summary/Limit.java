package io.workbench.loadgen.summary;

import java.util.Arrays;
import java.util.Optional;

/**
 * What limited a run, as {@code summary.json}'s {@code validity.limitedBy} names it. Only the
 * generator's side can make a run invalid: what the target does (slow or failed responses, slow
 * accepts, a backlog that fills the connection cap) is what a run measures, never a reason to
 * distrust it; a target that fell behind is named in {@code targetFellBehind}.
 */
public enum Limit {

    /** Nothing: the run is valid. */
    NONE("none", "nothing"),
    /** The generator's loop had no idle time left, or its process no CPU. */
    GENERATOR_CPU("generator-cpu", "the generator's CPU (its loop had no idle time left, or its process no CPU)"),
    /** The generator was late while it still had idle time. */
    GENERATOR_PACING("generator-pacing", "the generator's pacing (late while it had idle time)"),
    /**
     * Requests waited for a connection the engine's connection cap would not give: Hyperfoil's
     * shared connections, and this generator's summaries written before a cap reached by the
     * target's backlog became a finding (the target fell behind) instead of a limit.
     */
    CONNECTION_CAP("connection-cap", "the connection cap (requests waited for a connection it would not give)"),
    /** Requests waited for a connection the kernel's descriptor limit would not give. */
    DESCRIPTOR_LIMIT("descriptor-limit", "the descriptor limit (requests waited for a connection the kernel would not give)"),
    /** The run was stopped before its schedule was through. */
    INTERRUPTED("interrupted", "an interruption"),
    /** No measured request got a response. */
    NO_RESPONSE("no-response", "no response at all"),
    /** The data cannot be judged; the reasons say what it lacks. */
    NOT_JUDGED("not-judged", "the data could not be judged");

    private final String label;
    private final String description;

    Limit(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** The name summary.json uses, e.g. {@code generator-cpu}. */
    public String label() {
        return label;
    }

    /** What it means, in a few words for a sentence. */
    public String description() {
        return description;
    }

    public static Optional<Limit> byLabel(String label) {
        return Arrays.stream(values()).filter(limit -> limit.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
