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
@Description("failed() from another thread races process() returning SCHEDULED. Actor 1 iterates; its process() "
        + "starts an operation and returns SCHEDULED. Actor 2 fails the operation as soon as it has started. The "
        + "task must fail exactly once, with onFailure before onCompleteFailure, and no further process().")
@Outcome(id = "process@1 onFailure:y@1 onCompleteFailure:y@1", expect = ACCEPTABLE,
        desc = "The failure came while process() ran: it was recorded (CALLED) and the processing thread "
                + "completed the task when process() returned.")
@Outcome(id = "process@1 onFailure:y@2 onCompleteFailure:y@2", expect = ACCEPTABLE,
        desc = "The failure came after the callback went PENDING: the failing thread completed the task.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class FailedRacesScheduled {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE);

    @Actor
    public void processor() {
        race.first().iterate();
    }

    @Actor
    public void failer() {
        race.second().awaitOperation().failed("y");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = race.outcome();
    }
}
