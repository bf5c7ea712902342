package io.workbench.stress.io.fill.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's FillInterest, one per mutant. A mutant is the current FillInterest with the
 * edits of its bug in {@code src/main/mutants/FillInterest.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum FillInterestBug implements Bug {

    REGISTER_READ_THEN_WRITE("register() reads that no callback is registered, then stores its own without a CAS: two "
            + "registrations both win, and one callback is silently dropped"),

    REGISTER_PUBLISHED_LAZILY("register() publishes the callback with a release store (lazySet) after a volatile check, "
            + "not with a CAS: without the StoreLoad barrier the endpoint's 'closed?' check after it can miss a close "
            + "whose onFail() missed the registration, and the callback stays registered on a closed endpoint"),

    FILLABLE_READ_THEN_CLEAR("fillable() reads the registered callback, then clears the registration without a CAS: "
            + "an onFail(), another fillable() or a re-registration in between is overwritten, and a callback "
            + "completes twice"),

    ONFAIL_READ_THEN_CLEAR("onFail() reads the registered callback, then clears the registration without a CAS: a "
            + "concurrent fillable() or onFail() completes the same callback too");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "FillInterest";

    private final String description;

    FillInterestBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
