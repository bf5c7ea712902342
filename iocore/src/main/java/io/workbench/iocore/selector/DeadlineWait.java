package io.workbench.iocore.selector;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * How a {@link ManagedSelector} waits for its next {@link ScheduledTask} when the task is due
 * sooner than its select's timeout would wake it. {@code Selector.select(long)} counts whole
 * milliseconds (the JDK passes them to {@code epoll_wait}), so something else must cover what lies
 * below a millisecond. Every way costs something; a load generator's loop, which waits for the next
 * intended send time tens of thousands of times a second, chooses here what it pays.
 *
 * <p>The last {@code spinNanos} before a deadline are spun in every mode: {@code selectNow()} and
 * {@link Thread#onSpinWait()} in a loop, which sees I/O and submitted actions within a microsecond
 * or two and keeps the core busy. Before that window the mode decides:
 * <ul>
 *   <li>{@link Mode#SELECT}: {@code select(ms)}, rounded so that it wakes at the start of the spin
 *       window or, with a window under a millisecond, up to a millisecond after the deadline
 *       (as wrk2's timers do). No other thread, no extra system call.</li>
 *   <li>{@link Mode#PARK}: the selector's own thread parks until the window ({@code parkNanos},
 *       precise to the kernel's timer slack, about 50 µs on Linux). I/O and actions that arrive
 *       meanwhile wait for the park to end: reads are stamped late by up to the park.</li>
 *   <li>{@link Mode#ALARM}: a {@link SelectorAlarm} thread parks until the window and wakes the
 *       selector, which blocks in {@code select} meanwhile, so that I/O still wakes it at once.
 *       Precise to the timer slack; each alarm that fires costs a wake of two threads.</li>
 * </ul>
 * The selector counts the time it spends blocked (idle) and spinning apart
 * ({@link ManagedSelector#getIdleNanos()}, {@link ManagedSelector#getSpinNanos()}), so that a
 * figure of its busy share or its CPU can say how much of it was waiting.
 *
 * @param mode      how it waits before the spin window
 * @param spinNanos the last stretch before a deadline that it spins, 0 for none
 */
public record DeadlineWait(Mode mode, long spinNanos) {

    /** How the selector waits for a deadline before the spin window. */
    public enum Mode {
        /** {@code select(ms)}: late by up to a millisecond where the spin window does not cover it. */
        SELECT,
        /** The selector thread parks: precise to the timer slack; I/O waits for the park. */
        PARK,
        /** An alarm thread wakes the blocked selector: precise to the timer slack; I/O wakes it at once. */
        ALARM
    }

    /** What a selector does when nothing asks for more: {@code select(ms)}, no spinning. */
    public static final DeadlineWait SELECT_MILLIS = new DeadlineWait(Mode.SELECT, 0);

    public DeadlineWait {
        Objects.requireNonNull(mode, "mode");
        if (spinNanos < 0 || spinNanos > TimeUnit.SECONDS.toNanos(1)) {
            throw new IllegalArgumentException("spinNanos must be within 0..1 s, was " + spinNanos);
        }
    }

    @Override
    public String toString() {
        return mode.name().toLowerCase(java.util.Locale.ROOT) + (spinNanos > 0 ? "+spin" + TimeUnit.NANOSECONDS.toMicros(spinNanos) + "us" : "");
    }
}
