package io.workbench.stress.io.fill;

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
@Description("Two register() calls at once. Actor 1 registers callback 1, actor 2 callback 2. One wins; the other "
        + "gets ReadPendingException with nothing changed, and read interest is requested once. The arbiter then "
        + "reports the endpoint readable, which completes the winner.")
@Outcome(id = "cb1=succeeded@a cb2=none interest=1; register=ok,ReadPendingException IDLE", expect = ACCEPTABLE,
        desc = "Actor 1's registration won.")
@Outcome(id = "cb1=none cb2=succeeded@a interest=1; register=ReadPendingException,ok IDLE", expect = ACCEPTABLE,
        desc = "Actor 2's registration won.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice or never, a registration lost, an exception from the "
                + "fill interest, or registrations that do not add up (VIOLATION).")
@State
public class RegisterRacesRegister {

    private final FillRace race = new FillRace();
    private String register1;
    private String register2;

    @Actor
    public void reader1() {
        register1 = race.first().register(1);
    }

    @Actor
    public void reader2() {
        register2 = race.second().register(2);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        FillRace.Actor arbiter = race.arbiter();
        arbiter.fillable();
        r.r1 = race.outcome(2, "register=" + register1 + "," + register2, arbiter.state());
    }
}
