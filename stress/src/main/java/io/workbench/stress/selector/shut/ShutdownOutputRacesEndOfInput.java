package io.workbench.stress.selector.shut;

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
@Description("The connection shuts its output (a response with Connection: close was written) while the reader "
        + "sees the peer's end of stream. Whichever side is shut second closes the channel: exactly one close, "
        + "never none (a half-closed socket nobody closes is a leaked file descriptor).")
@Outcome(id = "closes=1 outputShutdowns=1 word=ISHUT+OSHUT+CLOSED", expect = ACCEPTABLE, desc = "Both sides shut; the second one closed the channel, once.")
@Outcome(id = "closes=0 outputShutdowns=1 word=ISHUT+OSHUT", expect = FORBIDDEN, desc = "Leak: both sides shut, and each thought the other was still open.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: closed twice, output shut twice, a bit lost.")
@State
public class ShutdownOutputRacesEndOfInput {

    private final ShutRace race = new ShutRace();

    @Actor
    public void writer() {
        race.shutdownOutput();
    }

    @Actor
    public void reader() {
        race.endOfInput();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.settle();
    }
}
