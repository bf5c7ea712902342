package io.workbench.stress.selector.alarm;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.selector.alarm.mutant.AlarmBug;
import java.lang.invoke.MethodHandle;

/**
 * The selector's alarm as the race tests drive it, through the two calls its threads make: the
 * selector arms a deadline, the alarm thread plans its sleep. iocore's SelectorAlarm (without its
 * thread, so that nothing parks) through {@link RealAlarm}, or a generated copy (the control or a
 * mutant) through RealAlarm's twin beside it. Which one a VM creates is chosen once, by
 * {@link Variant}. Public, as the twins live in other packages.
 */
public interface AlarmUnderTest {

    /** What this VM runs: the real alarm unless the harness selected a copy. */
    Variant<AlarmBug> VARIANT = Variant.selected(AlarmBug.MACHINE, AlarmBug.class);

    /** The constructor of RealAlarm's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealAlarm.class);

    /** A new alarm of the selected variant: nothing armed, its thread awake; firing counts a wake. */
    static AlarmUnderTest create() {
        if (VARIANT.isReal()) {
            return new RealAlarm();
        }
        try {
            return (AlarmUnderTest) COPY.invoke();
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /** The selector, before it blocks: @return true if the alarm thread was unparked */
    boolean arm(long deadline);

    /** The alarm thread: @return "fired", "again", "forever", or the deadline it would sleep until */
    String planSleep(long now);

    /** The alarm thread's whole loop step as it would run: plans again while the answer is "again" (bounded). */
    default String plan(long now) {
        String plan = "again";
        for (int i = 0; i < 4 && plan.equals("again"); i++) {
            plan = planSleep(now);
        }
        return plan;
    }

    /** The alarm thread woke from its sleep: it is awake again, and reads the armed deadline before it sleeps. */
    void woke();

    /** @return how many times firing woke the selector */
    int wakes();
}
