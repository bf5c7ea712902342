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
@Description("A running pool keeps at least 1 thread and runs 2. Both time out idle at once and try to retire: "
        + "exactly one leaves, the other stays to keep the minimum.")
@Outcome(id = "true false; count=1 alive=1", expect = ACCEPTABLE, desc = "Actor 1 retired; actor 2 stays as the pool's minimum.")
@Outcome(id = "false true; count=1 alive=1", expect = ACCEPTABLE, desc = "Actor 2 retired; actor 1 stays.")
@Outcome(id = "true true; count=0 alive=0", expect = FORBIDDEN, desc = "Both left: the running pool fell below its minimum.")
@Outcome(id = "true true; count=1 alive=0", expect = FORBIDDEN, desc = "Both left on the same slot: no thread runs, one is counted.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: nobody retired, the count and the threads disagree.")
@State
public class RetireRacesRetire {

    private final CountRace race = new CountRace(1, 4, 2);
    private String retire1;
    private String retire2;

    @Actor
    public void idle1() {
        retire1 = race.retire();
    }

    @Actor
    public void idle2() {
        retire2 = race.retire();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = retire1 + " " + retire2 + "; " + race.settle();
    }
}
