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
@Description("abort() races process() returning IDLE. Actor 1 iterates; its process() returns IDLE. Actor 2 "
        + "aborts. The abort must win wherever it lands, and its hooks must never overlap process().")
@Outcome(id = "onAborted:x@2 onFailure:x@2 onCompleteFailure:x@2; abort=true", expect = ACCEPTABLE,
        desc = "The abort came first, while idle: actor 2 ran the hooks and actor 1's iterate() did nothing.")
@Outcome(id = "process@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@1; abort=true", expect = ACCEPTABLE,
        desc = "The abort came while process() ran: the processing thread delivered it when process() returned.")
@Outcome(id = "process@1 onAborted:x@2 onFailure:x@2 onCompleteFailure:x@2; abort=true", expect = ACCEPTABLE,
        desc = "The abort came after the callback went idle again: actor 2 ran the hooks.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesIdleProcess {

    private final CallbackRace race = new CallbackRace(Step.IDLE);
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
