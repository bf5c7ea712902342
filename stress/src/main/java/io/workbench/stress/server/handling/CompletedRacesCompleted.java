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
@Description("A faulty handler completes one exchange twice, from two threads. A request was dispatched and "
        + "handle() returned (set up by the test: WAITING). Actors 1 and 2 both call completed(). One of them carries "
        + "on; the other must fail loudly (IllegalStateException: the callback completed twice) rather than carry on "
        + "too.")
@Outcome(id = "true IllegalStateException; IDLE", expect = ACCEPTABLE,
        desc = "Actor 1 took the connection; actor 2's completion was refused as a second one.")
@Outcome(id = "IllegalStateException true; IDLE", expect = ACCEPTABLE,
        desc = "Actor 2 took the connection; actor 1's completion was refused as a second one.")
@Outcome(id = "true true; .*", expect = FORBIDDEN,
        desc = "Both completions carry on: two threads process one connection.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: nobody carries on, a state not ready for the next request.")
@State
public class CompletedRacesCompleted {

    private final HandlingRace race = new HandlingRace();
    private String first;
    private String second;

    public CompletedRacesCompleted() {
        race.dispatch();
        race.handled();
    }

    @Actor
    public void completer1() {
        first = race.completed();
    }

    @Actor
    public void completer2() {
        second = race.completed();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = first + " " + second + "; " + race.state();
    }
}
