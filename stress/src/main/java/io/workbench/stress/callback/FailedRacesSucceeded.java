package io.workbench.stress.callback;

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
@Description("failed() races succeeded() on a pending operation. The callback is PENDING (set up by the test). "
        + "Actor 1 completes the operation; actor 2 fails the task at the same time (say, a timeout). Whichever "
        + "comes first decides; the other must change nothing, and the task completes exactly once.")
@Outcome(id = "process@s onSuccess@1 process@1 onCompleteSuccess@1", expect = ACCEPTABLE,
        desc = "succeeded() won and the task finished before failed() came: the late failure was ignored.")
@Outcome(id = "process@s onFailure:y@2 onCompleteFailure:y@2", expect = ACCEPTABLE,
        desc = "failed() won while the operation was pending: the task failed; the late success was ignored.")
@Outcome(id = "process@s onSuccess@1 onFailure:y@1 onCompleteFailure:y@1", expect = ACCEPTABLE,
        desc = "failed() came while the completing thread ran onSuccess(): recorded (CALLED), and that thread "
                + "completed the task with y when onSuccess() returned, without calling process() again.")
@Outcome(id = "process@s onSuccess@1 process@1 onFailure:y@1 onCompleteFailure:y@1", expect = ACCEPTABLE,
        desc = "failed() came while the completing thread was processing: recorded (CALLED) and delivered "
                + "by that thread after process() returned; the task fails with y (and ends CLOSED, since "
                + "process() finished the task although a completion had arrived).")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class FailedRacesSucceeded {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE, Step.SUCCEED);

    public FailedRacesSucceeded() {
        race.setup().iterate();
    }

    @Actor
    public void completer() {
        race.first().succeeded();
    }

    @Actor
    public void failer() {
        race.second().failed("y");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome();
    }
}
