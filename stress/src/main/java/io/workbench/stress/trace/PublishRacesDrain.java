package io.workbench.stress.trace;

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
@Description("A writer publishes a record while the reader drains an empty ring. Actor 1 offers record 1 (there is "
        + "room); actor 2 drains once. The reader either stops at the record, claimed and not yet published, and "
        + "leaves it to the next drain, or takes it whole: never a record whose longs are not all written (torn), "
        + "never one passed by and lost, never one read twice. The arbiter then drains what is left and offers "
        + "record 9.")
@Outcome(id = "taken none; rest=1 next=9 dropped=0", expect = ACCEPTABLE,
        desc = "The reader looked before the record was published: the next drain (the arbiter's) took it.")
@Outcome(id = "taken 1; rest=none next=9 dropped=0", expect = ACCEPTABLE,
        desc = "The record was published before the reader looked: the reader took it whole.")
@Outcome(id = "taken torn; .*", expect = FORBIDDEN,
        desc = "The reader took the record before all its longs were written: its mark was published too early.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a record lost, read twice or torn in the arbiter's drain, a "
        + "drop, an exception.")
@State
public class PublishRacesDrain {

    private final RingRace race = new RingRace();
    private String writer;
    private String reader;

    @Actor
    public void writer() {
        writer = race.offer(1);
    }

    @Actor
    public void reader() {
        reader = race.drainThenGoOn();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = writer + " " + reader + "; " + race.afterwards();
    }
}
