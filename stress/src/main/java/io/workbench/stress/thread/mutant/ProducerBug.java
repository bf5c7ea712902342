package io.workbench.stress.thread.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's ProducerState, one per mutant. A mutant is the current ProducerState with the
 * edits of its bug in {@code src/main/mutants/ProducerState.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum ProducerBug implements Bug {

    PRODUCE_READ_THEN_WRITE("tryProduce() reads IDLE, then stores PRODUCING without a CAS: two threads both become "
            + "the producer"),

    IDLE_IGNORES_REPRODUCE("tryIdle() goes IDLE whether or not REPRODUCE is set: a request to produce that arrived "
            + "while the owner produced is lost, and nobody produces"),

    RESUME_READ_THEN_WRITE("resumeHandedOff() reads the state, then stores PRODUCING with the REPRODUCE flag it read, "
            + "without a CAS: a request that set REPRODUCE in between is lost"),

    HANDOFF_TO_IDLE("handOff() moves PRODUCING to IDLE instead of HANDED_OFF: until the new thread resumes, a third "
            + "thread can start producing, and the resume finds production not handed off"),

    HANDOFF_DROPS_REPRODUCE("handOff() moves to HANDED_OFF without the REPRODUCE flag: a request that arrived while "
            + "the owner produced is lost across the hand-off");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "ProducerState";

    private final String description;

    ProducerBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
