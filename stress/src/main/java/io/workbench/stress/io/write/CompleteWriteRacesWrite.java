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
@Description("A spurious completeWrite() races a write that completes at once. Actor 1 writes and the socket takes "
        + "everything. Actor 2 is the selector reporting the socket writable (a stale OP_WRITE). completeWrite() "
        + "while IDLE or WRITING does nothing: one flush, the callback succeeds once, on the writer.")
@Outcome(id = "cb1=succeeded@1 flushes=1 incomplete=0; write=ok completeWrite=ok IDLE", expect = ACCEPTABLE,
        desc = "completeWrite() found IDLE or WRITING and returned; the writer finished its own write.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice, never, or with another cause, an exception from the "
                + "flusher, or a broken invariant (VIOLATION).")
@State
public class CompleteWriteRacesWrite {

    private final WriteRace race = new WriteRace(Flush.ALL);
    private String write;
    private String completeWrite;

    @Actor
    public void writer() {
        write = race.first().write(1);
    }

    @Actor
    public void selector() {
        completeWrite = race.second().completeWrite();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(1, "write=" + write, "completeWrite=" + completeWrite, race.arbiter().state());
    }
}
