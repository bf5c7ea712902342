package io.workbench.stress.server.handling;

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
@Description("The handler returning races the exchange completing. A request was dispatched (set up by the test). "
        + "Actor 1 is the thread that called handle(): it returns and calls handled(). Actor 2 completes the exchange "
        + "on another thread (the handler's callback, then the response written) and calls completed(). Whichever "
        + "comes second carries on with the connection, and the state is IDLE, ready for the next request: exactly one "
        + "thread processes the connection, never two, never none.")
@Outcome(id = "handled=false completed=true; IDLE", expect = ACCEPTABLE,
        desc = "handle() returned first; the completing thread carries on.")
@Outcome(id = "handled=true completed=false; IDLE", expect = ACCEPTABLE,
        desc = "The exchange completed while handle() ran; the handler's thread carries on when it returns.")
@Outcome(id = "handled=true completed=true; .*", expect = FORBIDDEN,
        desc = "Both threads carry on: two threads parse and write on one connection at once.")
@Outcome(id = "handled=false completed=false; .*", expect = FORBIDDEN,
        desc = "Neither carries on: the connection is stuck, its next request never read.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a state not ready for the next request, an exception.")
@State
public class HandledRacesCompleted {

    private final HandlingRace race = new HandlingRace();
    private String handled;
    private String completed;

    public HandledRacesCompleted() {
        race.dispatch();
    }

    @Actor
    public void handler() {
        handled = race.handled();
    }

    @Actor
    public void completer() {
        completed = race.completed();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = "handled=" + handled + " completed=" + completed + "; " + race.state();
    }
}
