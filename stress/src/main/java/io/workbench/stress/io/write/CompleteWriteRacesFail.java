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
@Description("completeWrite() races onFail() on a PENDING write. The set-up wrote, and the socket took only part. "
        + "Actor 1 is the selector: the socket is writable, it completes the write (this flush takes all). Actor 2 "
        + "fails the endpoint with x. Exactly one of them takes the callback, and it completes once.")
@Outcome(id = "cb1=succeeded@1 flushes=2 incomplete=1; completeWrite=ok onFail=false FAILED", expect = ACCEPTABLE,
        desc = "The write finished before onFail(), which found IDLE: succeeded, then FAILED.")
@Outcome(id = "cb1=failed:x@1 flushes=2 incomplete=1; completeWrite=ok onFail=true FAILED", expect = ACCEPTABLE,
        desc = "onFail() came while the write was COMPLETING and left the callback to the completing thread, whose "
                + "CAS to IDLE found FAILED: everything was written, but the endpoint failed meanwhile.")
@Outcome(id = "cb1=failed:x@2 flushes=1 incomplete=1; completeWrite=ok onFail=true FAILED", expect = ACCEPTABLE,
        desc = "onFail() took the write from PENDING and failed it; completeWrite() found FAILED and did nothing.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice, never, or with another cause, an exception from the "
                + "flusher, or a broken invariant (VIOLATION).")
@State
public class CompleteWriteRacesFail {

    private final WriteRace race = new WriteRace(Flush.PARTIAL, Flush.ALL);
    private String completeWrite;
    private String onFail;

    public CompleteWriteRacesFail() {
        race.setup().write(1);
    }

    @Actor
    public void selector() {
        completeWrite = race.first().completeWrite();
    }

    @Actor
    public void failer() {
        onFail = race.second().onFail("x");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(1, "completeWrite=" + completeWrite, "onFail=" + onFail, race.arbiter().state());
    }
}
