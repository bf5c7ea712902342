package io.workbench.stress.thread;

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
@Description("Two tryProduce() calls from IDLE. Exactly one becomes the producer; the other's request is recorded "
        + "as REPRODUCE, so that the producer produces once more before it lets go.")
@Outcome(id = "true false; PRODUCING+REPRODUCE", expect = ACCEPTABLE, desc = "Actor 1 produces; actor 2's request waits in REPRODUCE.")
@Outcome(id = "false true; PRODUCING+REPRODUCE", expect = ACCEPTABLE, desc = "Actor 2 produces; actor 1's request waits in REPRODUCE.")
@Outcome(id = "true true; PRODUCING", expect = FORBIDDEN, desc = "Two producers at once.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: nobody produces, a lost request, an exception.")
@State
public class ProduceRacesProduce {

    private final ProducerRace race = new ProducerRace();
    private String produce1;
    private String produce2;

    @Actor
    public void producer1() {
        produce1 = race.tryProduce();
    }

    @Actor
    public void producer2() {
        produce2 = race.tryProduce();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = produce1 + " " + produce2 + "; " + race.state();
    }
}
