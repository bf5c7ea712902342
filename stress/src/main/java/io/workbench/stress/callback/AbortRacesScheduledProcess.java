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
@Description("abort() races process() returning SCHEDULED. Actor 1 iterates; its process() starts an operation. "
        + "Actor 2 aborts. onAborted/onFailure run at once (never during process()), but onCompleteFailure must "
        + "wait for the operation, which the arbiter completes afterwards.")
@Outcome(id = "onAborted:x@2 onFailure:x@2 onCompleteFailure:x@2; abort=true", expect = ACCEPTABLE,
        desc = "The abort came first, while idle: nothing was scheduled, the task completed at once.")
@Outcome(id = "process@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@a; abort=true", expect = ACCEPTABLE,
        desc = "The abort came while process() ran: the processing thread ran the abort hooks when process() "
                + "returned SCHEDULED, and the operation's completion (arbiter) completed the task.")
@Outcome(id = "process@1 onAborted:x@2 onFailure:x@2 onCompleteFailure:x@a; abort=true", expect = ACCEPTABLE,
        desc = "The abort came while PENDING: actor 2 ran the abort hooks, the completion completed the task.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesScheduledProcess {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE);
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
        race.arbiter().succeedOutstanding();
        r.r1 = race.outcome("abort=" + aborted);
    }
}
