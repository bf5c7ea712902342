package io.workbench.stress.selector.alarm;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.LL_Result;

@JCStressTest
@Description("Deadline 100 has passed and the alarm thread fires (time 150) while the selector, awake, arms its next "
        + "deadline (300). Afterwards the alarm must still hold 300: the thread, planning once more at 150, sleeps "
        + "until it. A fire that wiped 300 out would leave the selector blocked with nothing to wake it.")
@Outcome(id = "fired, 300", expect = ACCEPTABLE, desc = "Fired for 100 (woke the selector), then 300 was armed and is kept.")
@Outcome(id = "300, 300", expect = ACCEPTABLE, desc = "300 was armed before the thread looked: nothing to fire, it sleeps until 300.")
@Outcome(id = "again, 300", expect = ACCEPTABLE, desc = "300 was armed between the thread's read and its fire: the fire saw the deadline change and did nothing.")
@Outcome(id = "fired, forever", expect = FORBIDDEN, desc = "Lost alarm: the fire cleared the deadline armed after its read.")
@Outcome(expect = FORBIDDEN, desc = "Anything else.")
@State
public class FireRacesArm {

    private final AlarmUnderTest alarm = AlarmUnderTest.create();

    public FireRacesArm() {
        alarm.arm(100);
    }

    @Actor
    public void alarmThread(LL_Result r) {
        r.r1 = alarm.planSleep(150);
    }

    @Actor
    public void selector() {
        alarm.arm(300);
    }

    @Arbiter
    public void after(LL_Result r) {
        r.r2 = alarm.plan(150);
    }
}
