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
@Description("A request to produce races the owner going idle. The owner produces (set up by the test). Actor 1 is "
        + "the owner: it found nothing and calls tryIdle(). Actor 2 calls tryProduce(). Either the request lands "
        + "first and the owner must produce again, or the owner goes idle first and the requester produces: never "
        + "nobody (a lost request), never both.")
@Outcome(id = "idle=false produce=false; PRODUCING", expect = ACCEPTABLE,
        desc = "The request set REPRODUCE first; tryIdle() cleared it and the owner produces again.")
@Outcome(id = "idle=true produce=true; PRODUCING", expect = ACCEPTABLE,
        desc = "The owner went idle first; the requester became the producer.")
@Outcome(id = "idle=true produce=false; IDLE", expect = FORBIDDEN,
        desc = "Lost request: the owner went idle over a REPRODUCE, and nobody produces.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: two producers, an exception.")
@State
public class ProduceRacesIdle {

    private final ProducerRace race = new ProducerRace();
    private String idle;
    private String produce;

    public ProduceRacesIdle() {
        race.tryProduce();
    }

    @Actor
    public void owner() {
        idle = race.tryIdle();
    }

    @Actor
    public void requester() {
        produce = race.tryProduce();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = "idle=" + idle + " produce=" + produce + "; " + race.state();
    }
}
