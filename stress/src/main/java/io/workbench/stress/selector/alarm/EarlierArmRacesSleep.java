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
@Description("The alarm thread, asleep until 200, wakes and plans its next sleep while the selector arms an earlier "
        + "deadline (100). The thread must not sleep until 200 unless the selector unparks it.")
@Outcome(id = "false, 100", expect = ACCEPTABLE, desc = "The thread saw 100 first.")
@Outcome(id = "true, 100", expect = ACCEPTABLE, desc = "The thread saw 100; the unpark is spare.")
@Outcome(id = "true, 200", expect = ACCEPTABLE, desc = "The thread will sleep until 200, but the unpark came: it plans again at once.")
@Outcome(id = "false, 200", expect = FORBIDDEN, desc = "Lost alarm: the thread sleeps until 200 and nothing wakes it for 100.")
@Outcome(expect = FORBIDDEN, desc = "Anything else.")
@State
public class EarlierArmRacesSleep {

    private final AlarmUnderTest alarm = AlarmUnderTest.create();

    public EarlierArmRacesSleep() {
        alarm.arm(200);
        // The thread went to sleep until 200, and now wakes (an earlier unpark, or a spurious wake-up).
        alarm.plan(0);
        alarm.woke();
    }

    @Actor
    public void selector(ZL_Result r) {
        r.r1 = alarm.arm(100);
    }

    @Actor
    public void alarmThread(ZL_Result r) {
        r.r2 = alarm.plan(0);
    }
}
