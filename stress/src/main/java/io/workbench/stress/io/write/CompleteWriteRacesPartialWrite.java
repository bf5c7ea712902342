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
@Description("Publication of a pending write: completeWrite() on the selector races the last steps of the partial "
        + "write that made it PENDING. Actor 1 writes; the socket takes only part. Actor 2 waits for PENDING, as the "
        + "selector waits for OP_WRITE, and completes the write at once. The callback and buffers were stored before "
        + "the release CAS to PENDING, so the completing thread flushes the write's own buffers and succeeds its "
        + "callback.")
@Outcome(id = "cb1=succeeded@2 flushes=2 incomplete=1; completeWrite=ok IDLE", expect = ACCEPTABLE,
        desc = "The selector saw the pending write whole, flushed the rest and succeeded the callback.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice, never, or with another cause, an exception from the "
                + "flusher, or a broken invariant (VIOLATION).")
@State
public class CompleteWriteRacesPartialWrite {

    private final WriteRace race = new WriteRace(Flush.PARTIAL, Flush.ALL);
    private String completeWrite;

    @Actor
    public void writer() {
        race.first().write(1);
    }

    @Actor
    public void selector() {
        completeWrite = race.second().awaitPending().completeWrite();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(1, "completeWrite=" + completeWrite, race.arbiter().state());
    }
}
