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
@Description("A partial write races onFail(). Actor 1 writes; the socket takes part of the buffer, so the write goes "
        + "WRITING, then PENDING. Actor 2 fails the endpoint with x. The callback fails exactly once, with x, and never "
        + "succeeds; whoever finds FAILED finds the failure that explains it.")
@Outcome(id = "cb1=failed:x@1 flushes=0 incomplete=0; write=ok onFail=false FAILED failure=x", expect = ACCEPTABLE,
        desc = "onFail() came first and found the flusher IDLE; the write found FAILED and failed its callback at once, "
                + "without flushing.")
@Outcome(id = "cb1=failed:x@1 flushes=1 incomplete=0; write=ok onFail=true FAILED failure=x", expect = ACCEPTABLE,
        desc = "onFail() came while the write was WRITING and left the callback to the writer, whose CAS to PENDING "
                + "found FAILED.")
@Outcome(id = "cb1=failed:x@2 flushes=1 incomplete=1; write=ok onFail=true FAILED failure=x", expect = ACCEPTABLE,
        desc = "The write went PENDING first; onFail() took it from PENDING and failed the callback itself.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice, never, or with another cause, an exception from the "
                + "flusher, or a broken invariant (VIOLATION).")
@State
public class PartialWriteRacesFail {

    private final WriteRace race = new WriteRace(Flush.PARTIAL);
    private String write;
    private String onFail;

    @Actor
    public void writer() {
        write = race.first().write(1);
    }

    @Actor
    public void failer() {
        onFail = race.second().onFail("x");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        WriteRace.Actor arbiter = race.arbiter();
        r.r1 = race.outcome(1, "write=" + write, "onFail=" + onFail, arbiter.state(), "failure=" + arbiter.failure());
    }
}
