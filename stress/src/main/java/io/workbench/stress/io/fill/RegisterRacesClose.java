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
@Description("A registration races the endpoint's close, as SocketChannelEndPoint does them. Actor 1: register(cb), "
        + "then, if the endpoint is closed, onFail(). Actor 2: mark the endpoint closed, then onFail(). Either the "
        + "registering thread sees closed or the closer sees the registration (Dekker's pattern over two volatile "
        + "words), so the callback fails exactly once and never stays registered on a closed endpoint.")
@Outcome(id = "cb1=failed:closed@1 interest=1; IDLE", expect = ACCEPTABLE,
        desc = "The closer's onFail() found nothing; the registering thread saw closed and failed its own callback.")
@Outcome(id = "cb1=failed:closed@2 interest=1; IDLE", expect = ACCEPTABLE,
        desc = "The closer's onFail() found the registration and failed it (the registering thread may have seen "
                + "closed too, and found nothing left).")
@Outcome(id = "cb1=none interest=1; INTERESTED", expect = FORBIDDEN,
        desc = "Stuck: the registering thread missed the close and the closer missed the registration; the callback "
                + "waits forever on a closed endpoint.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a callback completed twice or never, a registration lost, an exception from the "
                + "fill interest, or registrations that do not add up (VIOLATION).")
@State
public class RegisterRacesClose {

    private final FillRace race = new FillRace();

    @Actor
    public void reader() {
        race.first().fillInterested(1);
    }

    @Actor
    public void closer() {
        race.second().close();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(1, race.arbiter().state());
    }
}
