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
@Description("A third thread's request races a hand-off. The owner handed production off (set up by the test: "
        + "PRODUCING, then HANDED_OFF). Actor 1 is the thread production was handed to: it resumes. Actor 2 calls "
        + "tryProduce(). Production is owned throughout, so the request never makes a second producer, and its "
        + "REPRODUCE survives into PRODUCING, where the new producer will honour it.")
@Outcome(id = "resume=ok produce=false; PRODUCING+REPRODUCE", expect = ACCEPTABLE,
        desc = "The request was recorded, before or after the resume, and the new producer owes one more round.")
@Outcome(id = "resume=ok produce=false; PRODUCING", expect = FORBIDDEN,
        desc = "Lost request: REPRODUCE did not survive the resume.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a second producer, an exception (a resume that found production "
        + "not handed off).")
@State
public class HandedOffRacesProduce {

    private final ProducerRace race = new ProducerRace();
    private String resume;
    private String produce;

    public HandedOffRacesProduce() {
        race.tryProduce();
        race.handOff();
    }

    @Actor
    public void resumer() {
        resume = race.resumeHandedOff();
    }

    @Actor
    public void requester() {
        produce = race.tryProduce();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = "resume=" + resume + " produce=" + produce + "; " + race.state();
    }
}
