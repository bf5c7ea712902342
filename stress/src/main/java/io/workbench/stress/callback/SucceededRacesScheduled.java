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
@Description("succeeded() from another thread races process() returning SCHEDULED. Actor 1 iterates; its "
        + "process() starts an operation and returns SCHEDULED. Actor 2 completes the operation as soon as it "
        + "has started. The next process() must run exactly once, on one thread, after the completion.")
@Outcome(id = "process@1 onSuccess@1 process@1 onCompleteSuccess@1", expect = ACCEPTABLE,
        desc = "The completion came while process() ran: it was recorded (CALLED) and the processing thread "
                + "looped into the next process() instead of recursing.")
@Outcome(id = "process@1 onSuccess@2 process@2 onCompleteSuccess@2", expect = ACCEPTABLE,
        desc = "The completion came after the callback went PENDING: the completing thread resumed processing.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled process(), a hook that overlapped process(), an exception "
                + "from the callback, or a broken invariant (VIOLATION).")
@State
public class SucceededRacesScheduled {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE, Step.SUCCEED);

    @Actor
    public void processor() {
        race.first().iterate();
    }

    @Actor
    public void completer() {
        race.second().awaitOperation().succeeded();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome();
    }
}
