package io.workbench.stress.client.exchange.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs {@link HttpExchangeMutant} can be built with, one per mutant. The comment at each spot
 * of the copy that a bug changes starts with its name.
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
