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
@Description("fillable() races onFail(). A callback is registered (set up by the test). Actor 1 is the selector: the "
        + "endpoint is readable. Actor 2 fails the endpoint with x. Whichever takes the callback out of the "
        + "registration completes it: exactly one completion.")
@Outcome(id = "cb1=succeeded@1 interest=1; fillable=true onFail=false IDLE", expect = ACCEPTABLE,
        desc = "fillable() took the callback and succeeded it; onFail() found nothing registered.")
@Outcome(id = "cb1=failed:x@2 interest=1; fillable=false onFail=true IDLE", expect = ACCEPTABLE,
        desc = "onFail() took the callback and failed it; fillable() found nothing registered.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice or never, a registration lost, an exception from the "
                + "fill interest, or registrations that do not add up (VIOLATION).")
@State
public class FillableRacesFail {

    private final FillRace race = new FillRace();
    private String fillable;
    private String onFail;

    public FillableRacesFail() {
        race.setup().register(1);
    }

    @Actor
    public void selector() {
        fillable = race.first().fillable();
    }

    @Actor
    public void failer() {
        onFail = race.second().onFail("x");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(1, "fillable=" + fillable, "onFail=" + onFail, race.arbiter().state());
    }
}
