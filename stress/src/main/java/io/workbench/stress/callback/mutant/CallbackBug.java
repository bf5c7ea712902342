package io.workbench.stress.callback.mutant;

import io.workbench.stress.harness.Bug;

/**
 * The bugs of iocore's IteratingCallback, one per mutant. Each is a mistake a careful engineer
 * could make in a lock-free state machine. A mutant is the current IteratingCallback with the
 * edits of its bug in {@code src/main/mutants/IteratingCallback.mutants}, generated at build time
 * into the sub-package named after the bug; the comment at each spot an edit changes starts with
 * the bug's name.
 */
public enum CallbackBug implements Bug {

    NO_CALLED_STATE("there is no CALLED state: a succeeded() or failed() that arrives while process() runs is handled "
            + "at once by the completing thread (it processes, or completes the task) instead of being recorded for "
            + "the processing thread"),

    LOST_WAKEUP_ON_IDLE("when process() returns IDLE the machine reads the state, sees no REPROCESS and then stores IDLE "
            + "without a CAS, so an iterate() that lands in between is lost"),

    REPROCESS_KEPT_ON_SCHEDULED("REPROCESS is not cleared when process() returns SCHEDULED: the flag is honoured at once "
            + "and process() runs again while its operation is still outstanding"),

    ABORT_READ_THEN_WRITE("abort() reads the state, checks it is not aborted, then stores the aborted state without a "
            + "CAS, so two aborts can both win and an abort can overwrite a completion"),

    FAILED_READ_THEN_WRITE("failed() on a pending operation stores COMPLETE without a CAS, overwriting a succeeded() "
            + "or an abort() that changed the state in between"),

    ABORT_COMPLETES_WITHOUT_WAITING("abort() or close() of a pending task runs onCompleteFailure with the other abort "
            + "hooks at once, without waiting for the outstanding operation to call back"),

    ON_ABORTED_DURING_PROCESS("abort() while process() runs calls onAborted() at once on the aborting thread, "
            + "concurrently with process(); the processing thread calls it again when process() returns"),

    COMPLETION_IGNORES_ABORTING("a completion that arrives while the aborting thread still runs onAborted/onFailure "
            + "completes the task itself instead of leaving it to the aborting thread"),

    CLOSE_AFTER_ABORT_NOT_FINAL("close() of a task that is already aborting does not mark it CLOSING, so it ends "
            + "COMPLETE and reset() accepts a closed callback"),

    RESET_BEFORE_COMPLETION("reset() treats an aborted task as finished and stores IDLE while the aborted "
            + "operation is still outstanding"),

    PROCESS_AFTER_ON_SUCCESS_ABORT("after onSuccess() returns, process() is called even if the task was aborted (or "
            + "closed, or failed) while onSuccess() ran, by onSuccess() itself or by another thread: an operation "
            + "starts after the abort, and onCompleteFailure waits for it");

    /** The name of the machine these bugs belong to, in the catalog and in the harness's variant property. */
    public static final String MACHINE = "IteratingCallback";

    private final String description;

    CallbackBug(String description) {
        this.description = description;
    }

    @Override
    public String description() {
        return description;
    }
}
