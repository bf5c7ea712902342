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
@Description("iterate() from another thread races process() returning SCHEDULED. Both actors iterate; the one "
        + "process() call starts an operation. An iterate() that lands while process() runs must not cause "
        + "another process() while the operation is outstanding. The arbiter then completes the operation.")
@Outcome(id = "process@1 onSuccess@a process@a onCompleteSuccess@a", expect = ACCEPTABLE,
        desc = "Actor 1 processed; actor 2's iterate() came during process() (REPROCESS, dropped when it "
                + "scheduled) or while PENDING (nothing to do). The completion resumed processing.")
@Outcome(id = "process@2 onSuccess@a process@a onCompleteSuccess@a", expect = ACCEPTABLE,
        desc = "The same with the actors' roles swapped.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: a lost or doubled call or hook, an exception from the callback, or a broken "
                + "invariant (VIOLATION).")
@State
public class IterateRacesScheduled {

    private final CallbackRace race = new CallbackRace(Step.SCHEDULE, Step.SUCCEED);

    @Actor
    public void iterator1() {
        race.first().iterate();
    }

    @Actor
    public void iterator2() {
        race.second().iterate();
    }

    @Arbiter
    public void arbiter(L_Result r) {
        race.arbiter().succeedOutstanding();
        r.r1 = race.outcome();
    }
}
