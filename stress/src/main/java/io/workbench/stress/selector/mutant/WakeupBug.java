package io.workbench.stress.selector.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's SelectorWakeup, one per mutant. A mutant is the current SelectorWakeup with the
 * edits of its bug in {@code src/main/mutants/SelectorWakeup.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum WakeupBug implements Bug {

    SELECTING_STORE_RELEASE("prepareToSelect() writes SELECTING with a release store instead of a CAS: the selector's "
            + "later read of the queue may pass the store (StoreLoad), so it sees an empty queue while a submitter "
            + "sees PROCESSING, and the wakeup is lost"),

    QUEUE_CHECKED_FIRST("prepareToSelect() reads the queue before it writes SELECTING: an action offered in between "
            + "finds the selector PROCESSING, claims no wakeup, and the selector blocks with the action queued"),

    CLAIM_WITHOUT_CAS("claimWakeup() reads SELECTING, then stores WOKEN without a CAS: two submitters both claim the "
            + "wakeup (a wakeup storm)"),

    SELECTED_WITHOUT_FALLBACK("selected() CASes to PROCESSING from the state it read once and gives up when a late "
            + "claim moved SELECTING to WOKEN meanwhile: the state stays WOKEN, so no later select is ever woken"),

    REVERT_WITHOUT_FALLBACK("prepareToSelect(), finding actions queued, CASes SELECTING back to PROCESSING and gives up "
            + "when a claim moved it to WOKEN meanwhile: the state stays WOKEN, so no later select is ever woken");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "SelectorWakeup";

    private final String description;

    WakeupBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
