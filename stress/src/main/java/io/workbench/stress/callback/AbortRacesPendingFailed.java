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
@Description("abort() races the failure of a pending operation. The callback is PENDING (set up by the test). "
        + "Actor 1 fails the operation with y; actor 2 aborts with x. The first one decides the cause; "
        + "onFailure runs once, and onCompleteFailure only after the operation called back.")
@Outcome(id = "process@s onFailure:y@1 onCompleteFailure:y@1; abort=false", expect = ACCEPTABLE,
        desc = "The failure won: the task failed with y; the abort came too late.")
@Outcome(id = "process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@2; abort=true", expect = ACCEPTABLE,
        desc = "The abort won; the failure came while actor 2 ran the abort hooks, so actor 2 completed.")
@Outcome(id = "process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@1; abort=true", expect = ACCEPTABLE,
        desc = "The abort won; the failure came after the abort hooks, and its thread completed the task.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesPendingFailed {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE);
    private boolean aborted;

    public AbortRacesPendingFailed() {
        race.setup().iterate();
    }

    @Actor
    public void failer() {
        race.first().failed("y");
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
