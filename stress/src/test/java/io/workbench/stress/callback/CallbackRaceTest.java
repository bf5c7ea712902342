package io.workbench.stress.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.stress.callback.Journal.Kind;
import org.junit.jupiter.api.Test;

/**
 * The race fixture on one thread: the histories it renders are the ones the jcstress tests list,
 * and the invariants it watches do trip. (This VM runs the real callback: no variant is selected.)
 */
class CallbackRaceTest {

    @Test
    void aCompletedOperationResumesProcessingAndTheHistorySaysWho() {
        CallbackRace race = new CallbackRace(Step.SCHEDULE, Step.SUCCEED);
        race.setup().iterate();
        race.first().succeeded();
        assertEquals("process@s onSuccess@1 process@1 onCompleteSuccess@1", race.outcome());
    }

    @Test
    void theArbitersCallsAndTheTestsFactsAreRendered() {
        CallbackRace race = new CallbackRace(Step.SCHEDULE);
        race.setup().iterate();
        boolean aborted = race.second().abort("x");
        race.arbiter().succeedOutstanding();
        assertEquals("process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@a; abort=true",
                race.outcome("abort=" + aborted));
    }

    @Test
    void anExceptionFromTheCallbackIsPartOfTheHistory() {
        CallbackRace race = new CallbackRace();
        race.first().succeeded();
        assertEquals("threw:IllegalStateException@1", race.outcome());
    }

    @Test
    void closedIsNamed() {
        CallbackRace race = new CallbackRace();
        race.first().close();
        assertEquals("onAborted:closed@1 onFailure:closed@1 onCompleteFailure:closed@1", race.outcome());
        assertTrue(race.first().isClosed());
    }

    @Test
    void aCallBeyondTheScriptShowsAsAnExtraProcess() {
        CallbackRace race = new CallbackRace(Step.IDLE);
        race.first().iterate();
        race.first().iterate();
        assertEquals("process@1 process@1", race.outcome());
    }

    @Test
    void overlappingHooksAreAViolation() {
        Journal journal = new Journal();
        journal.enter(Kind.PROCESS, null);
        journal.enter(Kind.ON_ABORTED, new Journal.NamedFailure("x"));
        journal.exit();
        journal.exit();
        assertEquals("VIOLATION overlap: process@s onAborted:x@s", journal.render());
    }

    @Test
    void failureHooksOutOfOrderAreAViolation() {
        Journal journal = new Journal();
        hook(journal, Kind.ON_FAILURE);
        hook(journal, Kind.ON_COMPLETE_FAILURE);
        hook(journal, Kind.ON_ABORTED);
        assertTrue(journal.render().startsWith("VIOLATION failure-hooks-out-of-order: "), journal.render());
    }

    @Test
    void aSecondCompletionIsAViolation() {
        Journal journal = new Journal();
        hook(journal, Kind.ON_COMPLETE_SUCCESS);
        hook(journal, Kind.ON_FAILURE);
        hook(journal, Kind.ON_COMPLETE_FAILURE);
        assertTrue(journal.render().startsWith("VIOLATION completed-twice: "), journal.render());
    }

    @Test
    void onCompleteFailureWithoutOnFailureIsAViolation() {
        Journal journal = new Journal();
        hook(journal, Kind.ON_ABORTED);
        hook(journal, Kind.ON_COMPLETE_FAILURE);
        assertTrue(journal.render().startsWith("VIOLATION failure-hooks-out-of-order: "), journal.render());
    }

    @Test
    void aWatchedOnSuccessThatSawNoAbortAddsNothingToTheHistory() {
        CallbackRace race = CallbackRace.watchingOnSuccess(Step.SCHEDULE, Step.SUCCEED);
        race.setup().iterate();
        race.first().succeeded();
        assertEquals("process@s onSuccess@1 process@1 onCompleteSuccess@1", race.outcome());
    }

    @Test
    void aProcessAfterOnSuccessSawAnAbortIsAViolation() {
        Journal journal = new Journal();
        journal.enter(Kind.ON_SUCCESS, null);
        journal.sawAbort();
        journal.exit();
        hook(journal, Kind.PROCESS);
        assertEquals("VIOLATION process-after-abort: onSuccess@s sawAbort@s process@s", journal.render());
    }

    @Test
    void failureHooksAfterOnSuccessSawAnAbortAreNoViolation() {
        Journal journal = new Journal();
        journal.enter(Kind.ON_SUCCESS, null);
        journal.sawAbort();
        journal.exit();
        hook(journal, Kind.ON_FAILURE);
        hook(journal, Kind.ON_COMPLETE_FAILURE);
        assertEquals("onSuccess@s sawAbort@s onFailure@s onCompleteFailure@s", journal.render());
    }

    private static void hook(Journal journal, Kind kind) {
        journal.enter(kind, null);
        journal.exit();
    }
}
