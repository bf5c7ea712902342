package io.workbench.stress.trace.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's TraceRing, one per mutant. A mutant is the current TraceRing with the edits of
 * its bug in {@code src/main/mutants/TraceRing.mutants}, generated at build time into the sub-package
 * of this package named after the bug (the control copy, without an edit, into {@code control}); the
 * comment at each spot an edit changes starts with the bug's name. Each description says what is
 * broken, in a sentence a reader can check against the edit.
 */
public enum TraceRingBug implements Bug {

    CLAIM_READ_THEN_WRITE("offer() reads the claimed sequence, checks for room, then stores the next one without a "
            + "CAS: two writers take the same sequence and write the same slot, one record lost (or the two torn "
            + "together) while both were told it was taken"),

    ROOM_CHECKED_ONCE("offer() checks for room once, then retries its CAS without checking again: a writer that "
            + "loses the race for the last free slot claims the next sequence anyway, and writes over a record the "
            + "reader has not read yet"),

    DROP_KEEPS_CLAIM("offer() claims its sequence with a fetch-and-add and checks for room after it: a writer "
            + "refused by a full ring counts a drop but keeps the sequence, which nobody ever publishes, so the reader "
            + "stops there for ever and every record after it is lost uncounted"),

    PUBLISHED_BEFORE_WRITTEN("offer() stores the slot's mark before it writes the record's longs: a reader that "
            + "sees the mark in between takes a record that is not all there (torn)"),

    FREED_BEFORE_READ("drainTo() advances consumed (frees the slot) before it gives the record to the sink: a writer "
            + "that finds the room in between writes the next record over the one being read");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "TraceRing";

    private final String description;

    TraceRingBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
