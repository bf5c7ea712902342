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
@Description("Two concurrent onFail() calls on a PENDING write, with causes x and y. At most one returns true, and "
        + "that one fails the callback; the failure is set once, to the first cause recorded, which is the "
        + "callback's cause; each thread, once its onFail() returns, sees that failure (never null).")
@Outcome(id = "cb1=failed:x@1 flushes=1 incomplete=1; onFail=true,false seen=x,x FAILED", expect = ACCEPTABLE,
        desc = "Actor 1 recorded x first and took the write.")
@Outcome(id = "cb1=failed:y@1 flushes=1 incomplete=1; onFail=true,false seen=y,y FAILED", expect = ACCEPTABLE,
        desc = "Actor 2 recorded y first, but actor 1's CAS took the write: it fails it with the first cause, y.")
@Outcome(id = "cb1=failed:x@2 flushes=1 incomplete=1; onFail=false,true seen=x,x FAILED", expect = ACCEPTABLE,
        desc = "Actor 1 recorded x first, but actor 2's CAS took the write: it fails it with the first cause, x.")
@Outcome(id = "cb1=failed:y@2 flushes=1 incomplete=1; onFail=false,true seen=y,y FAILED", expect = ACCEPTABLE,
        desc = "Actor 2 recorded y first and took the write.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice, never, or with another cause, an exception from the "
                + "flusher, or a broken invariant (VIOLATION).")
@State
public class FailRacesFail {

    private final WriteRace race = new WriteRace(Flush.PARTIAL);
    private String onFail1;
    private String onFail2;
    private String seen1;
    private String seen2;

    public FailRacesFail() {
        race.setup().write(1);
    }

    @Actor
    public void failer1() {
        WriteRace.Actor actor = race.first();
        onFail1 = actor.onFail("x");
        seen1 = actor.failure();
    }

    @Actor
    public void failer2() {
        WriteRace.Actor actor = race.second();
        onFail2 = actor.onFail("y");
        seen2 = actor.failure();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(1, "onFail=" + onFail1 + "," + onFail2, "seen=" + seen1 + "," + seen2, race.arbiter().state());
    }
}
