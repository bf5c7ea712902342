package io.workbench.stress.selector;

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
@Description("Two submitters against a selecting selector. The selector is about to block (set up by the test). "
        + "Actors 1 and 2 each offer an action and claim the wakeup. Exactly one of them calls wakeup(): none would "
        + "leave both actions waiting, two is a wakeup storm (each wakeup() is a syscall).")
@Outcome(id = "wakeup no-wakeup; WOKEN", expect = ACCEPTABLE, desc = "Actor 1 claimed the wakeup.")
@Outcome(id = "no-wakeup wakeup; WOKEN", expect = ACCEPTABLE, desc = "Actor 2 claimed the wakeup.")
@Outcome(id = "wakeup wakeup; WOKEN", expect = FORBIDDEN, desc = "Wakeup storm: both submitters woke the selector.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: a lost wakeup, an exception, or a state no interleaving leaves.")
@State
public class SubmitRacesSubmit {

    private final WakeupRace race = new WakeupRace();
    private String submitter1;
    private String submitter2;

    public SubmitRacesSubmit() {
        race.prepareToSelect();
    }

    @Actor
    public void submitter1() {
        submitter1 = race.submit();
    }

    @Actor
    public void submitter2() {
        submitter2 = race.submit();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = submitter1 + " " + submitter2 + "; " + race.state();
    }
}
