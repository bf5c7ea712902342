package io.workbench.iocore.selector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Wakes a blocked selector at a deadline finer than {@code select(ms)} can: a thread of its own
 * parks until the deadline the selector armed (precise to the kernel's timer slack) and then wakes
 * the selector, which meanwhile blocks in {@code select} and so still wakes at once for I/O. Used
 * by {@link DeadlineWait.Mode#ALARM}.
 *
 * <p>The selector arms a deadline each time it is about to block, once its {@link SelectorWakeup}
 * says SELECTING (so that an alarm firing from then on can claim the wakeup, even before the select
 * is entered), and never disarms: an alarm for a deadline that is no longer armed does nothing, and
 * one that fires while the selector is busy costs no {@code wakeup()} (it is not selecting, and sees
 * its deadline itself before it selects again). The
 * alarm thread is unparked only when the selector arms a deadline earlier than the one the thread
 * sleeps until: a selector that arms the same deadline round after round (I/O keeps waking it
 * before it is due) costs the alarm thread nothing.
 *
 * <h2>Why no alarm is lost</h2>
 * <pre>
 *   alarm thread                                   selector thread: arm(d)
 *   (1) d0 = armed                                 (4) armed = d
 *   (2) sleepingUntil = target(d0)                 (5) s = sleepingUntil
 *   (3) armed still d0? park until the target      (6) s is FOREVER or later than d: unpark
 *       : else sleepingUntil = AWAKE, go to (1)
 * </pre>
 * All four accesses are volatile, so sequentially consistent: if (5) does not see (2) (it reads
 * AWAKE, and does not unpark), then (2) comes after (5), so (3) sees (4)'s {@code d} and the
 * thread goes round again instead of sleeping past {@code d} (Dekker's pattern). If (5) sees (2),
 * (6) unparks a thread that would sleep too long; a permit given before it parks makes the park
 * return at once. The stress module's alarm races prove it ({@code ArmRacesSleep},
 * {@code EarlierArmRacesSleep}, {@code FireRacesArm}) and catch a mutant without step (3).
 */
public final class SelectorAlarm implements Runnable {

    /** {@link #armed}: no deadline. */
    static final long NONE = Long.MIN_VALUE;
    /** {@link #sleepingUntil}: the thread is running, and reads {@link #armed} again before it sleeps. */
    public static final long AWAKE = Long.MIN_VALUE;
    /** {@link #sleepingUntil}: the thread sleeps until it is unparked. */
    public static final long FOREVER = Long.MIN_VALUE + 1;
    /** What {@link #planSleep(long)} returns when the armed deadline has passed and the alarm fired. */
    public static final long FIRED = Long.MIN_VALUE + 2;
    /** What {@link #planSleep(long)} returns when the armed deadline changed while it planned: plan again. */
    public static final long AGAIN = Long.MIN_VALUE + 3;

    private static final VarHandle ARMED;
    private static final VarHandle FIRED_COUNT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            ARMED = lookup.findVarHandle(SelectorAlarm.class, "armed", long.class);
            FIRED_COUNT = lookup.findVarHandle(SelectorAlarm.class, "fired", long.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    private final Runnable wake;
    private final Thread thread;
    @SuppressWarnings("unused") // through ARMED
    private volatile long armed = NONE;
    private volatile long sleepingUntil = AWAKE;
    private volatile boolean stopped;
    @SuppressWarnings("unused") // through FIRED_COUNT: written by the alarm thread only, read by anyone
    private long fired;
    private long unparks;

    /**
     * @param name the alarm thread's name
     * @param wake what firing does: wake the selector if it is blocked
     */
    public SelectorAlarm(String name, Runnable wake) {
        this.wake = wake;
        this.thread = new Thread(this, name);
        this.thread.setDaemon(true);
    }

    /**
     * An alarm without a thread, for the race tests, which drive {@link #arm} and
     * {@link #planSleep} from threads of their own and never park.
     */
    public SelectorAlarm(Runnable wake) {
        this.wake = wake;
        this.thread = null;
    }

    void start() {
        thread.start();
    }

    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }

    /**
     * The selector's thread, before it blocks: wake the selector at {@code deadline} unless it has
     * woken by then.
     *
     * @return true if the alarm thread was unparked to sleep for less
     */
    public boolean arm(long deadline) {
        if (deadline == NONE) {
            deadline++;
        }
        if ((long) ARMED.getVolatile(this) == deadline) {
            return false;
        }
        ARMED.setVolatile(this, deadline);
        long sleeping = sleepingUntil;
        if (sleeping != AWAKE && (sleeping == FOREVER || deadline - sleeping < 0)) {
            unparks++;
            if (thread != null) {
                LockSupport.unpark(thread);
            }
            return true;
        }
        return false;
    }

    /**
     * One step of the alarm thread: fires if the armed deadline has passed, otherwise publishes how
     * long it will sleep and checks that the deadline did not change meanwhile.
     *
     * @return {@link #FIRED}, {@link #AGAIN}, {@link #FOREVER}, or the deadline to sleep until
     */
    public long planSleep(long now) {
        long deadline = (long) ARMED.getVolatile(this);
        if (deadline != NONE && deadline - now <= 0) {
            if (ARMED.compareAndSet(this, deadline, NONE)) {
                FIRED_COUNT.setOpaque(this, (long) FIRED_COUNT.getOpaque(this) + 1);
                wake.run();
                return FIRED;
            }
            return AGAIN;
        }
        long target = deadline == NONE ? FOREVER : deadline;
        sleepingUntil = target;
        if ((long) ARMED.getVolatile(this) != deadline) {
            sleepingUntil = AWAKE;
            return AGAIN;
        }
        return target;
    }

    /** The alarm thread is back from a sleep: it reads the armed deadline again before it sleeps, so arming need not unpark it. */
    public void woke() {
        sleepingUntil = AWAKE;
    }

    @Override
    public void run() {
        while (!stopped) {
            long target = planSleep(System.nanoTime());
            if (target == FOREVER) {
                LockSupport.park(this);
            } else if (target != FIRED && target != AGAIN) {
                long remaining = target - System.nanoTime();
                if (remaining > 0) {
                    LockSupport.parkNanos(this, remaining);
                }
            }
            woke();
        }
    }

    /** @return how many times it fired (woke, or found awake, the selector at an armed deadline) */
    public long firedCount() {
        return (long) FIRED_COUNT.getOpaque(this);
    }

    @Override
    public String toString() {
        long a = (long) ARMED.getVolatile(this);
        long s = sleepingUntil;
        return "SelectorAlarm@" + Integer.toHexString(hashCode()) + "[armed=" + (a == NONE ? "none" : a)
                + ",sleeping=" + (s == AWAKE ? "awake" : s == FOREVER ? "forever" : s) + ",fired=" + firedCount()
                + ",unparks=" + unparks + "]";
    }
}
