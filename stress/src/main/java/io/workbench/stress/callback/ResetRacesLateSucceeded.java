package io.workbench.stress.callback;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

@JCStressTest
@Description("reset() races a late succeeded(). The test aborts a pending task: the abort hooks have run, the "
        + "operation is still outstanding. Actor 1 is the operation calling back late (succeeded()); actor 2 is "
        + "the owner trying to reuse the callback (reset()). reset() must refuse while the operation is "
        + "outstanding and accept once the task completed; the task completes exactly once.")
@Outcome(id = "process@s onAborted:x@s onFailure:x@s onCompleteFailure:x@1; reset=false, then reset=true",
        expect = ACCEPTABLE,
        desc = "reset() came while the operation was outstanding and was refused; once it had called back, "
                + "reset() was accepted.")
@Outcome(id = "process@s onAborted:x@s onFailure:x@s onCompleteFailure:x@1; reset=true, then reset=true",
        expect = ACCEPTABLE,
        desc = "reset() came after the late completion had completed the task.")
@Outcome(id = "process@s onAborted:x@s onFailure:x@s onCompleteFailure:x@1; reset=true before-hook-returned, then reset=true",
        expect = ACCEPTABLE_INTERESTING,
        desc = "reset() came after the completing thread moved the task to COMPLETE but before its "
                + "onCompleteFailure returned: the callback is idle while the old task's last hook still runs. "
                + "COMPLETE is entered before the hook, as documented; an owner that reuses the callback "
                + "must reset it from (or after) the completion hook.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: reset() accepted while the operation was outstanding, a lost or doubled "
                + "completion, an exception from the callback, or a broken invariant (VIOLATION).")
@State
public class ResetRacesLateSucceeded {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE);
    private String reset;

    public ResetRacesLateSucceeded() {
        CallbackRace.Actor setup = race.setup();
        setup.iterate();
        setup.abort("x");
    }

    @Actor
    public void lateCompleter() {
        race.first().succeeded();
    }

    @Actor
    public void owner() {
        boolean accepted = race.second().reset();
        reset = "reset=" + accepted + (accepted && !race.hasCompleted() ? " before-hook-returned" : "");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome(reset + ",", "then reset=" + race.arbiter().reset());
    }
}
