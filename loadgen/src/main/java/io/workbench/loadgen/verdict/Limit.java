package io.workbench.loadgen.verdict;

import java.util.Locale;

/**
 * What limited a run, from a closed set: the one word a reader (and the suite's report) needs to
 * know whether the run measured the target or something else. Only the generator's own limits
 * make a run invalid; what the target does (slow accepts, slow or failed responses, a backlog that
 * fills the connection cap) is what is being measured, and a target that fell behind is a finding
 * ({@link TargetPace}).
 */
public enum Limit {
    /** Nothing: the generator kept its schedule; the run is valid. */
    NONE("nothing limited the run"),
    /** The generator's loop had no idle time left, or its own threads no CPU: it could not send on time because it was busy. */
    GENERATOR_CPU("the generator's CPU"),
    /** The generator was late while its loop had idle time: its way of waiting for the intended times. */
    GENERATOR_PACING("the generator's pacing"),
    /** The kernel refused the generator a descriptor: the process's own descriptor limit stopped it opening connections. */
    DESCRIPTOR_LIMIT("the descriptor limit"),
    /** The run was stopped before its schedule was through. */
    INTERRUPTED("the run was interrupted"),
    /** No measured request got a response (nor timed out): nothing was measured. */
    NO_RESPONSE("nothing answered"),
    /** Runs of another engine whose data lacks what a verdict needs. */
    NOT_JUDGED("not judged");

    private final String description;

    Limit(String description) {
        this.description = description;
    }

    /** @return its name in summary.json: {@code generator-cpu}, {@code none}... */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @return a few words for a reader */
    public String description() {
        return description;
    }

    /** @return the limit named {@code key}, as summary.json writes it */
    public static Limit ofKey(String key) {
        for (Limit limit : values()) {
            if (limit.key().equals(key)) {
                return limit;
            }
        }
        throw new IllegalArgumentException("no limit named " + key);
    }
}
