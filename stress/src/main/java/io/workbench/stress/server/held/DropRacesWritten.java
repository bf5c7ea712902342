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
@Description("A write that carries the held responses went pending (set up by the test: CARRIED), and the exchange "
        + "fails on another thread while it is out. Actor 1 is that thread closing the connection: it drops what is "
        + "held. Actor 2 ends the write (the selector finishing it, or the close failing it): the endpoint is done "
        + "with the buffer, then the completer gives it back. The buffer belongs to the write until then: the close "
        + "must not give it back (the selector could write from it after another connection took it), and it goes "
        + "back to the pool exactly once.")
@Outcome(id = "kept own,alone; out=0 NONE", expect = ACCEPTABLE,
        desc = "The close left the buffer to the write, which gave it back once it was done with it.")
@Outcome(id = "dropped .*", expect = FORBIDDEN,
        desc = "The close gave back a buffer that a write carried: another connection may take it while the endpoint "
                + "still writes from it (a cross-delivery), or it goes back twice.")
@Outcome(id = ".* released,.*", expect = FORBIDDEN,
        desc = "The buffer was back in the pool before the write that carried it was done with it.")
@Outcome(id = ".*out=-1.*", expect = FORBIDDEN,
        desc = "The buffer went back to the pool twice: two connections may share it.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: the buffer never back, another state, an exception.")
@State
public class DropRacesWritten {

    private final HeldRace race = new HeldRace().holdOne().carried();
    private String close;
    private String write;

    @Actor
    public void close() {
        close = race.drop();
    }

    @Actor
    public void write() {
        write = race.finishWrite();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = close + " " + write + "; out=" + race.outstanding() + " " + race.state();
    }
}
