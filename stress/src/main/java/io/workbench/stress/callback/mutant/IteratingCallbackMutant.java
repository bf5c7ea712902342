package io.workbench.stress.callback.mutant;

import static io.workbench.stress.callback.mutant.CallbackBug.ABORT_COMPLETES_WITHOUT_WAITING;
import static io.workbench.stress.callback.mutant.CallbackBug.ABORT_READ_THEN_WRITE;
import static io.workbench.stress.callback.mutant.CallbackBug.CLOSE_AFTER_ABORT_NOT_FINAL;
import static io.workbench.stress.callback.mutant.CallbackBug.COMPLETION_IGNORES_ABORTING;
import static io.workbench.stress.callback.mutant.CallbackBug.FAILED_READ_THEN_WRITE;
import static io.workbench.stress.callback.mutant.CallbackBug.LOST_WAKEUP_ON_IDLE;
import static io.workbench.stress.callback.mutant.CallbackBug.NO_CALLED_STATE;
import static io.workbench.stress.callback.mutant.CallbackBug.ON_ABORTED_DURING_PROCESS;
import static io.workbench.stress.callback.mutant.CallbackBug.REPROCESS_KEPT_ON_SCHEDULED;
import static io.workbench.stress.callback.mutant.CallbackBug.RESET_BEFORE_COMPLETION;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.IteratingCallback;
import io.workbench.iocore.callback.IteratingCallback.Action;
import io.workbench.stress.harness.RaceWindow;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of iocore's {@link IteratingCallback} (as of commit bb1c73a) that is built with at most one
 * {@link CallbackBug}, for the jcstress tests in {@code io.workbench.stress.callback} to catch.
 * Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy of the machine, and the harness runs the whole
 * suite against it as a control: a mutant that is caught is then caught for its bug, not for a
 * slip in the copy. Every spot a bug changes is marked with the bug's name. Where a bug is a
 * read-then-write, the write waits a little after the read ({@link #widen()}) so that jcstress's
 * quick mode lands in the gap reliably on two cores; the real class is never widened.
 *
 * <p>The machine, its flags and its hooks are exactly those of the original; its class comment
 * draws them. Left out: debug logging, the needReset constructor and the query methods the
 * tests do not use.
 */
public abstract class IteratingCallbackMutant implements Callback {

    private static final int IDLE = 0;
    private static final int PROCESSING = 1;
    private static final int CALLED = 2;
    private static final int PENDING = 3;
    private static final int COMPLETE = 4;
    private static final int CLOSED = 5;
    private static final int PHASE_MASK = 0b111;
    private static final String[] PHASE_NAMES = {"IDLE", "PROCESSING", "CALLED", "PENDING", "COMPLETE", "CLOSED"};

    private static final int REPROCESS = 1 << 3;
    private static final int ABORTED = 1 << 4;
    private static final int ABORTING = 1 << 5;
    private static final int CLOSING = 1 << 6;
    private static final int FLAGS_MASK = REPROCESS | ABORTED | ABORTING | CLOSING;

    private static final int[] NEXT_PHASES = new int[PHASE_NAMES.length];

    static {
        allow(IDLE, PROCESSING, COMPLETE, CLOSED);
        allow(PROCESSING, PROCESSING, CALLED, PENDING, IDLE, COMPLETE, CLOSED);
        allow(CALLED, CALLED, PROCESSING, COMPLETE, CLOSED);
        allow(PENDING, PENDING, PROCESSING, CALLED, COMPLETE, CLOSED);
        allow(COMPLETE, IDLE, CLOSED);
        allow(CLOSED);
    }

    private static void allow(int from, int... to) {
        for (int phase : to) {
            NEXT_PHASES[from] |= 1 << phase;
        }
    }

    private static final State S_IDLE = State.of(IDLE, null);
    private static final State S_PROCESSING = State.of(PROCESSING, null);
    private static final State S_PENDING = State.of(PENDING, null);
    private static final State S_COMPLETE = State.of(COMPLETE, null);

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(IteratingCallbackMutant.class, "state", State.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The one bug this copy has, or null for the faithful copy. */
    private final CallbackBug bug;

    private volatile State state = S_IDLE;

    /** @param bug the bug to build in, or null for a faithful copy */
    protected IteratingCallbackMutant(CallbackBug bug) {
        this.bug = bug;
    }

    protected abstract Action process() throws Throwable;

    protected void onSuccess() {
    }

    protected void onFailure(Throwable cause) {
    }

    protected void onAborted(Throwable cause) {
    }

    protected void onCompleteSuccess() {
    }

    protected void onCompleteFailure(Throwable cause) {
    }

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

    private void processing(boolean notifySuccessFirst) {
        boolean notifySuccess = notifySuccessFirst;
        processing:
        while (true) {
            Action action;
            try {
                if (notifySuccess) {
                    notifySuccess = false;
                    onSuccess();
                }
                action = process();
                if (action == null) {
                    throw new IllegalStateException("process() returned null: " + this);
                }
            } catch (Throwable x) {
                recordProcessingFailure(x);
                action = null;
            }

            while (true) {
                State s = state;
                int phase = s.phase();
                if (phase == PROCESSING) {
                    if (s.is(ABORTED)) {
                        if (action == Action.SCHEDULED) {
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
                        } else if (update(LOST_WAKEUP_ON_IDLE, s, S_IDLE)) {
                            // LOST_WAKEUP_ON_IDLE: with the bug the store does not compare, and an
                            // iterate() that set REPROCESS after the read above is overwritten.
                            return;
                        }
                    } else if (action == Action.SCHEDULED) {
                        if (bug == REPROCESS_KEPT_ON_SCHEDULED && s.is(REPROCESS)) {
                            // REPROCESS_KEPT_ON_SCHEDULED: the iterate() that came while processing is
                            // honoured now, although the operation just started is outstanding.
                            if (cas(s, S_PROCESSING)) {
                                continue processing;
                            }
                        } else if (cas(s, S_PENDING)) {
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
                        State done = terminal(s);
                        if (cas(s, done)) {
                            notifyFailure(done.failure, s.is(ABORTED), true);
                            return;
                        }
                    } else if (cas(s, S_PROCESSING)) {
                        notifySuccess = true;
                        continue processing;
                    }
                } else {
                    throw new IllegalStateException("process() returned in " + this);
                }
            }
        }
    }

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

    @Override
    public final void succeeded() {
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == PROCESSING) {
                if (bug == NO_CALLED_STATE) {
                    // NO_CALLED_STATE: process the completion here and now, as if it were pending.
                    if (cas(s, S_PROCESSING)) {
                        processing(true);
                        return;
                    }
                } else if (cas(s, s.withPhase(CALLED))) {
                    return;
                }
            } else if (phase == PENDING) {
                if (!s.is(ABORTED)) {
                    if (cas(s, S_PROCESSING)) {
                        processing(true);
                        return;
                    }
                } else if (s.is(ABORTING) && bug != COMPLETION_IGNORES_ABORTING) {
                    // COMPLETION_IGNORES_ABORTING: with the bug this branch is skipped and the
                    // completion finishes the task below while the abort hooks still run.
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

    @Override
    public final void failed(Throwable cause) {
        Throwable failure = cause != null ? cause : new IOException("failed(null)");
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == PROCESSING && bug == NO_CALLED_STATE) {
                // NO_CALLED_STATE: complete the task here and now, as if the operation were pending.
                if (cas(s, State.of(COMPLETE, failure))) {
                    notifyFailure(failure, false, true);
                    return;
                }
            } else if (phase == PROCESSING || phase == CALLED) {
                State next = State.of(CALLED | (s.bits & FLAGS_MASK), s.failure != null ? s.failure : failure);
                if (cas(s, next)) {
                    suppress(s.failure, failure);
                    return;
                }
            } else if (phase == PENDING) {
                if (!s.is(ABORTED)) {
                    // FAILED_READ_THEN_WRITE: with the bug this store does not compare.
                    if (update(FAILED_READ_THEN_WRITE, s, State.of(COMPLETE, failure))) {
                        notifyFailure(failure, false, true);
                        return;
                    }
                } else if (s.is(ABORTING) && bug != COMPLETION_IGNORES_ABORTING) {
                    // COMPLETION_IGNORES_ABORTING: as in succeeded().
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

    public final boolean abort(Throwable cause) {
        Throwable failure = cause != null ? cause : new IOException("abort(null)");
        while (true) {
            State s = state;
            if (s.is(ABORTED)) {
                suppress(s.failure, failure);
                return false;
            }
            int phase = s.phase();
            // ABORT_READ_THEN_WRITE: with the bug the three stores below do not compare.
            if (phase == IDLE) {
                if (update(ABORT_READ_THEN_WRITE, s, State.of(COMPLETE | ABORTED, failure))) {
                    notifyFailure(failure, true, true);
                    return true;
                }
            } else if (phase == PROCESSING || phase == CALLED) {
                State aborted = State.of(s.bits | ABORTED, s.failure != null ? s.failure : failure);
                if (update(ABORT_READ_THEN_WRITE, s, aborted)) {
                    suppress(s.failure, failure);
                    if (bug == ON_ABORTED_DURING_PROCESS) {
                        // ON_ABORTED_DURING_PROCESS: tell the subclass now, not after process() returns.
                        rethrow(callHooks(null, aborted.failure, true, false, false));
                    }
                    return true;
                }
            } else if (phase == PENDING) {
                if (update(ABORT_READ_THEN_WRITE, s, State.of(PENDING | ABORTED | ABORTING, failure))) {
                    abortWhilePending(failure);
                    return true;
                }
            } else {
                suppress(s.failure, failure);
                return false;
            }
        }
    }

    private void abortWhilePending(Throwable cause) {
        if (bug == ABORT_COMPLETES_WITHOUT_WAITING) {
            // ABORT_COMPLETES_WITHOUT_WAITING: finish now; the operation's completion will find the
            // task complete and be ignored.
            while (true) {
                State s = state;
                State done = terminal(s);
                if (cas(s, done)) {
                    notifyFailure(done.failure, true, true);
                    return;
                }
            }
        }
        Throwable thrown = callHooks(null, cause, true, true, false);
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == PENDING) {
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
                    if (bug == CLOSE_AFTER_ABORT_NOT_FINAL) {
                        // CLOSE_AFTER_ABORT_NOT_FINAL: it is stopping anyway, so leave it be.
                        return;
                    }
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

    public boolean reset() {
        while (true) {
            State s = state;
            int phase = s.phase();
            if (phase == IDLE) {
                return true;
            }
            if (bug == RESET_BEFORE_COMPLETION && s.is(ABORTED) && phase != CLOSED) {
                // RESET_BEFORE_COMPLETION: an aborted task looks finished; a plain store forgets it
                // (and the transition table that would refuse PENDING -> IDLE).
                STATE.setVolatile(this, S_IDLE);
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

    public boolean isIdle() {
        return state.phase() == IDLE;
    }

    public boolean isClosed() {
        State s = state;
        return s.phase() == CLOSED || s.is(CLOSING);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(hashCode()) + "[" + bug + "," + state + "]";
    }

    /** A CAS, or with the named bug a read-then-write: the store of what was computed from the read. */
    private boolean update(CallbackBug readThenWrite, State expected, State next) {
        if (bug != readThenWrite) {
            return cas(expected, next);
        }
        checkTransition(expected, next);
        RaceWindow.widen();
        STATE.setVolatile(this, next);
        return true;
    }

    private boolean cas(State expected, State next) {
        checkTransition(expected, next);
        return STATE.compareAndSet(this, expected, next);
    }

    private void checkTransition(State expected, State next) {
        if ((NEXT_PHASES[expected.phase()] & (1 << next.phase())) == 0) {
            throw new IllegalStateException(expected + " !-> " + next + " is not a transition of " + this);
        }
    }

    private static State terminal(State s) {
        return State.of((s.is(CLOSING) ? CLOSED : COMPLETE) | (s.bits & ABORTED), s.failure);
    }

    private void notifyFailure(Throwable cause, boolean aborted, boolean complete) {
        rethrow(callHooks(null, cause, aborted, true, complete));
    }

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

    /** The copy's {@link IteratingCallback.ClosedException}, whose constructor is not public. */
    public static final class ClosedException extends IOException {
        ClosedException() {
            super("closed");
        }
    }

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
