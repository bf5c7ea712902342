package io.workbench.stress.client.queue.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's ExchangeQueue, one per mutant. A mutant is the current ExchangeQueue with the
 * edits of its bug in {@code src/main/mutants/ExchangeQueue.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
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
