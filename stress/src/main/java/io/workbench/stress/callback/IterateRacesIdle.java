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
@Description("The idle race: iterate() from another thread races process() returning IDLE. One unit of work is "
        + "queued. Actor 1 iterates; its process() takes all queued work and returns IDLE. Actor 2 queues a "
        + "second unit, then iterates. No iteration may be lost: each iterate() gets one process() after it, "
        + "so no work is left behind and the callback ends idle.")
@Outcome(id = "process@1 process@1; left=0 idle", expect = ACCEPTABLE,
        desc = "Actor 2 iterated while actor 1 processed: REPROCESS made actor 1 call process() again.")
@Outcome(id = "process@1 process@2; left=0 idle", expect = ACCEPTABLE,
        desc = "Actor 2 iterated after actor 1 went idle, and processed itself.")
@Outcome(id = "process@2 process@2; left=0 idle", expect = ACCEPTABLE,
        desc = "Actor 2 iterated first, and actor 1's iterate() came while it processed (REPROCESS).")
@Outcome(id = "process@2 process@1; left=0 idle", expect = ACCEPTABLE,
        desc = "Actor 2 iterated first and went idle before actor 1 iterated.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class IterateRacesIdle {

    private final CallbackRace race = new CallbackRace(Step.DRAIN, Step.DRAIN);

    public IterateRacesIdle() {
        race.offerWork();
    }

    @Actor
    public void processor() {
        race.first().iterate();
    }

    @Actor
    public void producer() {
        race.offerWork();
        race.second().iterate();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome("left=" + race.workLeft(), race.arbiter().isIdle() ? "idle" : "busy");
    }
}
