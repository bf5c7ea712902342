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
@Description("A request races the take-back after a failed hand-off. The owner produces (set up by the test). "
        + "Actor 1 is the owner: it hands production off, no spare thread takes it (tryExecute failed), so it takes "
        + "it back, finds nothing more, and tries to go idle. Actor 2 calls tryProduce(). As in ProduceRacesIdle: the "
        + "request is honoured by the owner or makes the requester the producer, never lost, never both.")
@Outcome(id = "takeBack=ok,ok idle=false produce=false; PRODUCING", expect = ACCEPTABLE,
        desc = "The request landed before tryIdle() (before, during or after the hand-off); the owner produces again.")
@Outcome(id = "takeBack=ok,ok idle=true produce=true; PRODUCING", expect = ACCEPTABLE,
        desc = "The owner went idle first; the requester became the producer.")
@Outcome(id = "takeBack=ok,ok idle=true produce=false; IDLE", expect = FORBIDDEN,
        desc = "Lost request: its REPRODUCE did not survive the hand-off and take-back, and nobody produces.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: two producers, an exception.")
@State
public class TakeBackRacesProduce {

    private final ProducerRace race = new ProducerRace();
    private String handOff;
    private String takeBack;
    private String idle;
    private String produce;

    public TakeBackRacesProduce() {
        race.tryProduce();
    }

    @Actor
    public void owner() {
        handOff = race.handOff();
        takeBack = race.resumeHandedOff();
        idle = race.tryIdle();
    }

    @Actor
    public void requester() {
        produce = race.tryProduce();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = "takeBack=" + handOff + "," + takeBack + " idle=" + idle + " produce=" + produce + "; " + race.state();
    }
}
