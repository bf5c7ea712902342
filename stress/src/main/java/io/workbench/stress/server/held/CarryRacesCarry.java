package io.workbench.stress.server.held;

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
@Description("A handler went asynchronous with a response held before its request (set up by the test: HELD). "
        + "Actor 1 is the connection's thread returning from handle(): it takes the held response to write it now. "
        + "Actor 2 is the handler answering from another thread: its response write takes the held one to send it "
        + "first. Exactly one write carries the held bytes: never both (sent twice, the buffer given back twice), "
        + "never neither (held for ever).")
@Outcome(id = "carried nothing; CARRIED out=1", expect = ACCEPTABLE,
        desc = "The connection's flush took them; the handler's write finds nothing (and waits for that flush).")
@Outcome(id = "nothing carried; CARRIED out=1", expect = ACCEPTABLE,
        desc = "The handler's write took them; the connection has nothing to flush.")
@Outcome(id = "carried carried; .*", expect = FORBIDDEN,
        desc = "Both writes carry the held bytes: the client gets them twice, and the buffer goes back twice.")
@Outcome(id = "nothing nothing; .*", expect = FORBIDDEN,
        desc = "Neither write carries them: the held response is never sent.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: another state, an exception.")
@State
public class CarryRacesCarry {

    private final HeldRace race = new HeldRace().holdOne();
    private String connection;
    private String handler;

    @Actor
    public void connection() {
        connection = race.carry();
    }

    @Actor
    public void handler() {
        handler = race.carry();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = connection + " " + handler + "; " + race.state() + " out=" + race.outstanding();
    }
}
