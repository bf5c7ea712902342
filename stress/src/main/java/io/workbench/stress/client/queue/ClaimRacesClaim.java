package io.workbench.stress.client.queue;

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
@Description("Two claims on an open queue with room for both. Actor 1 claims for a 'Connection: close' request (the "
        + "last the connection admits), actor 2 for a persistent one. Each accepted claim gets a sequence number of "
        + "its own (its own slot); once the last request is claimed nothing more is admitted.")
@Outcome(id = "last=1 other=0; SHUT claimed=2", expect = ACCEPTABLE,
        desc = "The persistent request claimed first; the last one came after it and shut admission.")
@Outcome(id = "last=0 other=REFUSED_SHUT; SHUT claimed=1", expect = ACCEPTABLE,
        desc = "The last request claimed first and shut admission: the other is refused.")
@Outcome(id = "last=0 other=0; .*", expect = FORBIDDEN,
        desc = "Two requests in one slot: one overwrites the other's exchange, whose listener is lost.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a claim after the last request, admission reopened, an "
        + "exception.")
@State
public class ClaimRacesClaim {

    private final QueueRace race = new QueueRace(2);
    private String last;
    private String other;

    @Actor
    public void lastRequest() {
        last = race.claim(true);
    }

    @Actor
    public void persistentRequest() {
        other = race.claim(false);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = "last=" + last + " other=" + other + "; " + race.state();
    }
}
