package io.workbench.stress.server.handling.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs {@link HandlingStateMutant} can be built with, one per mutant. The comment at each spot
 * of the copy that a bug changes starts with its name.
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
