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
@Description("Two concurrent abort()s of a pending task. The callback is PENDING (set up by the test). Actor 1 "
        + "aborts with x, actor 2 with y. Exactly one returns true, its cause is the task's, and the abort hooks "
        + "run once; the arbiter then completes the operation.")
@Outcome(id = "process@s onAborted:x@1 onFailure:x@1 onCompleteFailure:x@a; aborts=true,false", expect = ACCEPTABLE,
        desc = "Actor 1's abort won.")
@Outcome(id = "process@s onAborted:y@2 onFailure:y@2 onCompleteFailure:y@a; aborts=false,true", expect = ACCEPTABLE,
        desc = "Actor 2's abort won.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesAbort {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE);
    private boolean aborted1;
    private boolean aborted2;

    public AbortRacesAbort() {
        race.setup().iterate();
    }

    @Actor
    public void aborter1() {
        aborted1 = race.first().abort("x");
    }

    @Actor
    public void aborter2() {
        aborted2 = race.second().abort("y");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        race.arbiter().succeedOutstanding();
        r.r1 = race.outcome("aborts=" + aborted1 + "," + aborted2);
    }
}
