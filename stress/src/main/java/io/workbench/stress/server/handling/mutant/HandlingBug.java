package io.workbench.stress.server.handling.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's HandlingState, one per mutant. A mutant is the current HandlingState with the
 * edits of its bug in {@code src/main/mutants/HandlingState.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum HandlingBug implements Bug {

    HANDLED_WITHOUT_CAS("handled() reads HANDLING, then stores WAITING without a CAS: a completion in between is "
            + "overwritten, and neither thread carries on with the connection"),

    COMPLETED_WITHOUT_CAS("completed() reads the state, then stores the next one without a CAS: a handled() in "
            + "between is overwritten (nobody carries on), and two completions of one exchange both carry on"),

    COMPLETION_CARRIES_ON_AT_ONCE("completed() during handle() carries on at once instead of leaving the connection to "
            + "the handler's thread: both threads process the connection"),

    HANDLED_YIELDS_TO_COMPLETER("handled() that finds the exchange completed resets the state but does not carry on, "
            + "as if the completing thread would: nobody processes the connection");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "HandlingState";

    private final String description;

    HandlingBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
