package io.workbench.stress.selector.interest.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs {@link InterestWordMutant} can be built with, one per mutant. The comment at each spot
 * of the copy that a bug changes starts with its name.
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
