package io.workbench.stress.client.queue;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.workbench.stress.client.RecordingListener;
import io.workbench.stress.io.ActorTags;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

@JCStressTest
@Description("A send races the connection closing. Actor 1 sends a request as HttpClientConnection.send() does: "
        + "claim, fill and publish the slot, then, if the queue is CLOSED, end the request itself. Actor 2 is "
        + "onClose(): shut, close with the failure, fail every outstanding request still active. A request is either "
        + "refused, or accepted and then ended exactly once with the close's failure: never accepted and lost.")
@Outcome(id = "accepted failed:CLOSED@2; CLOSED claimed=1", expect = ACCEPTABLE,
        desc = "Claimed before the shut and published before the closer looked: the closer failed it.")
@Outcome(id = "accepted failed:CLOSED@1; CLOSED claimed=1", expect = ACCEPTABLE,
        desc = "Claimed before the shut, published after the closer looked at its slot: the sender found CLOSED and "
                + "failed it itself, with the recorded failure.")
@Outcome(id = "REFUSED_SHUT none; CLOSED claimed=0", expect = ACCEPTABLE,
        desc = "The claim came after the shut and before the close: refused, the listener is never called.")
@Outcome(id = "REFUSED_CLOSED none; CLOSED claimed=0", expect = ACCEPTABLE,
        desc = "The claim came after the close: refused.")
@Outcome(id = "accepted none; .*", expect = FORBIDDEN,
        desc = "Lost request: accepted, and nobody ever ends it (a claim undid the close, or the count missed it).")
@Outcome(id = "accepted .*; CLOSED claimed=0", expect = FORBIDDEN,
        desc = "Accepted, but the shut's final count missed it: the closer never looks at its slot.")
@Outcome(id = "accepted failed:null@.*", expect = FORBIDDEN,
        desc = "The sender saw CLOSED before the close's failure was recorded and ended its request with no cause.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: ended twice, a claim after the close, an exception.")
@State
public class SendRacesClose {

    private final ActorTags tags = new ActorTags();
    private final RecordingListener listener = new RecordingListener(tags);
    private final QueueRace race = new QueueRace(2);
    private String send;

    @Actor
    public void sender() {
        tags.bindFirst();
        send = race.send(listener);
    }

    @Actor
    public void closer() {
        tags.bindSecond();
        race.close();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        tags.bindArbiter();
        r.r1 = send + " " + listener.render() + "; " + race.state();
    }
}
