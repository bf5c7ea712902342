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
@Description("abort() races process() returning SUCCEEDED. Actor 1 iterates; its process() finishes the task. "
        + "Actor 2 aborts. Either the abort wins (the task fails, abort() returns true) or the success does "
        + "(abort() returns false), never both.")
@Outcome(id = "onAborted:x@2 onFailure:x@2 onCompleteFailure:x@2; abort=true", expect = ACCEPTABLE,
        desc = "The abort came first, while idle: the task failed before it started.")
@Outcome(id = "process@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@1; abort=true", expect = ACCEPTABLE,
        desc = "The abort came while process() ran: a process() that succeeds after an abort still fails.")
@Outcome(id = "process@1 onCompleteSuccess@1; abort=false", expect = ACCEPTABLE,
        desc = "The task had succeeded: abort() came too late and changed nothing.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesSucceededProcess {

    private final CallbackRace race = new CallbackRace(Step.SUCCEED);
    private boolean aborted;

    @Actor
    public void processor() {
        race.first().iterate();
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
