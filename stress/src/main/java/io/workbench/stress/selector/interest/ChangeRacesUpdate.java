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
@Description("OP_READ was asked for and its update action is queued. A writer asks for OP_WRITE while the selector "
        + "runs that update. Clearing UPDATE_PENDING and reading the ops is one CAS, so either the update sees "
        + "OP_WRITE, or the writer sees the flag clear and queues an update of its own: OP_WRITE always reaches the key.")
@Outcome(id = "-; queued=0 key=RW word=RW", expect = ACCEPTABLE, desc = "The writer came first and rode on the queued update, which applied both ops.")
@Outcome(id = "submit; queued=1 key=RW word=RW", expect = ACCEPTABLE, desc = "The update came first and applied OP_READ; the writer found the flag clear and queued the next update.")
@Outcome(id = "-; queued=0 key=R- word=RW", expect = FORBIDDEN, desc = "Lost op: the writer saw UPDATE_PENDING, but the update had already taken the ops; the key never gets OP_WRITE.")
@Outcome(id = "-; queued=0 key=R- word=R-", expect = FORBIDDEN, desc = "Lost op: the update erased OP_WRITE from the word.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: an op lost, the key and the word disagree, an update missing or extra.")
@State
public class ChangeRacesUpdate {

    private final InterestRace race = InterestRace.registeredFor(0);
    private String writer;

    public ChangeRacesUpdate() {
        race.change(OP_READ);
    }

    @Actor
    public void selector() {
        race.runQueuedUpdate();
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
