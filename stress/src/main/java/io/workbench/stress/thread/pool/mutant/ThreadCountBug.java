package io.workbench.stress.thread.pool.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's ThreadCount, one per mutant. A mutant is the current ThreadCount with the
 * edits of its bug in {@code src/main/mutants/ThreadCount.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum ThreadCountBug implements Bug {

    START_READ_THEN_WRITE("tryStart() reads the count, checks the bound, then stores count + 1 without a CAS: two "
            + "starts both count the same slot, more threads run than are counted"),

    START_CHECK_THEN_ACT("tryStart() checks the bound on one read, then increments atomically without checking again: "
            + "two starts at max - 1 both start, and the pool exceeds its maximum"),

    RETIRE_READ_THEN_WRITE("tryRetire() reads the count, checks the minimum, then stores count - 1 without a CAS: a "
            + "start or retire in between is overwritten, and the count no longer matches the threads alive"),

    RETIRE_CHECK_THEN_ACT("tryRetire() checks the minimum on one read, then decrements atomically without checking "
            + "again: two idle threads at min + 1 both retire, and a running pool drops below its minimum");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "ThreadCount";

    private final String description;

    ThreadCountBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
