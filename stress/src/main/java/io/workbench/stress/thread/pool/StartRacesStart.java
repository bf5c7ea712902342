package io.workbench.stress.thread.pool;

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
@Description("A pool of at most 2 threads runs 1. Two execute() calls find no idle thread and both try to start "
        + "one: exactly one starts, the other queues its task. The pool never exceeds its maximum, and counts "
        + "every thread it runs.")
@Outcome(id = "true false; count=2 alive=2", expect = ACCEPTABLE, desc = "Actor 1 started the last thread the bound allows; actor 2 queues.")
@Outcome(id = "false true; count=2 alive=2", expect = ACCEPTABLE, desc = "Actor 2 started the last thread; actor 1 queues.")
@Outcome(id = "true true; count=2 alive=3", expect = FORBIDDEN, desc = "Both started on the same slot: three threads run, two are counted.")
@Outcome(id = "true true; count=3 alive=3", expect = FORBIDDEN, desc = "Both started: the pool exceeds its maximum.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: no thread started, the count and the threads disagree.")
@State
public class StartRacesStart {

    private final CountRace race = new CountRace(0, 2, 1);
    private String start1;
    private String start2;

    @Actor
    public void execute1() {
        start1 = race.start();
    }

    @Actor
    public void execute2() {
        start2 = race.start();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = start1 + " " + start2 + "; " + race.settle();
    }
}
