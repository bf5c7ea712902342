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
@Description("The response completes while the connection closes. Request 0 is published (set up by the test). "
        + "Actor 1 is the reader: the last byte of the response arrived, it calls succeed(0). Actor 2 is onClose(): "
        + "request 0 is outstanding, so if its slot is still active it calls fail(0, CLOSED). Exactly one of them "
        + "ends the request: the listener hears one outcome, once, and the exchange keeps the winner's outcome.")
@Outcome(id = "succeeded@1; succeeded", expect = ACCEPTABLE,
        desc = "The response won; the closer found the slot done or lost the CAS.")
@Outcome(id = "failed:CLOSED@2; failed:CLOSED", expect = ACCEPTABLE,
        desc = "The close won; the reader's succeed() lost the CAS and does nothing.")
@Outcome(id = ".*\\+.*; .*", expect = FORBIDDEN,
        desc = "Ended twice: the listener heard two outcomes for one request.")
@Outcome(id = "succeeded@1; succeeded\\+failed:CLOSED", expect = FORBIDDEN,
        desc = "The closer lost but recorded its failure anyway, over the response the listener was given.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: never ended, an exception.")
@State
public class ResponseRacesClose {

    private final ExchangeRace race = new ExchangeRace();
    private final RecordingListener listener = new RecordingListener(race.tags);

    public ResponseRacesClose() {
        race.send(0, listener);
    }

    @Actor
    public void reader() {
        race.tags.bindFirst();
        race.respond(0);
    }

    @Actor
    public void closer() {
        race.tags.bindSecond();
        race.closeOutstanding(0, ExchangeRace.CLOSED);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        race.tags.bindArbiter();
        r.r1 = listener.render() + "; " + race.outcome();
    }
}
