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
@Description("abort() from another thread races onSuccess(). The callback is PENDING (set up by the test). Actor 1 "
        + "completes the operation, so it runs onSuccess() (which takes a while, then notes sawAbort if an abort() "
        + "has returned by then) and, unless the task was stopped meanwhile, process(), which starts another "
        + "operation. Actor 2 aborts. An abort that lands during onSuccess() leaves nothing outstanding: the "
        + "task must complete at once, without another process(). The arbiter then completes any operation "
        + "still outstanding and iterates, which must change nothing.")
@Outcome(id = "process@s onSuccess@1 sawAbort@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@1; abort=true",
        expect = ACCEPTABLE,
        desc = "The race under proof: abort() returned while onSuccess() ran, which saw it. Nothing was outstanding, "
                + "so actor 1 completed the task when onSuccess() returned, and did not call process() again.")
@Outcome(id = "process@s onSuccess@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@1; abort=true",
        expect = ACCEPTABLE,
        desc = "abort() landed at the end of onSuccess(), after it looked but before the callback did: the same "
                + "ending, process() not called.")
@Outcome(id = "process@s onSuccess@1 process@1 onAborted:x@1 onFailure:x@1 onCompleteFailure:x@a; abort=true",
        expect = ACCEPTABLE,
        desc = "abort() landed after onSuccess() returned, while process() started the next operation: actor 1 ran "
                + "the abort hooks when process() returned, and that operation's completion (arbiter) completed.")
@Outcome(id = "process@s onSuccess@1 process@1 onAborted:x@2 onFailure:x@2 onCompleteFailure:x@a; abort=true",
        expect = ACCEPTABLE,
        desc = "abort() came once the next operation was pending: actor 2 ran the abort hooks, the operation's "
                + "completion (arbiter) completed.")
@Outcome(id = "process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@2; abort=true", expect = ACCEPTABLE,
        desc = "abort() won while the first operation was pending; it called back during the abort hooks, so actor 2 "
                + "completed the task when they returned. No onSuccess() after an abort.")
@Outcome(id = "process@s onAborted:x@2 onFailure:x@2 onCompleteFailure:x@1; abort=true", expect = ACCEPTABLE,
        desc = "abort() won while the first operation was pending; it called back after the abort hooks, and its "
                + "thread completed the task.")
@Outcome(id = "VIOLATION process-after-abort: .*", expect = FORBIDDEN,
        desc = "process() ran after onSuccess() had seen the abort return: the abort did not stop the iteration, "
                + "another operation was started after it, and onCompleteFailure waited for that operation.")
@Outcome(expect = FORBIDDEN,
        desc = "Any other history: process() again after the abort completed, onCompleteFailure twice, "
                + "onCompleteSuccess after an abort, a lost hook, an exception from the callback, or another broken "
                + "invariant (VIOLATION).")
@State
public class AbortRacesOnSuccess {

    private final CallbackRace race = CallbackRace.watchingOnSuccess(Step.SCHEDULE, Step.SCHEDULE);
    private boolean aborted;

    public AbortRacesOnSuccess() {
        race.setup().iterate();
    }

    @Actor
    public void completer() {
        race.first().succeeded();
    }

    @Actor
    public void aborter() {
        aborted = race.second().abort("x");
    }

    @Arbiter
    public void arbiter(L_Result r) {
        CallbackRace.Actor arbiter = race.arbiter();
        arbiter.succeedOutstanding();
        arbiter.iterate();
        r.r1 = race.outcome("abort=" + aborted);
    }
}
