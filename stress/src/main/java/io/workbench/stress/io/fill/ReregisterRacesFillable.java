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
@Description("Re-registering from inside succeeded() races another fillable(). The callback is registered (set up "
        + "by the test) and, like a connection that reads again, registers itself again in its first succeeded(). "
        + "Actors 1 and 2 both report the endpoint readable. The new registration is never lost: either it is "
        + "still registered at the end, or the other fillable() completed it.")
@Outcome(id = "cb1=succeeded@1 interest=2; fillable=true,false INTERESTED", expect = ACCEPTABLE,
        desc = "Actor 1 completed the registration; actor 2 came before the re-registration and found nothing; "
                + "the new registration waits.")
@Outcome(id = "cb1=succeeded@2 interest=2; fillable=false,true INTERESTED", expect = ACCEPTABLE,
        desc = "The same, the other way round.")
@Outcome(id = "cb1=succeeded@1+succeeded@2 interest=2; fillable=true,true IDLE", expect = ACCEPTABLE,
        desc = "Actor 1 completed the registration; actor 2 completed the re-registration.")
@Outcome(id = "cb1=succeeded@2+succeeded@1 interest=2; fillable=true,true IDLE", expect = ACCEPTABLE,
        desc = "Actor 2 completed the registration; actor 1 completed the re-registration.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice or never, a registration lost, an exception from the "
                + "fill interest, or registrations that do not add up (VIOLATION).")
@State
public class ReregisterRacesFillable {

    private final FillRace race = new FillRace();
    private String fillable1;
    private String fillable2;

    public ReregisterRacesFillable() {
        race.reregisterOnFirstSuccess(1);
        race.setup().register(1);
    }

    @Actor
    public void selector1() {
        fillable1 = race.first().fillable();
    }

    @Actor
    public void selector2() {
        fillable2 = race.second().fillable();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(1, "fillable=" + fillable1 + "," + fillable2, race.arbiter().state());
    }
}
