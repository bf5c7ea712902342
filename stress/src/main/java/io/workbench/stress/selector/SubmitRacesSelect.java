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
@Description("A submitter races the selector going to sleep. Actor 1 submits: offers an action to the queue, then "
        + "claims the wakeup. Actor 2 is the selector: it writes SELECTING, then reads the queue to decide whether it "
        + "may block. Both sides write, then read the other's word, so one of them must see the other: the selector "
        + "never blocks with an action queued and no wakeup claimed.")
@Outcome(id = "block wakeup; WOKEN", expect = ACCEPTABLE,
        desc = "The selector found the queue empty and blocks; the submitter saw SELECTING and wakes it.")
@Outcome(id = "selectNow no-wakeup; PROCESSING", expect = ACCEPTABLE,
        desc = "The selector saw the action and will not block; the submitter saw PROCESSING and needs no wakeup.")
@Outcome(id = "selectNow wakeup; PROCESSING", expect = ACCEPTABLE,
        desc = "The submitter claimed between SELECTING and the selector's revert; the selector reverted from WOKEN. "
                + "A spare wakeup, cleared by selectNow().")
@Outcome(id = "block no-wakeup; SELECTING", expect = FORBIDDEN,
        desc = "Lost wakeup: the selector blocks with an action queued and nobody wakes it.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: an exception, or a state no interleaving leaves.")
@State
public class SubmitRacesSelect {

    private final WakeupRace race = new WakeupRace();
    private String submitter;
    private String selector;

    @Actor
    public void submitter() {
        submitter = race.submit();
    }

    @Actor
    public void selector() {
        selector = race.prepareToSelect();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = selector + " " + submitter + "; " + race.state();
    }
}
