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
@Description("abort() races the success of a pending operation. The callback is PENDING (set up by the test). "
        + "Actor 1 completes the operation (succeeded()); actor 2 aborts. An abort that wins while the operation "
        + "is outstanding runs onAborted/onFailure at once and onCompleteFailure only after the operation called "
        + "back; no onSuccess or process() may follow an abort.")
@Outcome(id = "process@s onSuccess@1 process@1 onCompleteSuccess@1; abort=false", expect = ACCEPTABLE,
        desc = "The success won and the task finished before abort() came: the abort changed nothing.")
@Outcome(id = "process@s onSuccess@1 process@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@1; abort=true",
        expect = ACCEPTABLE,
        desc = "The abort came while the completing thread was in process(): delivered by it after process() returned.")
@Outcome(id = "process@s onSuccess@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@1; abort=true",
        expect = ACCEPTABLE,
        desc = "The abort came while the completing thread ran onSuccess(): nothing was outstanding, so that thread "
                + "completed the task when onSuccess() returned, without calling process() again.")
@Outcome(id = "process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@2; abort=true", expect = ACCEPTABLE,
        desc = "The abort won; the operation called back while actor 2 ran the abort hooks (ABORTING), so "
                + "actor 2 completed the task when they returned.")
@Outcome(id = "process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@1; abort=true", expect = ACCEPTABLE,
        desc = "The abort won; the operation called back after the abort hooks, and its thread completed the task.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesPendingSucceeded {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE, Step.SUCCEED);
    private boolean aborted;

    public AbortRacesPendingSucceeded() {
        race.setup().iterate();
    }

    @Actor
    public void completer() {
        race.first().succeeded();
    }

    @Actor
    public void aborter() {
        aborted = race.second().abort("x");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome("abort=" + aborted);
    }
}
