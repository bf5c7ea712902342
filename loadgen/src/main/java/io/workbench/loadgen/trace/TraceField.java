package io.workbench.loadgen.trace;

/**
 * The field that carries a traced request's id to the target, and the target's path that serves its
 * records: the contract with the targets ({@code ./workbench target --trace}), which ignore the
 * field unless they were started with tracing.
 */
public final class TraceField {

    /** The field's name; its value is the id, zero-padded to 19 digits (iocore's numbered field). */
    public static final String NAME = "X-Workbench-Trace";
    /** Where a tracing target serves the records of the traced requests since the last fetch, as CSV. */
    public static final String PATH = "/trace";

    private TraceField() {
    }
}
