package io.workbench.stress.client.queue.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs {@link ExchangeQueueMutant} can be built with, one per mutant. The comment at each spot
 * of the copy that a bug changes starts with its name.
 */
public enum ExchangeQueueBug implements Bug {

    CLAIM_READ_THEN_WRITE("claim() reads the claims word, then stores OPEN with claimed + 1 without a CAS: two senders "
            + "get the same sequence, and a claim can undo a shut or a close that came in between"),

    SHUT_READ_THEN_WRITE("shut() reads the claims word, then stores SHUT with the count it read without a CAS: a claim "
            + "accepted in between is not counted, so the count shut() returns as final is short"),

    CLOSED_BEFORE_FAILURE("close() moves to CLOSED first and records the failure after: a sender that publishes and "
            + "finds CLOSED in between ends its request with no cause");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "ExchangeQueue";

    private final String description;

    ExchangeQueueBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
