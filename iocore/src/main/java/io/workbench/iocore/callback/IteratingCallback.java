package io.workbench.iocore.callback;

import io.workbench.iocore.state.Transitions;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A callback that turns a task made of many asynchronous operations into iteration instead of
 * recursion, with the semantics of Jetty 12's {@code IteratingCallback}, but lock-free.
 *
 * <p>A subclass implements {@link #process()}: start the next operation with {@code this} as its
 * callback and return {@link Action#SCHEDULED}, or return {@link Action#IDLE} (nothing to do now,
 * {@link #iterate()} will be called again) or {@link Action#SUCCEEDED} (the whole task is done).
 * When an operation completes inside {@code process()} (a write that did not block calls
 * {@link #succeeded()} from within the write), the completion is only recorded, and the thread
 * that is processing loops and calls {@code process()} again once it returns. Stack depth is
 * therefore constant in the number of operations, and no thread hop is needed for an operation
 * that completed synchronously.
 *
 * <h2>The machine</h2>
 * <pre>
 *   IDLE --iterate()--> PROCESSING --process()=SCHEDULED--> PENDING --succeeded()--> PROCESSING
 *    ^                   | | |                                 |          (onSuccess(), process())
 *    |                   | | +-succeeded()/failed() while      +--failed(); or the callback
 *    |                   | |   process() runs--> CALLED           after an abort--> COMPLETE
 *    |                   | |     CALLED --process()=SCHEDULED--> PROCESSING (loop: onSuccess(), process())
 *    |                   | |     CALLED --with a failure------> COMPLETE
 *    +--process()=IDLE---+ |   (or PROCESSING again if iterate() came while processing)
 *    +--reset()------------+--process()=SUCCEEDED--> COMPLETE --close()--> CLOSED
 *
 *   PROCESSING entered by a success (from PENDING or CALLED) first runs onSuccess(); if the task was
 *   aborted, closed or failed meanwhile, process() is not called:
 *   PROCESSING+ABORTED --onSuccess() returned--> COMPLETE (CLOSED if closing)   (no operation outstanding)
 *   CALLED with a failure --onSuccess() returned--> COMPLETE
 * </pre>
 * <ul>
 *   <li>Flags ride on the phase: {@code REPROCESS} (iterate() while processing: call process()
 *       again instead of going idle), {@code ABORTED} (abort() or close() happened; the cause is
 *       the state's failure), {@code ABORTING} (a thread is running onAborted/onFailure while the
 *       scheduled operation is still outstanding; whoever sees that operation complete leaves the
 *       completion to that thread), {@code CLOSING} (close() was called: end in CLOSED, not
 *       COMPLETE, so that reset() is refused).</li>
 *   <li>The allowed phase changes are data ({@link #PHASES}), checked in the one method that
 *       CASes ({@link #cas}); a transition the table does not allow is a bug here and fails loudly.</li>
 * </ul>
 *
 * <h2>Why one reference and not an int</h2>
 * The whole state, phase, flags and failure, is one immutable {@link State} behind one atomic
 * reference, so a failure is published together with the phase change that makes it visible, in
 * a single CAS. States without a failure are interned constants, so the success path (every
 * operation of every task that does not fail) allocates nothing; a state carrying a failure is
 * allocated once per failure. An int word with a separate failure field would need a second
 * write that other threads could observe half-done, which is exactly what a lock would prevent.
 *
 * <h2>Hooks</h2>
 * {@link #onSuccess()} after each successful operation, before the next {@code process()}, which
 * is not called if the task was aborted, closed or failed while {@code onSuccess()} ran (by it or
 * by another thread): no operation is outstanding then, so the task completes at once;
 * on failure {@link #onFailure(Throwable)} then {@link #onCompleteFailure(Throwable)}; on abort
 * {@link #onAborted(Throwable)}, {@link #onFailure(Throwable)} and, only once the scheduled
 * operation (if any) has called back, {@link #onCompleteFailure(Throwable)}. Exactly one of
 * {@link #onCompleteSuccess()} and {@link #onCompleteFailure(Throwable)} runs per cycle. No hook
 * runs concurrently with {@code process()} or with another hook: each is called by the one thread
 * the state machine has made responsible. A hook that throws does not stop the ones after it or
 * the state machine; its exception is rethrown to the caller once the others have run.
 */
public abstract class IteratingCallback implements Callback {

    /** What {@link #process()} tells the state machine. */
    public enum Action {
        /** Nothing to do now; the task is not finished: wait for the next {@link #iterate()}. */
        IDLE,
        /** An operation was started with this callback; it may already have completed. */
        SCHEDULED,
        /** The whole task is finished. */
        SUCCEEDED
    }

    private static final System.Logger LOG = System.getLogger(IteratingCallback.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    // Phases: the low three bits of State.bits.
    private static final int IDLE = 0;
    private static final int PROCESSING = 1;
    private static final int CALLED = 2;
    private static final int PENDING = 3;
    private static final int COMPLETE = 4;
    private static final int CLOSED = 5;
    private static final int PHASE_MASK = 0b111;
    private static final String[] PHASE_NAMES = {"IDLE", "PROCESSING", "CALLED", "PENDING", "COMPLETE", "CLOSED"};

    // Flags: the bits above the phase.
    private static final int REPROCESS = 1 << 3;
    private static final int ABORTED = 1 << 4;
    private static final int ABORTING = 1 << 5;
    private static final int CLOSING = 1 << 6;
    private static final int FLAGS_MASK = REPROCESS | ABORTED | ABORTING | CLOSING;

    /** The phases each phase may move to (itself included when only flags change). */
    private static final Transitions PHASES = new Transitions(PHASE_NAMES)
            .allow(IDLE, PROCESSING, COMPLETE, CLOSED)
            .allow(PROCESSING, PROCESSING, CALLED, PENDING, IDLE, COMPLETE, CLOSED)
            .allow(CALLED, CALLED, PROCESSING, COMPLETE, CLOSED)
            .allow(PENDING, PENDING, PROCESSING, CALLED, COMPLETE, CLOSED)
            .allow(COMPLETE, IDLE, CLOSED);

    private static final State S_IDLE = State.of(IDLE, null);
    private static final State S_PROCESSING = State.of(PROCESSING, null);
    private static final State S_PENDING = State.of(PENDING, null);
    private static final State S_COMPLETE = State.of(COMPLETE, null);

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(IteratingCallback.class, "state", State.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Read with volatile semantics, changed only through {@link #cas}. */
    private volatile State state;

    /** A callback ready to {@link #iterate()}. */
    protected IteratingCallback() {
        this(false);
    }

    /**
     * @param needReset when true the callback starts completed and must be {@link #reset()} before
     *                  its first {@link #iterate()}; useful for a callback reused per message.
     */
    protected IteratingCallback(boolean needReset) {
        state = needReset ? S_COMPLETE : S_IDLE;
    }

    /**
     * Starts the next operation and says what happened.
     *
     * @return {@link Action#SCHEDULED} if an operation was started with this callback,
     *         {@link Action#IDLE} if there is nothing to do until the next {@link #iterate()},
     *         {@link Action#SUCCEEDED} if the whole task is finished
     * @throws Throwable to fail the task; the failure is delivered as if by {@link #failed(Throwable)}
     */
    protected abstract Action process() throws Throwable;

    /**
     * After each operation that succeeded, before {@link #process()} is called again. It may stop
     * the task ({@link #abort(Throwable)}, {@link #close()}, {@link #failed(Throwable)}): then
     * {@code process()} is not called again, and the failure hooks run once it returns.
     */
    protected void onSuccess() {
    }

    /** The task failed or was aborted; the scheduled operation may still be using its resources. */
    protected void onFailure(Throwable cause) {
    }

    /** The task was aborted (by {@link #abort(Throwable)} or {@link #close()}); called before {@link #onFailure(Throwable)}. */
    protected void onAborted(Throwable cause) {
    }

    /** The task finished: {@link #process()} returned {@link Action#SUCCEEDED}. */
    protected void onCompleteSuccess() {
    }

    /** The task finished with a failure, and no operation of it is outstanding any more. */
    protected void onCompleteFailure(Throwable cause) {
    }

    /**
     * Asks for {@link #process()} to be called: now by this thread if the callback is idle; by the
     * processing thread once more if one is inside {@code process()} (never lost, never doubled);
     * not at all if an operation is pending (its completion will call {@code process()}) or the
     * task is finished.
     */
    public void iterate() {
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == IDLE) {
                if (cas(s, S_PROCESSING)) {
                    processing(false);
                    return;
                }
            } else if (phase == PROCESSING || phase == CALLED) {
                if (s.is(REPROCESS) || cas(s, s.with(REPROCESS))) {
                    return;
                }
            } else {
                return;
            }
        }
    }

    /** Runs by the one thread that moved the state into PROCESSING, until someone else is responsible. */
    private void processing(boolean notifySuccessFirst) {
        boolean notifySuccess = notifySuccessFirst;
        processing:
        while (true) {
            // Stays null if process() is not called (the task stopped during onSuccess()) or throws.
            Action action = null;
            try {
                boolean stopped = false;
                if (notifySuccess) {
                    notifySuccess = false;
                    onSuccess();
                    // onSuccess(), or another thread while it ran, may have aborted, closed or failed
                    // the task. No operation is outstanding then, and process() must not start one:
                    // the loop below completes the task at once, with its failure hooks.
                    stopped = state.failure != null;
                }
                if (!stopped) {
                    action = process();
                    if (action == null) {
                        throw new IllegalStateException("process() returned null: " + this);
                    }
                }
            } catch (Throwable x) {
                recordProcessingFailure(x);
                action = null;
            }

            while (true) {
                State s = state;
                int phase = s.phase();
                if (phase == PROCESSING) {
                    // No completion came in while process() ran, and it did not throw (that moves to CALLED).
                    if (s.is(ABORTED)) {
                        // Aborted or closed while processing: during onSuccess() (process() was not
                        // called, action is null) or during process().
                        if (action == Action.SCHEDULED) {
                            // The operation is outstanding: run the abort hooks now, complete when it calls back.
                            State aborting = State.of(PENDING | ABORTED | ABORTING | (s.bits & CLOSING), s.failure);
                            if (cas(s, aborting)) {
                                abortWhilePending(s.failure);
                                return;
                            }
                        } else {
                            State done = terminal(s);
                            if (cas(s, done)) {
                                notifyFailure(done.failure, true, true);
                                return;
                            }
                        }
                    } else if (action == Action.IDLE) {
                        if (s.is(REPROCESS)) {
                            if (cas(s, S_PROCESSING)) {
                                continue processing;
                            }
                        } else if (cas(s, S_IDLE)) {
                            return;
                        }
                    } else if (action == Action.SCHEDULED) {
                        // We won the race against the completion: it will resume processing.
                        if (cas(s, S_PENDING)) {
                            return;
                        }
                    } else if (action == Action.SUCCEEDED) {
                        if (cas(s, S_COMPLETE)) {
                            onCompleteSuccess();
                            return;
                        }
                    } else {
                        throw new IllegalStateException("no action after process() in " + this);
                    }
                } else if (phase == CALLED) {
                    if (action != null && action != Action.SCHEDULED) {
                        failNotScheduled(action);
                        return;
                    }
                    if (s.failure != null) {
                        // failed() or abort() while processing, or process() threw.
                        State done = terminal(s);
                        if (cas(s, done)) {
                            notifyFailure(done.failure, s.is(ABORTED), true);
                            return;
                        }
                    } else if (cas(s, S_PROCESSING)) {
                        // The operation completed inside process(): iterate instead of recursing.
                        notifySuccess = true;
                        continue processing;
                    }
                } else {
                    throw new IllegalStateException("process() returned in " + this);
                }
            }
        }
    }

    /** process() threw (or onSuccess() did): record it as the completion of this round. */
    private void recordProcessingFailure(Throwable cause) {
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase != PROCESSING && phase != CALLED) {
                throw new IllegalStateException("process() failed in " + this, cause);
            }
            State failed = State.of(CALLED | (s.bits & FLAGS_MASK), s.failure != null ? s.failure : cause);
            if (cas(s, failed)) {
                suppress(s.failure, cause);
                return;
            }
        }
    }

    /** process() returned IDLE or SUCCEEDED although the operation it started has completed: a bug in process(). */
    private void failNotScheduled(Action action) {
        IllegalStateException bug = new IllegalStateException(
                "process() returned " + action + " but an operation completed while it ran: " + this);
        while (true) {
            State s = state;
            Throwable cause = s.failure != null ? s.failure : bug;
            if (cas(s, State.of(CLOSED | (s.bits & ABORTED), cause))) {
                suppress(cause, bug);
                notifyFailure(cause, s.is(ABORTED), true);
                return;
            }
        }
    }

    /** The scheduled operation completed successfully. */
    @Override
    public final void succeeded() {
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == PROCESSING) {
                // The processing thread will see CALLED when process() returns and loop.
                if (cas(s, s.withPhase(CALLED))) {
                    return;
                }
            } else if (phase == PENDING) {
                if (!s.is(ABORTED)) {
                    if (cas(s, S_PROCESSING)) {
                        processing(true);
                        return;
                    }
                } else if (s.is(ABORTING)) {
                    // The aborting thread is still in its hooks: it completes when they return.
                    if (cas(s, s.withPhase(CALLED))) {
                        return;
                    }
                } else {
                    State done = terminal(s);
                    if (cas(s, done)) {
                        onCompleteFailure(done.failure);
                        return;
                    }
                }
            } else if (phase == COMPLETE || phase == CLOSED) {
                return;
            } else if (phase == CALLED) {
                throw new IllegalStateException("succeeded() twice for one operation: " + this);
            } else {
                throw new IllegalStateException("succeeded() without a scheduled operation: " + this);
            }
        }
    }

    /** The scheduled operation failed, or the task is to fail: completes the task with {@code cause}. */
    @Override
    public final void failed(Throwable cause) {
        Throwable failure = cause != null ? cause : new IOException("failed(null)");
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == PROCESSING || phase == CALLED) {
                State next = State.of(CALLED | (s.bits & FLAGS_MASK), s.failure != null ? s.failure : failure);
                if (cas(s, next)) {
                    suppress(s.failure, failure);
                    return;
                }
            } else if (phase == PENDING) {
                if (!s.is(ABORTED)) {
                    if (cas(s, State.of(COMPLETE, failure))) {
                        notifyFailure(failure, false, true);
                        return;
                    }
                } else if (s.is(ABORTING)) {
                    if (cas(s, s.withPhase(CALLED))) {
                        suppress(s.failure, failure);
                        return;
                    }
                } else {
                    State done = terminal(s);
                    if (cas(s, done)) {
                        suppress(done.failure, failure);
                        onCompleteFailure(done.failure);
                        return;
                    }
                }
            } else if (phase == COMPLETE || phase == CLOSED) {
                suppress(s.failure, failure);
                return;
            } else {
                throw new IllegalStateException("failed() while idle; use abort() to stop an idle task: " + this, failure);
            }
        }
    }

    /**
     * Stops the task with {@code cause}. While {@code process()} runs, the abort is delivered after
     * it returns; while {@link #onSuccess()} runs, after it returns, and {@code process()} is not
     * called again; while an operation is pending, {@link #onAborted} and {@link #onFailure} run now
     * and {@link #onCompleteFailure} once the operation has called back.
     *
     * @return true only for the call that aborted; false if the task was already aborted or finished
     */
    public final boolean abort(Throwable cause) {
        Throwable failure = cause != null ? cause : new IOException("abort(null)");
        while (true) {
            State s = state;
            if (s.is(ABORTED)) {
                suppress(s.failure, failure);
                return false;
            }
            int phase = s.phase();
            if (phase == IDLE) {
                if (cas(s, State.of(COMPLETE | ABORTED, failure))) {
                    notifyFailure(failure, true, true);
                    return true;
                }
            } else if (phase == PROCESSING || phase == CALLED) {
                if (cas(s, State.of(s.bits | ABORTED, s.failure != null ? s.failure : failure))) {
                    suppress(s.failure, failure);
                    return true;
                }
            } else if (phase == PENDING) {
                if (cas(s, State.of(PENDING | ABORTED | ABORTING, failure))) {
                    abortWhilePending(failure);
                    return true;
                }
            } else {
                suppress(s.failure, failure);
                return false;
            }
        }
    }

    /** Runs onAborted and onFailure while the operation is outstanding, then completes if it called back meanwhile. */
    private void abortWhilePending(Throwable cause) {
        Throwable thrown = callHooks(null, cause, true, true, false);
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == PENDING) {
                // Still outstanding: its completion will call onCompleteFailure.
                if (cas(s, State.of(s.bits & ~ABORTING, s.failure))) {
                    break;
                }
            } else if (phase == CALLED) {
                State done = terminal(s);
                if (cas(s, done)) {
                    thrown = callHooks(thrown, done.failure, false, false, true);
                    break;
                }
            } else {
                throw new IllegalStateException("abort hooks returned in " + this);
            }
        }
        rethrow(thrown);
    }

    /**
     * Forbids further iteration and {@link #reset()}. An unfinished task is aborted with a
     * {@link ClosedException}; a finished one just becomes CLOSED.
     */
    public final void close() {
        ClosedException closed = null;
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == IDLE) {
                closed = closed != null ? closed : new ClosedException();
                if (cas(s, State.of(CLOSED | ABORTED, closed))) {
                    notifyFailure(closed, true, true);
                    return;
                }
            } else if (phase == PROCESSING || phase == CALLED || phase == PENDING) {
                if (s.is(ABORTED)) {
                    // Already stopping: make it end CLOSED.
                    if (s.is(CLOSING) || cas(s, State.of(s.bits | CLOSING, s.failure))) {
                        return;
                    }
                } else if (phase == PENDING) {
                    closed = closed != null ? closed : new ClosedException();
                    if (cas(s, State.of(PENDING | ABORTED | ABORTING | CLOSING, closed))) {
                        abortWhilePending(closed);
                        return;
                    }
                } else {
                    closed = closed != null ? closed : new ClosedException();
                    if (cas(s, State.of(s.bits | ABORTED | CLOSING, s.failure != null ? s.failure : closed))) {
                        return;
                    }
                }
            } else if (phase == COMPLETE) {
                if (cas(s, State.of(CLOSED | (s.bits & ABORTED), s.failure))) {
                    return;
                }
            } else {
                return;
            }
        }
    }

    /**
     * Makes a finished callback idle again, forgetting its outcome and any abort, so it can run
     * another task.
     *
     * <p>A callback is finished as soon as its state is COMPLETE, which is set just before
     * {@link #onCompleteSuccess()} or {@link #onCompleteFailure(Throwable)} is called, so that a
     * completion hook may itself reset the callback and start the next task. The flip side: a
     * thread other than the completing one that resets and iterates may have its next
     * {@code process()} run while the previous task's completion hook is still returning. Reset
     * from the completion hook, or after it has signalled you, to keep the two apart.
     *
     * @return true if the callback is now idle; false while a task runs or once closed
     */
    public boolean reset() {
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == IDLE) {
                return true;
            }
            if (phase != COMPLETE) {
                return false;
            }
            if (cas(s, S_IDLE)) {
                return true;
            }
        }
    }

    /** @return true if idle: {@link #iterate()} would call {@link #process()} now */
    public boolean isIdle() {
        return state.phase() == IDLE;
    }

    /** @return true while a scheduled operation is outstanding and nobody is processing */
    public boolean isPending() {
        return state.phase() == PENDING;
    }

    /** @return true while a thread is in (or just around) {@link #process()} */
    public boolean isProcessing() {
        State s = state;
        return s.phase() == PROCESSING || (s.phase() == CALLED && !s.is(ABORTING));
    }

    /** @return true if the task finished successfully and has not been reset */
    public boolean isSucceeded() {
        State s = state;
        return s.phase() == COMPLETE && s.failure == null;
    }

    /** @return true if the task failed or was aborted (possibly not yet completed) */
    public boolean isFailed() {
        return state.failure != null;
    }

    /** @return true once {@link #close()} was called */
    public boolean isClosed() {
        State s = state;
        return s.phase() == CLOSED || s.is(CLOSING);
    }

    /** @return true if the task was aborted by {@link #abort(Throwable)} or by closing it unfinished */
    public boolean isAborted() {
        return state.is(ABORTED);
    }

    @Override
    public String toString() {
        String name = getClass().getSimpleName();
        if (name.isEmpty()) {
            name = getClass().getName().substring(getClass().getName().lastIndexOf('.') + 1);
        }
        return name + "@" + Integer.toHexString(hashCode()) + "[" + state + "]";
    }

    /** The one place the state changes: checks the transition against the table, then CASes. */
    private boolean cas(State expected, State next) {
        if (!PHASES.allows(expected.phase(), next.phase())) {
            throw new IllegalStateException(expected + " !-> " + next + " is not a transition of " + this);
        }
        boolean swapped = STATE.compareAndSet(this, expected, next);
        if (DEBUG) {
            LOG.log(System.Logger.Level.DEBUG, "{0} {1}{2}{3}", this, expected, swapped ? "-->" : "!->", next);
        }
        return swapped;
    }

    /** The end of a failed or aborted task: CLOSED if close() was called, else COMPLETE (which reset() accepts). */
    private static State terminal(State s) {
        return State.of((s.is(CLOSING) ? CLOSED : COMPLETE) | (s.bits & ABORTED), s.failure);
    }

    private void notifyFailure(Throwable cause, boolean aborted, boolean complete) {
        rethrow(callHooks(null, cause, aborted, true, complete));
    }

    /** Calls the selected failure hooks in their order; each runs even if an earlier one threw. */
    private Throwable callHooks(Throwable thrown, Throwable cause, boolean aborted, boolean failure, boolean complete) {
        if (aborted) {
            try {
                onAborted(cause);
            } catch (Throwable x) {
                thrown = chain(thrown, x);
            }
        }
        if (failure) {
            try {
                onFailure(cause);
            } catch (Throwable x) {
                thrown = chain(thrown, x);
            }
        }
        if (complete) {
            try {
                onCompleteFailure(cause);
            } catch (Throwable x) {
                thrown = chain(thrown, x);
            }
        }
        return thrown;
    }

    private static Throwable chain(Throwable first, Throwable next) {
        if (first == null) {
            return next;
        }
        suppress(first, next);
        return first;
    }

    private static void rethrow(Throwable thrown) {
        if (thrown == null) {
            return;
        }
        if (thrown instanceof RuntimeException r) {
            throw r;
        }
        if (thrown instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("a hook threw", thrown);
    }

    /** Keeps a later failure visible on the first one, never twice and never on itself. */
    private static void suppress(Throwable primary, Throwable late) {
        if (primary == null || late == null || primary == late || late.getCause() == primary) {
            return;
        }
        for (Throwable already : primary.getSuppressed()) {
            if (already == late) {
                return;
            }
        }
        primary.addSuppressed(late);
    }

    /** The cause given to the hooks when an unfinished task is closed. */
    public static final class ClosedException extends IOException {
        ClosedException() {
            super("closed");
        }
    }

    /** One immutable value of the state word: a phase, flags and the failure if there is one. */
    private static final class State {
        private static final State[] INTERNED = new State[PHASE_MASK + FLAGS_MASK + 1];

        static {
            for (int bits = 0; bits < INTERNED.length; bits++) {
                INTERNED[bits] = new State(bits, null);
            }
        }

        final int bits;
        final Throwable failure;

        private State(int bits, Throwable failure) {
            this.bits = bits;
            this.failure = failure;
        }

        /** The interned state for these bits when there is no failure; a new one otherwise. */
        static State of(int bits, Throwable failure) {
            return failure == null ? INTERNED[bits] : new State(bits, failure);
        }

        int phase() {
            return bits & PHASE_MASK;
        }

        boolean is(int flag) {
            return (bits & flag) != 0;
        }

        State with(int flag) {
            return of(bits | flag, failure);
        }

        State withPhase(int phase) {
            return of((bits & ~PHASE_MASK) | phase, failure);
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder(PHASE_NAMES[phase()]);
            if (is(REPROCESS)) {
                text.append("+REPROCESS");
            }
            if (is(ABORTED)) {
                text.append("+ABORTED");
            }
            if (is(ABORTING)) {
                text.append("+ABORTING");
            }
            if (is(CLOSING)) {
                text.append("+CLOSING");
            }
            if (failure != null) {
                text.append(",failure=").append(failure);
            }
            return text.toString();
        }
    }
}
