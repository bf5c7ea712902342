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
@Description("The selector's revert races a claim. An action is queued (set up by the test) and its submitter has "
        + "not claimed yet. Actor 1 is that submitter, claiming now. Actor 2 is the selector: it writes SELECTING, "
        + "finds the queue not empty and reverts to PROCESSING. It must not block, the state ends PROCESSING "
        + "whether the claim landed between SELECTING and the revert or not, and nothing throws.")
@Outcome(id = "selectNow no-wakeup; PROCESSING", expect = ACCEPTABLE,
        desc = "The claim found PROCESSING, before SELECTING or after the revert.")
@Outcome(id = "selectNow wakeup; PROCESSING", expect = ACCEPTABLE,
        desc = "The claim landed between SELECTING and the revert; the selector reverted from WOKEN. A spare "
                + "wakeup, cleared by selectNow().")
@Outcome(id = "selectNow wakeup; WOKEN", expect = FORBIDDEN,
        desc = "Stuck WOKEN: the revert missed the claim; no later select can ever be woken.")
@Outcome(expect = FORBIDDEN, desc = "Any other outcome: blocking with an action queued, an exception, or a state no "
        + "interleaving leaves.")
@State
public class RevertRacesClaim {

    private final WakeupRace race = new WakeupRace();
    private String submitter;
    private String selector;

    public RevertRacesClaim() {
        race.offer();
    }

    @Actor
    public void submitter() {
        submitter = race.claimWakeup();
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
