package io.workbench.stress.client.exchange.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's HttpExchange, one per mutant. A mutant is the current HttpExchange with the
 * edits of its bug in {@code src/main/mutants/HttpExchange.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum HttpExchangeBug implements Bug {

    COMPLETE_WITHOUT_CAS("succeed() and fail() check that the slot word is (seq, ACTIVE), then store (seq, DONE) "
            + "without a CAS: two threads both end the request, and the listener hears two outcomes"),

    SEQUENCE_NOT_CHECKED("succeed() and fail() end whatever request is active in the slot, not the sequence they were "
            + "given: a late completion of an old request ends the new request that reuses its slot"),

    FAILURE_BEFORE_CAS("fail() records its cause before it wins the CAS: a fail() that loses overwrites the outcome "
            + "of the request the winner ended");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "HttpExchange";

    private final String description;

    HttpExchangeBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
