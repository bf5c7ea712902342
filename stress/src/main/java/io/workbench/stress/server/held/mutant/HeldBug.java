package io.workbench.stress.server.held.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's HeldResponses, one per mutant. A mutant is the current HeldResponses with the
 * edits of its bug in {@code src/main/mutants/HeldResponses.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum HeldBug implements Bug {

    DROP_WHILE_CARRIED("drop() gives the buffer back whatever the state, as a close did before the buffer had one "
            + "owner at a time: a buffer that a pending write carries goes back to the pool while the endpoint still "
            + "writes from it, or goes back twice"),

    CARRY_WITHOUT_CAS("carry() reads HELD, then stores CARRIED without a CAS: the connection's flush and the "
            + "handler's write can both take the held bytes (sent twice, the buffer given back twice)"),

    AWAIT_WITHOUT_CAS("await() reads CARRIED, then stores AWAITED without a CAS: a completion in between has already "
            + "given the buffer back and found nobody waiting, so the response write waits for a wake-up that never "
            + "comes"),

    WRITTEN_RELEASES_AFTER_CAS("written() gives the buffer back after its CAS to NONE instead of before: a hold "
            + "that sees NONE in between takes a fresh buffer, and the completer then gives back that one (the held "
            + "response lost, its buffer handed to another connection) and never the one it carried");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "HeldResponses";

    private final String description;

    HeldBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
