package io.workbench.stress.selector.interest.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's the interest word of EndPointWords, one per mutant. A mutant is the current EndPointWords with the
 * edits of its bug in {@code src/main/mutants/InterestWord.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum InterestBug implements Bug {

    CHANGE_WITHOUT_CAS("addInterest() reads the word, then stores it with its op and UPDATE_PENDING without a CAS: "
            + "a concurrent change or selection is overwritten, an op is lost or resurrected, two updates are queued"),

    UPDATE_CLEARS_AFTER_APPLYING("the update reads the ops and applies them, then clears UPDATE_PENDING in a second "
            + "CAS: an op added in between sees the flag, submits nothing, and never reaches the key"),

    UPDATE_WITHOUT_CAS("the update reads the word, then stores it without UPDATE_PENDING without a CAS: an op "
            + "added in between is erased from the word"),

    SELECTED_WITHOUT_CAS("the selection reads the word, then stores it without the ready ops without a CAS: an op "
            + "added in between is erased, and the key never gets it");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "InterestWord";

    private final String description;

    InterestBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
