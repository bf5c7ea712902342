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
@Description("Two failures race for one request. Request 0 is published (set up by the test). Actor 1 is its "
        + "sender, which found the connection CLOSED right after publishing and fails it itself with the close's "
        + "failure. Actor 2 is onClose() of a connection closed because request 0 timed out: it finds the slot "
        + "active and fails it with TIMEOUT. Exactly one failure ends the request, and the exchange keeps that "
        + "one's cause.")
@Outcome(id = "failed:CLOSED@1; failed:CLOSED", expect = ACCEPTABLE,
        desc = "The sender won; the closer found the slot done or lost the CAS.")
@Outcome(id = "failed:TIMEOUT@2; failed:TIMEOUT", expect = ACCEPTABLE,
        desc = "The closer won; the sender's fail() lost the CAS and does nothing.")
@Outcome(id = ".*\\+.*; .*", expect = FORBIDDEN,
        desc = "Ended twice: the listener heard two outcomes for one request.")
@Outcome(id = "failed:CLOSED@1; failed:TIMEOUT|failed:TIMEOUT@2; failed:CLOSED", expect = FORBIDDEN,
        desc = "The loser recorded its cause anyway: the exchange no longer says what the listener was told.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: never ended, an exception.")
@State
public class FailRacesTimeout {

    private final ExchangeRace race = new ExchangeRace();
    private final RecordingListener listener = new RecordingListener(race.tags);

    public FailRacesTimeout() {
        race.send(0, listener);
    }

    @Actor
    public void sender() {
        race.tags.bindFirst();
        race.fail(0, ExchangeRace.CLOSED);
    }

    @Actor
    public void closer() {
        race.tags.bindSecond();
        race.closeOutstanding(0, ExchangeRace.TIMEOUT);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        race.tags.bindArbiter();
        r.r1 = listener.render() + "; " + race.outcome();
    }
}
