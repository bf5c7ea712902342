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
@Description("Two writers race for the last free slot of a ring (set up by the test: room for two records, record 1 "
        + "unread). Actor 1 offers record 2, actor 2 record 3. Exactly one takes the slot and the other finds the "
        + "ring full and counts a drop: never both (two records in one slot, or one over the unread record 1), never "
        + "neither. The arbiter then drains the ring and offers record 9, which a ring the race left sound takes and "
        + "gives to the reader.")
@Outcome(id = "taken dropped; rest=1,2 next=9 dropped=1", expect = ACCEPTABLE,
        desc = "Writer 1 took the last slot; writer 2 found the ring full.")
@Outcome(id = "dropped taken; rest=1,3 next=9 dropped=1", expect = ACCEPTABLE,
        desc = "Writer 2 took the last slot; writer 1 found the ring full.")
@Outcome(id = "taken taken; .*", expect = FORBIDDEN,
        desc = "Both were told their record was taken, with room for one: the two shared a slot, or one was written "
                + "over the unread record 1.")
@Outcome(id = ".* next=lost .*", expect = FORBIDDEN,
        desc = "A sequence was claimed that nobody publishes: the reader stops there for ever, and the next record "
                + "is lost without a count.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a record torn, read twice or lost, a drop not counted, an "
        + "exception.")
@State
public class OfferRacesOffer {

    private final RingRace race = new RingRace().holding(1);
    private String first;
    private String second;

    @Actor
    public void writer1() {
        first = race.offer(2);
    }

    @Actor
    public void writer2() {
        second = race.offer(3);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = first + " " + second + "; " + race.afterwards();
    }
}
