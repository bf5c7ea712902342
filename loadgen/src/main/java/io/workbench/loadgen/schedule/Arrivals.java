package io.workbench.loadgen.schedule;

/** How the gaps between arrivals of an open schedule are drawn. */
public enum Arrivals {
    /** Exponential gaps (a Poisson process): independent users, bursts and lulls as they really come. */
    EXPONENTIAL,
    /** Equal gaps, as wrk2 spaces its requests. */
    CONSTANT;

    /** @return the name used on the command line and in summary.json */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
