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
@Description("A late claim races the end of a select. The selector blocked (set up by the test). Actor 1 submits: "
        + "offers an action and claims the wakeup. Actor 2 is the selector, whose select() returned for another "
        + "reason (a ready key): it calls selected(). Whatever the order, the state ends PROCESSING, so that the "
        + "next select can be woken, and nothing throws.")
@Outcome(id = "wakeup ok; PROCESSING", expect = ACCEPTABLE,
        desc = "The claim came first (SELECTING to WOKEN); selected() moved WOKEN to PROCESSING.")
@Outcome(id = "no-wakeup ok; PROCESSING", expect = ACCEPTABLE,
        desc = "selected() came first; the submitter found the selector processing, which will see its action.")
@Outcome(id = "wakeup ok; WOKEN", expect = FORBIDDEN,
        desc = "Stuck WOKEN: selected() missed the claim; no later select can ever be woken.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: an exception, or a state no interleaving leaves.")
@State
public class LateClaimRacesSelected {

    private final WakeupRace race = new WakeupRace();
    private String submitter;
    private String selector;

    public LateClaimRacesSelected() {
        race.prepareToSelect();
    }

    @Actor
    public void submitter() {
        submitter = race.submit();
    }

    @Actor
    public void selector() {
        selector = race.selected();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = submitter + " " + selector + "; " + race.state();
    }
}
