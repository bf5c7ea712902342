package io.workbench.stress.selector.alarm;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZL_Result;

@JCStressTest
@Description("The selector arms a first deadline (100) while the alarm thread, with nothing armed, is about to "
        + "sleep until it is unparked. Either the thread sees the deadline and sleeps until it, or the selector sees "
        + "the thread asleep and unparks it; never both miss, which would leave the selector blocked past its deadline.")
@Outcome(id = "false, 100", expect = ACCEPTABLE, desc = "The thread read the deadline first: it sleeps until it; no unpark needed.")
@Outcome(id = "true, 100", expect = ACCEPTABLE, desc = "The thread had published its sleep and re-read the deadline; the unpark only makes it plan again.")
@Outcome(id = "true, forever", expect = ACCEPTABLE, desc = "The thread will park, but the unpark came first: its park returns at once.")
@Outcome(id = "false, forever", expect = FORBIDDEN, desc = "Lost alarm: the thread sleeps until unparked and nobody unparks it.")
@Outcome(expect = FORBIDDEN, desc = "Anything else.")
@State
public class ArmRacesSleep {

    private final AlarmUnderTest alarm = AlarmUnderTest.create();

    @Actor
    public void selector(ZL_Result r) {
        r.r1 = alarm.arm(100);
    }

    @Actor
    public void alarmThread(ZL_Result r) {
        r.r2 = alarm.plan(0);
    }
}
