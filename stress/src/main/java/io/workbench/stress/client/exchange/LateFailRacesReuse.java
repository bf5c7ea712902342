package io.workbench.stress.client.exchange;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.workbench.stress.client.RecordingListener;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

@JCStressTest
@Description("A late end of an old request races the reuse of its slot. Request 0 was published and answered (set "
        + "up by the test). Actor 1 is the sender of request 2, which the ring puts in the same slot: it fills the "
        + "slot and publishes it. Actor 2 is a thread that saw request 0 outstanding before and only now fails it. "
        + "The slot word carries the sequence, so the late fail(0) ends nothing: request 0 is over, and request 2 "
        + "stays active, its listener not called.")
@Outcome(id = "old=succeeded@s new=none; #2 active", expect = ACCEPTABLE,
        desc = "The late fail(0) found request 0 done or request 2 published, and ended neither.")
@Outcome(id = "old=succeeded@s new=failed:CLOSED@2; #2 ended", expect = FORBIDDEN,
        desc = "The late fail for request 0 ended request 2 instead: a new request failed by a stale thread.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: the old request ended twice, an exception.")
@State
public class LateFailRacesReuse {

    private final ExchangeRace race = new ExchangeRace();
    private final RecordingListener old = new RecordingListener(race.tags);
    private final RecordingListener next = new RecordingListener(race.tags);

    public LateFailRacesReuse() {
        race.send(0, old);
        race.respond(0);
    }

    @Actor
    public void sender() {
        race.tags.bindFirst();
        race.send(2, next);
    }

    @Actor
    public void lateCloser() {
        race.tags.bindSecond();
        race.fail(0, ExchangeRace.CLOSED);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        race.tags.bindArbiter();
        r.r1 = "old=" + old.render() + " new=" + next.render() + "; #2 " + (race.isActive(2) ? "active" : "ended");
    }
}
