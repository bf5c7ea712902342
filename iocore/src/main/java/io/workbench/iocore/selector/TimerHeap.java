package io.workbench.iocore.selector;

import java.util.Arrays;

/**
 * The scheduled tasks of one selector, earliest deadline first: a binary min-heap in an array that
 * grows and never shrinks, each task knowing its own index, so that adding, moving and removing a
 * task are O(log n) and allocate nothing once the array is large enough. Deadlines are compared as
 * {@link System#nanoTime()} values ({@code a - b < 0}), so they may wrap.
 *
 * <h2>Rounds</h2>
 * The selector's loop goes in rounds: one select, the keys it found ready, the tasks due. A task
 * may be scheduled {@linkplain #schedule(ScheduledTask, long, boolean) for the next round}: the
 * selector does so for a task scheduled as already due (a task with work left over that
 * reschedules itself for now). {@link #pollDue} then does not hand it out in the round it was
 * scheduled in: it takes it out of the heap and sets it aside, and {@link #nextRound()} puts it
 * back. So a task that keeps rescheduling itself as due runs once a round, and the I/O of each
 * round comes before its next run; and one round's polling ends, since every task it hands out
 * either is not due again or waits for the next round. A task set aside still counts as
 * scheduled: it may be moved (it stays aside, with its new deadline) or cancelled.
 *
 * <p>Owned by the selector's producing thread: no synchronization.
 */
final class TimerHeap {

    private ScheduledTask[] tasks = new ScheduledTask[16];
    private int size;
    /** Tasks taken out of the heap by {@link #pollDue} in the round they were scheduled in, until {@link #nextRound()}. */
    private ScheduledTask[] aside = new ScheduledTask[4];
    private int asideCount;
    /** How many of {@link #aside} are still set aside (not cancelled since, nor entered twice). */
    private int asideLive;
    /** The round under way: {@link #nextRound()} counts them. */
    private long round;

    /** Adds {@code task} at {@code deadline}, or moves it there if it is already in this heap; it may run in this round. */
    void schedule(ScheduledTask task, long deadline) {
        schedule(task, deadline, false);
    }

    /**
     * Adds {@code task} at {@code deadline}, or moves it there if it is already in this heap.
     *
     * @param nextRound whether it must wait for the next round, however due it is
     * @throws IllegalStateException if it is scheduled on another heap
     */
    void schedule(ScheduledTask task, long deadline, boolean nextRound) {
        if (task.heap != null && task.heap != this) {
            throw new IllegalStateException(task + " is scheduled on another selector");
        }
        task.dueInRound = nextRound ? round : -1;
        int index = task.heapIndex;
        if (index == ScheduledTask.SET_ASIDE) {
            // It goes back into the heap with the others at the next round, at its new deadline.
            task.deadline = deadline;
            return;
        }
        if (index != ScheduledTask.NOT_SCHEDULED) {
            long old = task.deadline;
            task.deadline = deadline;
            if (deadline - old < 0) {
                siftUp(index);
            } else {
                siftDown(index);
            }
            return;
        }
        task.deadline = deadline;
        task.heap = this;
        add(task);
    }

    private void add(ScheduledTask task) {
        if (size == tasks.length) {
            tasks = Arrays.copyOf(tasks, size * 2);
        }
        tasks[size] = task;
        task.heapIndex = size;
        size++;
        siftUp(size - 1);
    }

    /** Removes {@code task} if it is scheduled here (in the heap or set aside); @return true if it was */
    boolean cancel(ScheduledTask task) {
        if (task.heap != this) {
            return false;
        }
        int index = task.heapIndex;
        if (index == ScheduledTask.SET_ASIDE) {
            // Left in the array: nextRound() skips it, as it is no longer set aside.
            unschedule(task);
            asideLive--;
            return true;
        }
        removeAt(index);
        task.heap = null;
        return true;
    }

    /** @return the task in the heap due first (a task set aside is not), or null if there is none */
    ScheduledTask peek() {
        return size == 0 ? null : tasks[0];
    }

    /**
     * @return the task due first if its deadline is not after {@code now} and it may run in this
     *         round (it is removed, and no longer scheduled), else null; a due task that must wait
     *         for the next round is set aside on the way
     */
    ScheduledTask pollDue(long now) {
        while (size > 0 && tasks[0].deadline - now <= 0) {
            ScheduledTask first = tasks[0];
            removeAt(0);
            if (first.dueInRound == round) {
                setAside(first);
                continue;
            }
            first.heap = null;
            return first;
        }
        return null;
    }

    private void setAside(ScheduledTask task) {
        if (asideCount == aside.length) {
            aside = Arrays.copyOf(aside, asideCount * 2);
        }
        aside[asideCount++] = task;
        asideLive++;
        task.heapIndex = ScheduledTask.SET_ASIDE;
    }

    /** A new round begins (the selector is about to select): the tasks set aside go back into the heap. */
    void nextRound() {
        round++;
        for (int i = 0; i < asideCount; i++) {
            ScheduledTask task = aside[i];
            aside[i] = null;
            // Cancelled meanwhile (or cancelled and scheduled again, in the heap already): not ours to put back.
            if (task.heapIndex == ScheduledTask.SET_ASIDE && task.heap == this) {
                add(task);
            }
        }
        asideCount = 0;
        asideLive = 0;
    }

    /** @return the round under way */
    long round() {
        return round;
    }

    /** @return the tasks scheduled here, those set aside included */
    int size() {
        return size + asideLive;
    }

    /** Forgets every task (the selector stopped): each is unscheduled. */
    void clear() {
        for (int i = 0; i < size; i++) {
            unschedule(tasks[i]);
            tasks[i] = null;
        }
        size = 0;
        for (int i = 0; i < asideCount; i++) {
            if (aside[i].heap == this) {
                unschedule(aside[i]);
            }
            aside[i] = null;
        }
        asideCount = 0;
        asideLive = 0;
    }

    private static void unschedule(ScheduledTask task) {
        task.heapIndex = ScheduledTask.NOT_SCHEDULED;
        task.heap = null;
    }

    private void removeAt(int index) {
        ScheduledTask removed = tasks[index];
        removed.heapIndex = ScheduledTask.NOT_SCHEDULED;
        size--;
        if (index == size) {
            tasks[size] = null;
            return;
        }
        ScheduledTask last = tasks[size];
        tasks[size] = null;
        tasks[index] = last;
        last.heapIndex = index;
        if (index > 0 && last.deadline - tasks[(index - 1) >>> 1].deadline < 0) {
            siftUp(index);
        } else {
            siftDown(index);
        }
    }

    private void siftUp(int index) {
        ScheduledTask task = tasks[index];
        while (index > 0) {
            int parent = (index - 1) >>> 1;
            ScheduledTask above = tasks[parent];
            if (task.deadline - above.deadline >= 0) {
                break;
            }
            tasks[index] = above;
            above.heapIndex = index;
            index = parent;
        }
        tasks[index] = task;
        task.heapIndex = index;
    }

    private void siftDown(int index) {
        ScheduledTask task = tasks[index];
        int half = size >>> 1;
        while (index < half) {
            int child = 2 * index + 1;
            int right = child + 1;
            if (right < size && tasks[right].deadline - tasks[child].deadline < 0) {
                child = right;
            }
            ScheduledTask below = tasks[child];
            if (task.deadline - below.deadline <= 0) {
                break;
            }
            tasks[index] = below;
            below.heapIndex = index;
            index = child;
        }
        tasks[index] = task;
        task.heapIndex = index;
    }

    @Override
    public String toString() {
        return "TimerHeap[" + size + (size > 0 ? ",next@" + tasks[0].deadline : "") + (asideLive > 0 ? ",aside=" + asideLive : "")
                + ",round=" + round + "]";
    }
}
