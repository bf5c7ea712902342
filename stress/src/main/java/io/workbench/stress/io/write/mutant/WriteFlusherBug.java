package io.workbench.stress.io.write.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's WriteFlusher, one per mutant. A mutant is the current WriteFlusher with the
 * edits of its bug in {@code src/main/mutants/WriteFlusher.mutants}, generated at build time into the
 * sub-package of this package named after the bug (the control copy, without an edit, into
 * {@code control}); the comment at each spot an edit changes starts with the bug's name. Each
 * description says what is broken, in a sentence a reader can check against the edit.
 */
public enum WriteFlusherBug implements Bug {

    FAILURE_AFTER_STATE("onFail() records its cause after it moved the state to FAILED, not before: a thread that "
            + "sees FAILED in between finds no failure and fails its callback with a made-up one"),

    ONFAIL_READ_THEN_WRITE("onFail() reads the state and then stores FAILED without a CAS: a completeWrite() or another "
            + "onFail() that took the write in between completes the callback too"),

    FIELDS_AFTER_PENDING("a partial write() stores the pending callback and buffers after its CAS to PENDING, not "
            + "before: the thread that takes PENDING can find them null"),

    WRITE_FROM_PENDING("write() while a write is PENDING starts a new write instead of throwing "
            + "WritePendingException: the pending write's callback is never completed"),

    COMPLETE_WRITE_WHILE_WRITING("completeWrite() takes over a write that is still WRITING (not only a PENDING one) and "
            + "flushes again, concurrently with the writer"),

    GATHER_REMAINDER_LOST("a gathered write that the socket took only part of resumes after the buffer the socket "
            + "stopped in, not inside it: the rest of that buffer is never written, and the callback succeeds");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "WriteFlusher";

    private final String description;

    WriteFlusherBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
