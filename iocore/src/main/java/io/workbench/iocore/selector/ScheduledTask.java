package io.workbench.iocore.selector;

/**
 * A task a {@link ManagedSelector} runs on its own thread once a deadline has passed, as Netty's
 * event loops run scheduled tasks beside their I/O. The task object carries its deadline and its
 * place in the selector's {@link TimerHeap}, so scheduling it again (a load generator's loop does so
 * for every arrival) allocates nothing: it is moved, not copied.
 *
 * <p>Scheduled, rescheduled and cancelled on the selector's thread only
 * ({@link ManagedSelector#schedule}); from another thread, submit an action that does it. It runs at
 * its deadline or later, never before, and at most once in a round of the selector: scheduled as
 * already due (a task with work left over that reschedules itself for now), it runs in the next
 * round, after the I/O that round finds ready. {@link ManagedSelector#stop()} drops what has not run.
 * {@link #run()} must not block: it runs in the selector's loop.
 */
public abstract class ScheduledTask implements Runnable {

    /** {@link #heapIndex} of a task that is not scheduled. */
    static final int NOT_SCHEDULED = -1;
    /** {@link #heapIndex} of a task set aside until the selector's next round (see {@link TimerHeap}). */
    static final int SET_ASIDE = -2;

    /** When it is due, in {@link System#nanoTime()} nanoseconds; meaningful while scheduled. */
    long deadline;
    /** Where it sits in the heap of the selector it is scheduled on, {@link #SET_ASIDE}, or {@link #NOT_SCHEDULED}. */
    int heapIndex = NOT_SCHEDULED;
    /** The heap it is scheduled on; null when not scheduled. */
    TimerHeap heap;
    /** The selector's round in which it was last scheduled as already due (it may run only in a later one); -1 if not. */
    long dueInRound = -1;

    /** @return true while it waits for its deadline on a selector */
    public final boolean isScheduled() {
        return heapIndex != NOT_SCHEDULED;
    }

    /** @return the deadline it is (or was last) scheduled for */
    public final long deadline() {
        return deadline;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(hashCode())
                + (isScheduled() ? "[due@" + deadline + "]" : "[unscheduled]");
    }
}
