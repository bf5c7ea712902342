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
@Description("The reader frees the slots of a full ring while a writer checks it for room (set up by the test: room "
        + "for two records, records 1 and 2 unread). Actor 1 offers record 3; actor 2 drains once. The offer finds "
        + "the ring full and counts a drop, or finds record 1's slot freed and takes it; the reader frees a slot "
        + "only once it has read the record in it, so record 3 never replaces record 1, whole or in part, before "
        + "the reader has it. The arbiter then drains what is left and offers record 9.")
@Outcome(id = "dropped 1,2; rest=none next=9 dropped=1", expect = ACCEPTABLE,
        desc = "The offer came before the reader freed a slot: refused, and counted.")
@Outcome(id = "taken 1,2,3; rest=none next=9 dropped=0", expect = ACCEPTABLE,
        desc = "The offer took the freed slot and published record 3 before the reader came to it: the reader took "
                + "it too.")
@Outcome(id = "taken 1,2; rest=3 next=9 dropped=0", expect = ACCEPTABLE,
        desc = "The offer took the freed slot; the reader stopped before record 3 was published, and the arbiter "
                + "took it.")
@Outcome(id = "taken (3|torn),.*", expect = FORBIDDEN,
        desc = "The reader read record 1's slot after freeing it: record 3, whole or in part, stood in for record 1, "
                + "which is lost.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a record torn, read twice or lost, a drop not counted, an "
        + "exception.")
@State
public class FullOfferRacesDrain {

    private final RingRace race = new RingRace().holding(1, 2);
    private String writer;
    private String reader;

    @Actor
    public void writer() {
        writer = race.offerThenGoOn(3);
    }

    @Actor
    public void reader() {
        reader = race.drain();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = writer + " " + reader + "; " + race.afterwards();
    }
}
