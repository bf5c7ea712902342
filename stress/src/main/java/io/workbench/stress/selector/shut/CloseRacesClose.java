package io.workbench.stress.selector.shut;

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
@Description("Two close() calls at once, say the idle-timeout sweep and a failed write. Only the one that sets "
        + "CLOSED closes the channel, fails the pending read and write, and has the selector call onClose.")
@Outcome(id = "closes=1 outputShutdowns=0 word=CLOSED", expect = ACCEPTABLE, desc = "One close won; the other saw CLOSED and did nothing.")
@Outcome(id = "closes=2 outputShutdowns=0 word=CLOSED", expect = FORBIDDEN, desc = "Double close: the channel closed twice, the connection told twice it closed.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: never closed, or a bit lost.")
@State
public class CloseRacesClose {

    private final ShutRace race = new ShutRace();

    @Actor
    public void sweeper() {
        race.close();
    }

    @Actor
    public void writer() {
        race.close();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.settle();
    }
}
