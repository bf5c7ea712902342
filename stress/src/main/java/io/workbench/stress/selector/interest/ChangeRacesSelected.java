package io.workbench.stress.selector.interest;

import static java.nio.channels.SelectionKey.OP_READ;
import static java.nio.channels.SelectionKey.OP_WRITE;
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
@Description("The key, registered for OP_READ, is selected readable: the selector takes OP_READ out of the word "
        + "(onSelected) and ends the round with updateKey. Meanwhile a writer asks for OP_WRITE. OP_READ is consumed "
        + "(the reader has not asked again), OP_WRITE must reach the key, and the key ends equal to the word.")
@Outcome(id = "submit; queued=1 key=-W word=-W", expect = ACCEPTABLE, desc = "The writer came before the selection or after the round's update, found no UPDATE_PENDING, and queued an update.")
@Outcome(id = "-; queued=0 key=-W word=-W", expect = ACCEPTABLE, desc = "The writer came inside the round: the selection had set UPDATE_PENDING, and the round's update applied OP_WRITE.")
@Outcome(id = "submit; queued=1 key=-- word=--", expect = FORBIDDEN, desc = "Lost op: the selection overwrote the word and erased OP_WRITE.")
@Outcome(id = "submit; queued=1 key=RW word=RW", expect = FORBIDDEN, desc = "A stale write of the word brought OP_READ back: the key selects reads nobody asked for.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: an op lost or resurrected, the key and the word disagree.")
@State
public class ChangeRacesSelected {

    private final InterestRace race = InterestRace.registeredFor(OP_READ);
    private String writer;

    @Actor
    public void selector() {
        race.selectedRound(OP_READ);
    }

    @Actor
    public void writer() {
        writer = race.change(OP_WRITE);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = writer + "; " + race.settle();
    }
}
