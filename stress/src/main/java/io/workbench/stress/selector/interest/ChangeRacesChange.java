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
@Description("A reader asks for OP_READ while a writer whose flush was incomplete asks for OP_WRITE, on a key with "
        + "no interest. Both ops reach the key, and exactly one of them queues the update action: the other finds "
        + "UPDATE_PENDING and rides on it.")
@Outcome(id = "submit -; queued=1 key=RW word=RW", expect = ACCEPTABLE, desc = "The reader set UPDATE_PENDING and submitted; the writer's op rode on that update.")
@Outcome(id = "- submit; queued=1 key=RW word=RW", expect = ACCEPTABLE, desc = "The writer submitted; the reader's op rode on that update.")
@Outcome(id = "submit submit; queued=2 key=-W word=-W", expect = FORBIDDEN, desc = "Two updates queued, and the read interest lost: a reader waits forever.")
@Outcome(id = "submit submit; queued=2 key=R- word=R-", expect = FORBIDDEN, desc = "Two updates queued, and the write interest lost: a writer waits forever.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: an op lost, the key and the word disagree, no update or two.")
@State
public class ChangeRacesChange {

    private final InterestRace race = InterestRace.registeredFor(0);
    private String reader;
    private String writer;

    @Actor
    public void reader() {
        reader = race.change(OP_READ);
    }

    @Actor
    public void writer() {
        writer = race.change(OP_WRITE);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = reader + " " + writer + "; " + race.settle();
    }
}
