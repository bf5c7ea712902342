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
@Description("A write carries the held responses (set up by the test: CARRIED, its buffer out of the pool). Actor 1 is "
        + "the connection's thread answering the next pipelined request in place: it holds that response. Actor 2 is "
        + "the carrying write's completer: it gives the buffer back. A hold that comes while the write is out is "
        + "refused (that response is written on its own, after); one that comes after the write is over takes a fresh "
        + "buffer, which must then hold its bytes: the completer gives back the buffer it carried, never the new one.")
@Outcome(id = "refused alone; NONE out=0 bytes=none", expect = ACCEPTABLE,
        desc = "The response came while the write was out: it is not held, and the completer gave the carried buffer back.")
@Outcome(id = "held alone; HELD out=1 bytes=43", expect = ACCEPTABLE,
        desc = "The write was over: the response is held in a fresh buffer, the only one out of the pool.")
@Outcome(id = "held alone; HELD .*bytes=none", expect = FORBIDDEN,
        desc = "The completer gave back the fresh buffer the hold had just filled (and kept the carried one): the held "
                + "response is lost, and the pool hands its buffer to another connection while this one writes from it.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a buffer not back once, another state, an exception.")
@State
public class HoldRacesWritten {

    private final HeldRace race = new HeldRace().holdOne().carried();
    private String connection;
    private String completer;

    @Actor
    public void connection() {
        connection = race.hold();
    }

    @Actor
    public void completer() {
        completer = race.written();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = connection + " " + completer + "; " + race.state() + " out=" + race.outstanding() + " bytes=" + race.heldBytes();
    }
}
