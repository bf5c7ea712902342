package io.workbench.stress.callback;

import io.workbench.iocore.callback.IteratingCallback.Action;
import io.workbench.stress.callback.Journal.Kind;
import io.workbench.stress.callback.Journal.NamedFailure;
import io.workbench.stress.callback.Journal.Violation;
import io.workbench.stress.harness.RaceWindow;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One jcstress iteration of a race on an iterating callback: a callback of the variant this VM
 * runs ({@link CallbackUnderTest#create}), the scripted task behind it, the one operation the
 * task may start, and the journal of what happened.
 *
 * <p>A test makes one per state, sets it up in its constructor through {@link #setup()}, drives
 * it from its actors through {@link #first()} and {@link #second()}, finishes it through
 * {@link #arbiter()} and reports {@link #outcome(String...)}. Every call an actor makes is
 * journaled with the thread that made it, and so is any exception the callback throws at it.
 *
 * <p>process() and onAborted() take a little while ({@value #HOLD_SPINS} spin-wait hints), as
 * real ones do (a write, closing an endpoint): that widens the window in which another thread's
 * call lands inside them, for the real callback and the mutants alike. A race made by
 * {@link #watchingOnSuccess} holds onSuccess() as long, and then notes in the history
 * ({@code sawAbort}) whether an abort() has already returned: the callback must then not call
 * process() again.
 */
public final class CallbackRace {

    private static final int HOLD_SPINS = 64;

    private final Step[] script;
    private final boolean watchOnSuccess;
    /** Set by an actor once its abort() has returned true: the callback's state says ABORTED from then on. */
    private volatile boolean abortReturned;
    private final AtomicInteger nextStep = new AtomicInteger();
    private final AtomicInteger work = new AtomicInteger();
    private final AtomicInteger completionsReturned = new AtomicInteger();
    private final Operation operation = new Operation();
    private final Journal journal = new Journal();
    private final CallbackUnderTest callback = CallbackUnderTest.create(new ScriptedTask());
    /** What every thread calls through; who it is shows in the journal, which tells threads apart. */
    private final Actor actor = new Actor();

    /** A race whose process() calls do {@code script}, one step per call. */
    public CallbackRace(Step... script) {
        this(false, script);
    }

    private CallbackRace(boolean watchOnSuccess, Step... script) {
        this.script = script.clone();
        this.watchOnSuccess = watchOnSuccess;
    }

    /**
     * A race like {@link #CallbackRace(Step...)} whose onSuccess() takes a while and, before it
     * returns, records {@code sawAbort} if an abort() has returned true by then. The callback reads
     * its state after onSuccess() returns, so it must see that abort: a process() after
     * {@code sawAbort} is the violation {@code process-after-abort}.
     */
    public static CallbackRace watchingOnSuccess(Step... script) {
        return new CallbackRace(true, script);
    }

    /** The test's constructor: what happened before the race. */
    public Actor setup() {
        return actor;
    }

    /** The first actor; call from it only. */
    public Actor first() {
        journal.bindFirst();
        return actor;
    }

    /** The second actor; call from it only. */
    public Actor second() {
        journal.bindSecond();
        return actor;
    }

    /** The arbiter, after both actors. */
    public Actor arbiter() {
        journal.bindArbiter();
        return actor;
    }

    /** A unit of work for the {@link Step#DRAIN} steps to take (offer it, then iterate()). */
    public void offerWork() {
        work.incrementAndGet();
    }

    /** @return the work offered and not taken yet */
    public int workLeft() {
        return work.get();
    }

    /** @return true once onCompleteSuccess or onCompleteFailure has returned */
    public boolean hasCompleted() {
        return completionsReturned.get() > 0;
    }

    /**
     * The jcstress outcome: the journal of calls and hooks, then {@code facts} the arbiter
     * observed (return values, final state), prefixed with any broken invariant.
     */
    public String outcome(String... facts) {
        return journal.render(facts);
    }

    private static void hold() {
        RaceWindow.spin(HOLD_SPINS);
    }

    /** What one thread of the test does to the callback. */
    public final class Actor {

        private Actor() {
        }

        public void iterate() {
            try {
                callback.iterate();
            } catch (Throwable x) {
                journal.threw(x);
            }
        }

        /** Waits until process() has started the operation, so that completing it races the rest of process(). */
        public Actor awaitOperation() {
            if (!operation.awaitStart()) {
                journal.violation(Violation.OPERATION_NEVER_STARTED);
            }
            return this;
        }

        /** The operation calls back: it succeeded. */
        public void succeeded() {
            operation.callBack();
            try {
                callback.succeeded();
            } catch (Throwable x) {
                journal.threw(x);
            }
        }

        /** The operation calls back (or another party fails the task): failed with a cause named {@code cause}. */
        public void failed(String cause) {
            operation.callBack();
            try {
                callback.failed(new NamedFailure(cause));
            } catch (Throwable x) {
                journal.threw(x);
            }
        }

        /** The operation succeeds, if process() started it and it has not called back yet. */
        public void succeedOutstanding() {
            if (operation.isOutstanding()) {
                succeeded();
            }
        }

        /** @return what abort() returned; false if it threw */
        public boolean abort(String cause) {
            try {
                boolean aborted = callback.abort(new NamedFailure(cause));
                if (aborted) {
                    abortReturned = true;
                }
                return aborted;
            } catch (Throwable x) {
                journal.threw(x);
                return false;
            }
        }

        public void close() {
            try {
                callback.close();
            } catch (Throwable x) {
                journal.threw(x);
            }
        }

        /** @return what reset() returned; false if it threw */
        public boolean reset() {
            try {
                return callback.reset();
            } catch (Throwable x) {
                journal.threw(x);
                return false;
            }
        }

        public boolean isIdle() {
            return callback.isIdle();
        }

        public boolean isClosed() {
            return callback.isClosed();
        }
    }

    /** The body of the callback: runs the script and journals every call, watching the operation. */
    private final class ScriptedTask implements CallbackBody {

        @Override
        public Action process() {
            journal.enter(Kind.PROCESS, null);
            try {
                if (operation.isOutstanding()) {
                    journal.violation(Violation.PROCESS_WHILE_OUTSTANDING);
                }
                int index = nextStep.getAndIncrement();
                // A call beyond the script shows in the journal; answer it harmlessly.
                Action action = index < script.length ? run(script[index]) : Action.IDLE;
                hold();
                return action;
            } finally {
                journal.exit();
            }
        }

        private Action run(Step step) {
            return switch (step) {
                case SCHEDULE -> {
                    operation.start();
                    yield Action.SCHEDULED;
                }
                case IDLE -> Action.IDLE;
                case SUCCEED -> Action.SUCCEEDED;
                case DRAIN -> {
                    work.set(0);
                    yield Action.IDLE;
                }
            };
        }

        @Override
        public void onSuccess() {
            journal.enter(Kind.ON_SUCCESS, null);
            if (watchOnSuccess) {
                hold();
                if (abortReturned) {
                    journal.sawAbort();
                }
            }
            journal.exit();
        }

        @Override
        public void onFailure(Throwable cause) {
            journal.enter(Kind.ON_FAILURE, cause);
            journal.exit();
        }

        @Override
        public void onAborted(Throwable cause) {
            journal.enter(Kind.ON_ABORTED, cause);
            hold();
            journal.exit();
        }

        @Override
        public void onCompleteSuccess() {
            completing(Kind.ON_COMPLETE_SUCCESS, null);
        }

        @Override
        public void onCompleteFailure(Throwable cause) {
            completing(Kind.ON_COMPLETE_FAILURE, cause);
        }

        private void completing(Kind kind, Throwable cause) {
            journal.enter(kind, cause);
            if (operation.isOutstanding()) {
                journal.violation(Violation.COMPLETED_WHILE_OUTSTANDING);
            }
            journal.exit();
            completionsReturned.incrementAndGet();
        }
    }
}
