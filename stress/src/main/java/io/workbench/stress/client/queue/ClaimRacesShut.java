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
@Description("A claim races shut(). Actor 1 claims a sequence number; actor 2 shuts admission, as an idle timeout "
        + "or a 'Connection: close' response does, and takes the count shut() returns as final: the connection "
        + "closes once that many responses are in, and onIdleExpired() closes at once when it equals the answered "
        + "count. So a claim either lands before the shut and is in its count, or is refused: no claim succeeds "
        + "that the shut's count does not include.")
@Outcome(id = "claim=0 shut=1; SHUT claimed=1", expect = ACCEPTABLE,
        desc = "The claim came first: the shut counted it, and the connection waits for its response.")
@Outcome(id = "claim=REFUSED_SHUT shut=0; SHUT claimed=0", expect = ACCEPTABLE,
        desc = "The shut came first: the claim was refused.")
@Outcome(id = "claim=0 shut=0; .*", expect = FORBIDDEN,
        desc = "A claim the final count does not include: an idle close would drop an accepted request.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: admission reopened, a count that went back, an exception.")
@State
public class ClaimRacesShut {

    private final QueueRace race = new QueueRace(2);
    private String claim;
    private long shut;

    @Actor
    public void claimer() {
        claim = race.claim(false);
    }

    @Actor
    public void shutter() {
        shut = race.shut();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = "claim=" + claim + " shut=" + shut + "; " + race.state();
    }
}
