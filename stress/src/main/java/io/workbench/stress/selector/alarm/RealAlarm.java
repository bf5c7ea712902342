package io.workbench.stress.selector.alarm;

import io.workbench.iocore.selector.SelectorAlarm;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real SelectorAlarm without its thread, driven through {@link AlarmUnderTest}. The build also
 * copies this class beside each generated copy of SelectorAlarm (the control and every mutant),
 * where the same code drives the copy; so it names SelectorAlarm only through its import, and
 * answers planSleep() with the names of the copy's own constants.
 */
final class RealAlarm implements AlarmUnderTest {

    private final AtomicInteger wakes = new AtomicInteger();
    private final SelectorAlarm alarm = new SelectorAlarm(wakes::incrementAndGet);

    @Override
    public boolean arm(long deadline) {
        return alarm.arm(deadline);
    }

    @Override
    public String planSleep(long now) {
        long plan = alarm.planSleep(now);
        if (plan == SelectorAlarm.FIRED) {
            return "fired";
        }
        if (plan == SelectorAlarm.AGAIN) {
            return "again";
        }
        if (plan == SelectorAlarm.FOREVER) {
            return "forever";
        }
        return Long.toString(plan);
    }

    @Override
    public void woke() {
        alarm.woke();
    }

    @Override
    public int wakes() {
        return wakes.get();
    }
}
