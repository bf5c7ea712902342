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
@Description("A pool of 0 to 2 threads runs 1. Its idle thread times out and retires while an execute() starts a "
        + "thread. Both succeed; the count ends 1, with one thread alive: neither change overwrote the other.")
@Outcome(id = "true true; count=1 alive=1", expect = ACCEPTABLE, desc = "The retire and the start both went through, in either order.")
@Outcome(id = "true true; count=0 alive=1", expect = FORBIDDEN, desc = "The retire overwrote the start: a thread runs uncounted, and the pool may exceed its maximum later.")
@Outcome(id = "true true; count=2 alive=1", expect = FORBIDDEN, desc = "The start overwrote the retire: a thread is counted that does not run, and the pool starts one too few.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a refused start or retire, the count and the threads disagree.")
@State
public class StartRacesRetire {

    private final CountRace race = new CountRace(0, 2, 1);
    private String retire;
    private String start;

    @Actor
    public void idle() {
        retire = race.retire();
    }

    @Actor
    public void execute() {
        start = race.start();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = retire + " " + start + "; " + race.settle();
    }
}
