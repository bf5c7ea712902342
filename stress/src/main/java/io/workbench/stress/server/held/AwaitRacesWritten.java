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
@Description("The connection's own flush carries the held responses (set up by the test: CARRIED). Actor 1 is the "
        + "handler's response write, which must go after them: it asks whether to wait. Actor 2 is the flush's "
        + "completer: it gives the buffer back and says whether a write waited, to wake it. A write that waits is "
        + "woken exactly once; a write that goes at once is not woken as well.")
@Outcome(id = "waits wakes; NONE out=0", expect = ACCEPTABLE,
        desc = "The response write came while the flush was out: it waits, and the completer wakes it.")
@Outcome(id = "goes alone; NONE out=0", expect = ACCEPTABLE,
        desc = "The flush was over when the response write asked: it goes at once, and nobody wakes it.")
@Outcome(id = "waits alone; .*", expect = FORBIDDEN,
        desc = "The response write waits for a wake-up that nobody sends: that response is never written.")
@Outcome(id = "goes wakes; .*", expect = FORBIDDEN,
        desc = "The completer wakes a write that did not wait: the response is processed twice.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: the buffer not back once, another state, an exception.")
@State
public class AwaitRacesWritten {

    private final HeldRace race = new HeldRace().holdOne().carried();
    private String response;
    private String flush;

    @Actor
    public void response() {
        response = race.await();
    }

    @Actor
    public void flush() {
        flush = race.written();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = response + " " + flush + "; " + race.state() + " out=" + race.outstanding();
    }
}
