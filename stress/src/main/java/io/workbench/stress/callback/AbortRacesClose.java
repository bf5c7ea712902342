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
@Description("abort() races close() on a pending task. The callback is PENDING (set up by the test). Actor 1 "
        + "closes; actor 2 aborts. Exactly one of them stops the task and runs the abort hooks; either way the "
        + "callback ends CLOSED (reset() refused) once the arbiter has completed the operation.")
@Outcome(id = "process@s onAborted:closed@1 onFailure:closed@1 onCompleteFailure:closed@a; abort=false closed reset=false",
        expect = ACCEPTABLE,
        desc = "close() won: the task failed with a ClosedException, and the later abort() returned false.")
@Outcome(id = "process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@a; abort=true closed reset=false",
        expect = ACCEPTABLE,
        desc = "abort() won: the task failed with x, and close() still made the end final (CLOSED).")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesClose {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE);
    private boolean aborted;

    public AbortRacesClose() {
        race.setup().iterate();
    }

    @Actor
    public void closer() {
        race.first().close();
    }

    @Actor
    public void aborter() {
        aborted = race.second().abort("x");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        CallbackRace.Actor arbiter = race.arbiter();
        arbiter.succeedOutstanding();
        r.r1 = race.outcome("abort=" + aborted, arbiter.isClosed() ? "closed" : "open", "reset=" + arbiter.reset());
    }
}
