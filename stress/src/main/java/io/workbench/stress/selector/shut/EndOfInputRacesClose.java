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
@Description("The output is shut already. The reader sees the end of stream, which makes it close, while another "
        + "thread calls close(). The channel closes once, and the word still records the shut input.")
@Outcome(id = "closes=1 outputShutdowns=1 word=ISHUT+OSHUT+CLOSED", expect = ACCEPTABLE, desc = "One of the two closed; the other found CLOSED.")
@Outcome(id = "closes=2 outputShutdowns=1 word=ISHUT+OSHUT+CLOSED", expect = FORBIDDEN, desc = "Double close.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: never closed, closed twice, a bit lost.")
@State
public class EndOfInputRacesClose {

    private final ShutRace race = new ShutRace();

    public EndOfInputRacesClose() {
        race.shutdownOutput();
    }

    @Actor
    public void reader() {
        race.endOfInput();
    }

    @Actor
    public void closer() {
        race.close();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.settle();
    }
}
