package io.workbench.stress.callback;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

@JCStressTest
@Description("close() races the completion of a pending operation. The callback is PENDING (set up by the test). "
        + "Actor 1 completes the operation; actor 2 closes. Whatever the order the task completes once and the "
        + "callback ends CLOSED: a task that finished is closed quietly, an unfinished one is aborted with a "
        + "ClosedException whose onCompleteFailure waits for the operation.")
@Outcome(id = "process@s onSuccess@1 process@1 onCompleteSuccess@1; closed reset=false", expect = ACCEPTABLE,
        desc = "The task finished before close(), which then only made it final.")
@Outcome(id = "process@s onSuccess@1 process@1 onAborted:closed@1 onFailure:closed@1 onCompleteFailure:closed@1; closed reset=false",
        expect = ACCEPTABLE,
        desc = "close() came while the completing thread was in process(): delivered by it after process() returned.")
@Outcome(id = "process@s onSuccess@1 onAborted:closed@1 onFailure:closed@1 onCompleteFailure:closed@1; closed reset=false",
        expect = ACCEPTABLE,
        desc = "close() came while the completing thread ran onSuccess(): nothing was outstanding, so that thread "
                + "completed the task when onSuccess() returned, without calling process() again.")
@Outcome(id = "process@s onAborted:closed@2 onFailure:closed@2 onCompleteFailure:closed@2; closed reset=false",
        expect = ACCEPTABLE,
        desc = "close() won; the operation called back during the abort hooks, so actor 2 completed.")
@Outcome(id = "process@s onAborted:closed@2 onFailure:closed@2 onCompleteFailure:closed@1; closed reset=false",
        expect = ACCEPTABLE,
        desc = "close() won; the operation called back after the abort hooks, and its thread completed.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class CloseRacesPendingCompletion {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE, Step.SUCCEED);

    public CloseRacesPendingCompletion() {
        race.setup().iterate();
    }

    @Actor
    public void completer() {
        race.first().succeeded();
    }

    @Actor
    public void closer() {
        race.second().close();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        CallbackRace.Actor arbiter = race.arbiter();
        r.r1 = race.outcome(arbiter.isClosed() ? "closed" : "open", "reset=" + arbiter.reset());
    }
}
