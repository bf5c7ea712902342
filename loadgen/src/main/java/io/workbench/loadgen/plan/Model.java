package io.workbench.loadgen.plan;

/** How requests arrive. */
public enum Model {
    /** Requests arrive on a seeded schedule at a rate, whatever the server does: what users do. */
    OPEN("open"),
    /** A fixed number of connections, each sending its next request when the last one is answered. */
    CLOSED("closed"),
    /** N requests started together, each on its own connection. */
    ALL_AT_ONCE("all-at-once");

    private final String label;

    Model(String label) {
        this.label = label;
    }

    /** @return the name used in summary.json */
    public String label() {
        return label;
    }
}
