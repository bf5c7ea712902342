package io.workbench.iocore.callback;

import static io.workbench.iocore.callback.ScriptedCallback.completedInPlace;
import static io.workbench.iocore.callback.ScriptedCallback.done;
import static io.workbench.iocore.callback.ScriptedCallback.idle;
import static io.workbench.iocore.callback.ScriptedCallback.scheduled;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.IteratingCallback.Action;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The orderings of process() returning, the operation completing and abort/close that one thread
 * can produce, each checked for exactly-once completion and for the order of the hooks. The races
 * between threads are proven by the jcstress tests in {@code stress/}.
 */
class IteratingCallbackTest {

    private ScriptedCallback callback;

    @AfterEach
    void noHookRanInsideProcess() {
        if (callback != null) {
            assertEquals(List.of(), callback.violations);
            assertTrue(callback.completions() <= 1, () -> "more than one completion: " + callback.events);
        }
    }

    private ScriptedCallback callback(ScriptedCallback.Step... steps) {
        callback = new ScriptedCallback(steps);
        return callback;
    }

    private static IOException failure(String message) {
        return new IOException(message);
    }

    @Nested
    class Success {

        @Test
        void processThatFinishesAtOnceCompletesOnce() {
            ScriptedCallback cb = callback(done());
            cb.iterate();
            assertEquals(List.of("process", "onCompleteSuccess"), cb.events);
            assertTrue(cb.isSucceeded());
            assertFalse(cb.isFailed());
        }

        @Test
        void operationCompletedInsideProcessIsIteratedNotRecursed() {
            AtomicBoolean nested = new AtomicBoolean();
            ScriptedCallback cb = callback(
                    c -> {
                        c.succeeded();
                        // succeeded() only recorded the completion: process() was not re-entered.
                        nested.set(c.events.size() != 1);
                        return Action.SCHEDULED;
                    },
                    done());
            cb.iterate();
            assertFalse(nested.get());
            assertEquals(List.of("process", "onSuccess", "process", "onCompleteSuccess"), cb.events);
        }

        @Test
        void operationCompletedLaterResumesProcessingOnTheCompletingThread() {
            ScriptedCallback cb = callback(scheduled(), done());
            cb.iterate();
            assertTrue(cb.isPending());
            assertEquals(List.of("process"), cb.events);

            cb.succeeded();
            assertEquals(List.of("process", "onSuccess", "process", "onCompleteSuccess"), cb.events);
            assertTrue(cb.isSucceeded());
        }

        @Test
        void idleWaitsForTheNextIterate() {
            ScriptedCallback cb = callback(idle(), done());
            cb.iterate();
            assertTrue(cb.isIdle());
            assertEquals(List.of("process"), cb.events);

            cb.iterate();
            assertEquals(List.of("process", "process", "onCompleteSuccess"), cb.events);
        }

        @Test
        void iterateDuringProcessIsRememberedOnce() {
            ScriptedCallback cb = callback(
                    c -> {
                        c.iterate();
                        c.iterate();
                        return Action.IDLE;
                    },
                    idle());
            cb.iterate();
            // One extra process() for the two iterate() calls: none lost, none doubled.
            assertEquals(List.of("process", "process"), cb.events);
            assertTrue(cb.isIdle());
            assertEquals(0, cb.scriptLeft());
        }

        @Test
        void iterateDuringProcessThatSchedulesAddsNoProcessCall() {
            ScriptedCallback cb = callback(
                    c -> {
                        c.iterate();
                        return Action.SCHEDULED;
                    },
                    done());
            cb.iterate();
            assertEquals(List.of("process"), cb.events);
            assertTrue(cb.isPending());
            cb.succeeded();
            assertEquals(List.of("process", "onSuccess", "process", "onCompleteSuccess"), cb.events);
        }

        @Test
        void iterateWhilePendingDoesNothing() {
            ScriptedCallback cb = callback(scheduled(), done());
            cb.iterate();
            cb.iterate();
            cb.iterate();
            assertEquals(List.of("process"), cb.events);
            assertTrue(cb.isPending());
        }

        @Test
        void iterateAfterCompletionDoesNothing() {
            ScriptedCallback cb = callback(done());
            cb.iterate();
            cb.iterate();
            assertEquals(List.of("process", "onCompleteSuccess"), cb.events);
        }

        @Test
        void manyOperationsInPlaceCallOnSuccessOncePerOperation() {
            ScriptedCallback cb = callback(completedInPlace(), completedInPlace(), completedInPlace(), done());
            cb.iterate();
            assertEquals(List.of("process", "onSuccess", "process", "onSuccess", "process", "onSuccess",
                    "process", "onCompleteSuccess"), cb.events);
        }
    }

    @Nested
    class Misuse {

        @Test
        void succeededWhileIdleIsAnIllegalStateException() {
            ScriptedCallback cb = callback();
            IllegalStateException error = assertThrows(IllegalStateException.class, cb::succeeded);
            assertTrue(error.getMessage().contains("IDLE"), error.getMessage());
            assertTrue(cb.isIdle());
            assertEquals(List.of(), cb.events);
        }

        @Test
        void succeededTwiceForOneOperationFailsTheTask() {
            ScriptedCallback cb = callback(c -> {
                c.succeeded();
                c.succeeded();
                return Action.SCHEDULED;
            });
            cb.iterate();
            assertEquals(3, cb.events.size(), cb.events::toString);
            assertTrue(cb.events.get(1).startsWith("onFailure:succeeded() twice"), cb.events::toString);
            assertTrue(cb.events.get(2).startsWith("onCompleteFailure:succeeded() twice"), cb.events::toString);
        }

        @Test
        void failedWhileIdleIsAnIllegalStateExceptionThatCarriesTheCause() {
            ScriptedCallback cb = callback();
            IOException cause = failure("boom");
            IllegalStateException error = assertThrows(IllegalStateException.class, () -> cb.failed(cause));
            assertSame(cause, error.getCause());
            assertTrue(cb.isIdle());
        }

        @Test
        void processReturningIdleAfterItsOperationCompletedFailsAndCloses() {
            ScriptedCallback cb = callback(c -> {
                c.succeeded();
                return Action.IDLE;
            });
            cb.iterate();
            assertEquals("process", cb.events.get(0));
            assertTrue(cb.events.get(1).startsWith("onFailure:process() returned IDLE"), cb.events::toString);
            assertTrue(cb.events.get(2).startsWith("onCompleteFailure:process() returned IDLE"), cb.events::toString);
            assertTrue(cb.isClosed());
            assertFalse(cb.reset());
        }

        @Test
        void processReturningNullFailsTheTask() {
            ScriptedCallback cb = callback(c -> null);
            cb.iterate();
            assertTrue(cb.events.get(2).startsWith("onCompleteFailure:process() returned null"), cb.events::toString);
        }
    }

    @Nested
    class Failure {

        @Test
        void failedInsideProcessCompletesAfterProcessReturns() {
            IOException cause = failure("x");
            ScriptedCallback cb = callback(c -> {
                c.failed(cause);
                assertEquals(1, c.events.size(), "no hook before process() returns");
                return Action.SCHEDULED;
            });
            cb.iterate();
            assertEquals(List.of("process", "onFailure:x", "onCompleteFailure:x"), cb.events);
            assertTrue(cb.isFailed());
            assertFalse(cb.isSucceeded());
        }

        @Test
        void failedWhilePendingCompletesOnTheFailingThread() {
            ScriptedCallback cb = callback(scheduled());
            cb.iterate();
            cb.failed(failure("x"));
            assertEquals(List.of("process", "onFailure:x", "onCompleteFailure:x"), cb.events);
        }

        @Test
        void processThatThrowsFailsTheTaskOnce() {
            ScriptedCallback cb = callback(c -> {
                throw failure("thrown");
            });
            cb.iterate();
            assertEquals(List.of("process", "onFailure:thrown", "onCompleteFailure:thrown"), cb.events);
        }

        @Test
        void processThatThrowsAfterItsOperationCompletedFailsOnceAndIgnoresTheCompletion() {
            ScriptedCallback cb = callback(c -> {
                c.succeeded();
                throw failure("thrown");
            });
            cb.iterate();
            assertEquals(List.of("process", "onFailure:thrown", "onCompleteFailure:thrown"), cb.events);
        }

        @Test
        void processThatThrowsAfterAFailedOperationKeepsTheFirstCause() {
            IOException first = failure("first");
            IOException thrown = failure("thrown");
            ScriptedCallback cb = callback(c -> {
                c.failed(first);
                throw thrown;
            });
            cb.iterate();
            assertEquals(List.of("process", "onFailure:first", "onCompleteFailure:first"), cb.events);
            assertEquals(List.of(thrown), Arrays.asList(first.getSuppressed()));
        }

        @Test
        void onSuccessThatThrowsFailsTheTask() {
            ScriptedCallback cb = new ScriptedCallback(completedInPlace(), done()) {
                @Override
                protected void onSuccess() {
                    throw new IllegalArgumentException("from onSuccess");
                }
            };
            callback = cb;
            cb.iterate();
            assertEquals(List.of("process", "onFailure:from onSuccess", "onCompleteFailure:from onSuccess"), cb.events);
        }

        @Test
        void lateCompletionsAfterAFailureAreSuppressedNotDelivered() {
            IOException cause = failure("x");
            IOException late = failure("late");
            ScriptedCallback cb = callback(scheduled());
            cb.iterate();
            cb.failed(cause);
            cb.succeeded();
            cb.failed(late);
            cb.failed(late);
            assertEquals(List.of("process", "onFailure:x", "onCompleteFailure:x"), cb.events);
            assertEquals(List.of(late), Arrays.asList(cause.getSuppressed()));
        }

        @Test
        void lateCompletionsAfterSuccessAreIgnored() {
            ScriptedCallback cb = callback(done());
            cb.iterate();
            cb.succeeded();
            cb.failed(failure("late"));
            assertEquals(List.of("process", "onCompleteSuccess"), cb.events);
            assertTrue(cb.isSucceeded());
        }
    }

    @Nested
    class Abort {

        @Test
        void abortWhileIdleCompletesAtOnce() {
            ScriptedCallback cb = callback();
            assertTrue(cb.abort(failure("a")));
            assertEquals(List.of("onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
            assertTrue(cb.isAborted());
            assertTrue(cb.isFailed());
        }

        @Test
        void onlyTheFirstAbortReturnsTrueAndLaterCausesAreSuppressed() {
            IOException first = failure("first");
            IOException second = failure("second");
            ScriptedCallback cb = callback(scheduled());
            cb.iterate();
            assertTrue(cb.abort(first));
            assertFalse(cb.abort(second));
            assertEquals(List.of(second), Arrays.asList(first.getSuppressed()));
            assertEquals(List.of("process", "onAborted:first", "onFailure:first"), cb.events);
        }

        @Test
        void abortDuringProcessThatGoesIdleIsDeliveredAfterProcessReturns() {
            ScriptedCallback cb = callback(c -> {
                assertTrue(c.abort(failure("a")));
                assertEquals(1, c.events.size(), "no hook before process() returns");
                return Action.IDLE;
            });
            cb.iterate();
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
        }

        @Test
        void abortDuringProcessThatSucceedsIsAFailure() {
            ScriptedCallback cb = callback(c -> {
                c.abort(failure("a"));
                return Action.SUCCEEDED;
            });
            cb.iterate();
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
            assertFalse(cb.isSucceeded());
        }

        @Test
        void abortDuringProcessThatSchedulesWaitsForTheOperation() {
            ScriptedCallback cb = callback(c -> {
                c.abort(failure("a"));
                return Action.SCHEDULED;
            });
            cb.iterate();
            assertEquals(List.of("process", "onAborted:a", "onFailure:a"), cb.events);
            assertTrue(cb.isPending());

            cb.succeeded();
            // No onSuccess and no process() for an operation that completed after the abort.
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
        }

        @Test
        void abortDuringProcessAfterTheOperationCompletedCompletesAtOnce() {
            ScriptedCallback cb = callback(c -> {
                c.succeeded();
                c.abort(failure("a"));
                return Action.SCHEDULED;
            });
            cb.iterate();
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
        }

        @Test
        void abortWhilePendingCompletesOnlyWhenTheOperationCallsBack() {
            ScriptedCallback cb = callback(scheduled());
            cb.iterate();
            assertTrue(cb.abort(failure("a")));
            assertEquals(List.of("process", "onAborted:a", "onFailure:a"), cb.events);
            assertFalse(cb.reset(), "the operation is still outstanding");

            cb.succeeded();
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
        }

        @Test
        void abortWhilePendingThenFailedCompletesWithTheAbortCause() {
            IOException abort = failure("a");
            IOException write = failure("write");
            ScriptedCallback cb = callback(scheduled());
            cb.iterate();
            cb.abort(abort);
            cb.failed(write);
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
            assertEquals(List.of(write), Arrays.asList(abort.getSuppressed()));
        }

        @Test
        void operationCompletingInsideOnAbortedCompletesAfterTheAbortHooks() {
            ScriptedCallback cb = callback(scheduled());
            // Aborting closes the endpoint, which fails the pending write right there.
            cb.onAbortedAction = () -> cb.failed(failure("closed"));
            cb.iterate();
            assertTrue(cb.abort(failure("a")));
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
        }

        @Test
        void operationSucceedingInsideOnAbortedCompletesAfterTheAbortHooks() {
            ScriptedCallback cb = callback(scheduled());
            // The write was already done: its success arrives while the abort hooks run.
            cb.onAbortedAction = cb::succeeded;
            cb.iterate();
            assertTrue(cb.abort(failure("a")));
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
        }

        @Test
        void abortAfterCompletionReturnsFalseAndChangesNothing() {
            ScriptedCallback cb = callback(done());
            cb.iterate();
            assertFalse(cb.abort(failure("late")));
            assertEquals(List.of("process", "onCompleteSuccess"), cb.events);
            assertTrue(cb.isSucceeded());
            assertFalse(cb.isAborted());
        }

        @Test
        void abortedHookThatThrowsStillRunsTheOthersAndReportsToTheCaller() {
            ScriptedCallback cb = new ScriptedCallback() {
                @Override
                protected void onAborted(Throwable cause) {
                    events.add("onAborted");
                    throw new IllegalStateException("from onAborted");
                }
            };
            callback = cb;
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> cb.abort(failure("a")));
            assertEquals("from onAborted", thrown.getMessage());
            assertEquals(List.of("onAborted", "onFailure:a", "onCompleteFailure:a"), cb.events);
        }

        @Test
        void abortWithoutCauseStillHasOne() {
            ScriptedCallback cb = callback();
            assertTrue(cb.abort(null));
            assertEquals(List.of("onAborted:abort(null)", "onFailure:abort(null)", "onCompleteFailure:abort(null)"), cb.events);
        }
    }

    /**
     * onSuccess() (or something it calls) stops the task: no operation is outstanding at that
     * point, so process() must not start another one, and the task completes at once.
     */
    @Nested
    class StopFromOnSuccess {

        private final List<String> abortedThenFailed =
                List.of("process", "onSuccess", "onAborted:a", "onFailure:a", "onCompleteFailure:a");

        /** Aborts from onSuccess() and remembers what abort() returned. */
        private boolean[] abortFromOnSuccess(ScriptedCallback cb, IOException cause) {
            boolean[] returned = new boolean[1];
            cb.onSuccessAction = () -> returned[0] = cb.abort(cause);
            return returned;
        }

        @Test
        void abortFromOnSuccessOfAPendingOperationCallsNoMoreProcess() {
            // The second step would start another operation: it must never run.
            ScriptedCallback cb = callback(scheduled(), scheduled());
            boolean[] aborted = abortFromOnSuccess(cb, failure("a"));
            cb.iterate();
            assertTrue(cb.isPending());

            cb.succeeded();
            assertTrue(aborted[0], "the abort from onSuccess() is the one that aborted");
            assertEquals(abortedThenFailed, cb.events);
            assertEquals(1, cb.scriptLeft(), "process() ran after the abort");
            assertTrue(cb.isAborted());
            assertTrue(cb.isFailed());
            assertFalse(cb.isPending(), "nothing is outstanding: the task is complete");
            assertFalse(cb.isProcessing());
            assertFalse(cb.isClosed());
        }

        @Test
        void abortFromOnSuccessOfAnOperationCompletedInsideProcessCallsNoMoreProcess() {
            ScriptedCallback cb = callback(completedInPlace(), scheduled());
            boolean[] aborted = abortFromOnSuccess(cb, failure("a"));
            cb.iterate();
            assertTrue(aborted[0]);
            assertEquals(abortedThenFailed, cb.events);
            assertEquals(1, cb.scriptLeft(), "process() ran after the abort");
            assertTrue(cb.isAborted());
            assertFalse(cb.isPending());
            assertFalse(cb.isClosed());
        }

        @Test
        void callsAfterAnAbortFromOnSuccessChangeNothing() {
            IOException abort = failure("a");
            IOException late = failure("late");
            ScriptedCallback cb = callback(scheduled(), scheduled());
            abortFromOnSuccess(cb, abort);
            cb.iterate();
            cb.succeeded();

            cb.succeeded();
            cb.iterate();
            cb.failed(late);
            assertFalse(cb.abort(failure("again")));
            assertEquals(abortedThenFailed, cb.events);
            assertEquals(1, cb.scriptLeft());
            assertTrue(Arrays.asList(abort.getSuppressed()).contains(late), "a late failure is kept on the abort cause");
            assertTrue(cb.isAborted());
            assertTrue(cb.reset(), "the task is complete: nothing outstanding holds the reset back");
        }

        @Test
        void iterateAndAbortFromOnSuccessCallsNoMoreProcess() {
            ScriptedCallback cb = callback(completedInPlace(), scheduled());
            cb.onSuccessAction = () -> {
                cb.abort(failure("a"));
                cb.iterate();
            };
            cb.iterate();
            assertEquals(abortedThenFailed, cb.events);
            assertEquals(1, cb.scriptLeft());
        }

        @Test
        void onSuccessThatAbortsAndThenThrowsCompletesOnceWithTheAbortCause() {
            IOException abort = failure("a");
            ScriptedCallback cb = callback(scheduled(), scheduled());
            cb.onSuccessAction = () -> {
                cb.abort(abort);
                throw new IllegalArgumentException("from onSuccess");
            };
            cb.iterate();
            cb.succeeded();
            assertEquals(abortedThenFailed, cb.events);
            assertEquals(1, cb.scriptLeft());
            assertEquals("from onSuccess", abort.getSuppressed()[0].getMessage());
        }

        @Test
        void closeFromOnSuccessCallsNoMoreProcessAndEndsClosed() {
            ScriptedCallback cb = callback(scheduled(), scheduled());
            cb.onSuccessAction = () -> cb.close();
            cb.iterate();
            cb.succeeded();
            assertEquals(List.of("process", "onSuccess", "onAborted:closed", "onFailure:closed", "onCompleteFailure:closed"),
                    cb.events);
            assertEquals(1, cb.scriptLeft());
            assertTrue(cb.isClosed());
            assertTrue(cb.isAborted());
            assertFalse(cb.reset(), "closed is final");
        }

        @Test
        void failedFromOnSuccessCallsNoMoreProcess() {
            ScriptedCallback cb = callback(completedInPlace(), scheduled());
            cb.onSuccessAction = () -> cb.failed(failure("x"));
            cb.iterate();
            assertEquals(List.of("process", "onSuccess", "onFailure:x", "onCompleteFailure:x"), cb.events);
            assertEquals(1, cb.scriptLeft());
            assertTrue(cb.isFailed());
            assertFalse(cb.isAborted());
        }
    }

    @Nested
    class Close {

        @Test
        void closeWhileIdleAbortsWithAClosedException() {
            ScriptedCallback cb = callback();
            cb.close();
            assertEquals(List.of("onAborted:closed", "onFailure:closed", "onCompleteFailure:closed"), cb.events);
            assertTrue(cb.isClosed());
            assertFalse(cb.reset());
        }

        @Test
        void closeWhilePendingCompletesWhenTheOperationCallsBack() {
            ScriptedCallback cb = callback(scheduled());
            cb.iterate();
            cb.close();
            assertEquals(List.of("process", "onAborted:closed", "onFailure:closed"), cb.events);
            assertTrue(cb.isClosed());
            cb.succeeded();
            assertEquals(List.of("process", "onAborted:closed", "onFailure:closed", "onCompleteFailure:closed"), cb.events);
            assertFalse(cb.reset());
        }

        @Test
        void closeDuringProcessIsDeliveredAfterProcessReturns() {
            ScriptedCallback cb = callback(c -> {
                c.close();
                return Action.IDLE;
            });
            cb.iterate();
            assertEquals(List.of("process", "onAborted:closed", "onFailure:closed", "onCompleteFailure:closed"), cb.events);
            assertTrue(cb.isClosed());
            assertFalse(cb.reset());
        }

        @Test
        void closeAfterAnAbortMakesTheEndFinal() {
            ScriptedCallback cb = callback(scheduled());
            cb.iterate();
            cb.abort(failure("a"));
            cb.close();
            cb.succeeded();
            assertEquals(List.of("process", "onAborted:a", "onFailure:a", "onCompleteFailure:a"), cb.events);
            assertTrue(cb.isClosed());
            assertFalse(cb.reset());
        }

        @Test
        void closeAfterSuccessRunsNoHookAndForbidsReset() {
            ScriptedCallback cb = callback(done());
            cb.iterate();
            cb.close();
            cb.close();
            assertEquals(List.of("process", "onCompleteSuccess"), cb.events);
            assertTrue(cb.isClosed());
            assertFalse(cb.reset());
            cb.iterate();
            assertEquals(2, cb.events.size());
        }

        @Test
        void closedExceptionIsTheDocumentedType() {
            Throwable[] seen = new Throwable[1];
            ScriptedCallback cb = new ScriptedCallback() {
                @Override
                protected void onCompleteFailure(Throwable cause) {
                    seen[0] = cause;
                }
            };
            cb.close();
            assertInstanceOf(IteratingCallback.ClosedException.class, seen[0]);
        }
    }

    @Nested
    class Reset {

        @Test
        void resetAfterSuccessStartsACleanCycle() {
            // Two cycles, so two completions: not registered for the one-completion check.
            ScriptedCallback cb = new ScriptedCallback(done(), completedInPlace(), done());
            cb.iterate();
            assertTrue(cb.reset());
            assertTrue(cb.isIdle());
            assertFalse(cb.isSucceeded());
            cb.iterate();
            assertEquals(List.of("process", "onCompleteSuccess", "process", "onSuccess", "process", "onCompleteSuccess"), cb.events);
            assertEquals(List.of(), cb.violations);
        }

        @Test
        void resetAfterFailureForgetsTheFailure() {
            ScriptedCallback cb = new ScriptedCallback(scheduled(), done());
            cb.iterate();
            cb.failed(failure("x"));
            assertTrue(cb.isFailed());
            assertTrue(cb.reset());
            assertFalse(cb.isFailed());
            cb.iterate();
            assertTrue(cb.isSucceeded());
            assertEquals(List.of("process", "onFailure:x", "onCompleteFailure:x", "process", "onCompleteSuccess"), cb.events);
        }

        @Test
        void resetAfterAbortClearsTheAbort() {
            ScriptedCallback cb = new ScriptedCallback(scheduled(), done());
            cb.iterate();
            cb.abort(failure("a"));
            cb.succeeded();
            assertTrue(cb.isAborted());
            assertTrue(cb.reset());
            assertFalse(cb.isAborted());
            assertFalse(cb.isFailed());
            cb.iterate();
            assertTrue(cb.isSucceeded());
            assertFalse(cb.abort(failure("b")), "a finished cycle cannot be aborted");
        }

        @Test
        void resetWhilePendingOrIdleDoesNotInterrupt() {
            ScriptedCallback cb = callback(scheduled(), done());
            assertTrue(cb.reset(), "idle is already reset");
            cb.iterate();
            assertFalse(cb.reset());
            assertTrue(cb.isPending());
            cb.succeeded();
            assertTrue(cb.isSucceeded());
        }

        @Test
        void resetFromInsideTheCompletionHookIsAllowed() {
            // A flusher reused for the next message resets itself from its completion callback.
            boolean[] reset = new boolean[1];
            ScriptedCallback cb = new ScriptedCallback(done()) {
                @Override
                protected void onCompleteSuccess() {
                    reset[0] = reset();
                }
            };
            cb.iterate();
            assertTrue(reset[0]);
            assertTrue(cb.isIdle());
        }

        @Test
        void callbackThatNeedsResetIgnoresIterateUntilReset() {
            ScriptedCallback cb = new ScriptedCallback(true).then(done());
            callback = cb;
            cb.iterate();
            assertEquals(List.of(), cb.events);
            assertTrue(cb.reset());
            cb.iterate();
            assertEquals(List.of("process", "onCompleteSuccess"), cb.events);
        }
    }

    @Test
    void toStringShowsTheState() {
        ScriptedCallback cb = callback(scheduled());
        assertTrue(cb.toString().contains("[IDLE]"), cb.toString());
        cb.iterate();
        assertTrue(cb.toString().contains("[PENDING]"), cb.toString());
        cb.abort(failure("a"));
        assertTrue(cb.toString().contains("PENDING+ABORTED"), cb.toString());
        assertTrue(cb.toString().contains("failure=java.io.IOException: a"), cb.toString());
        assertTrue(cb.toString().startsWith("ScriptedCallback@"), cb.toString());
    }
}
