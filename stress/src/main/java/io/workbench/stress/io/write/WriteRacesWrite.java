package io.workbench.stress.io.write;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.workbench.stress.io.write.WriteRace.Flush;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

@JCStressTest
@Description("Two write() calls at once from IDLE. The socket takes only part of the first write to flush, so it "
        + "stays PENDING. Never two flushes at the same time: the other write() gets WritePendingException, whether "
        + "it comes while the first is WRITING or PENDING, and its callback is untouched. The arbiter then completes "
        + "the pending write.")
@Outcome(id = "cb1=succeeded@a cb2=none flushes=2 incomplete=1; writes=ok,WritePendingException IDLE", expect = ACCEPTABLE,
        desc = "Actor 1's write won; actor 2's was refused.")
@Outcome(id = "cb1=none cb2=succeeded@a flushes=2 incomplete=1; writes=WritePendingException,ok IDLE", expect = ACCEPTABLE,
        desc = "Actor 2's write won; actor 1's was refused.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice, never, or with another cause, an exception from the "
                + "flusher, or a broken invariant (VIOLATION).")
@State
public class WriteRacesWrite {

    private final WriteRace race = new WriteRace(Flush.PARTIAL, Flush.ALL);
    private String write1;
    private String write2;

    @Actor
    public void writer1() {
        write1 = race.first().write(1);
    }

    @Actor
    public void writer2() {
        write2 = race.second().write(2);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        WriteRace.Actor arbiter = race.arbiter();
        arbiter.completeWrite();
        r.r1 = race.outcome(2, "writes=" + write1 + "," + write2, arbiter.state());
    }
}
