package io.workbench.iocore.selector;

import java.util.Arrays;

/**
 * The scheduled tasks of one selector, earliest deadline first: a binary min-heap in an array that
 * grows and never shrinks, each task knowing its own index, so that adding, moving and removing a
 * task are O(log n) and allocate nothing once the array is large enough. Deadlines are compared as
 * {@link System#nanoTime()} values ({@code a - b < 0}), so they may wrap.
 *
 * <p>Owned by the selector's producing thread: no synchronization.
 */
final class TimerHeap {

    private ScheduledTask[] tasks = new ScheduledTask[16];
    private int size;

    /** Adds {@code task} at {@code deadline}, or moves it there if it is already in this heap. */
    void schedule(ScheduledTask task, long deadline) {
        int index = task.heapIndex;
        if (index != ScheduledTask.NOT_SCHEDULED) {
            if (index >= size || tasks[index] != task) {
                throw new IllegalStateException(task + " is scheduled on another selector");
            }
            long old = task.deadline;
            task.deadline = deadline;
            if (deadline - old < 0) {
                siftUp(index);
            } else {
                siftDown(index);
            }
            return;
        }
        if (size == tasks.length) {
            tasks = Arrays.copyOf(tasks, size * 2);
        }
        task.deadline = deadline;
        tasks[size] = task;
        task.heapIndex = size;
        size++;
        siftUp(size - 1);
    }

    /** Removes {@code task} if it is in this heap; @return true if it was */
    boolean cancel(ScheduledTask task) {
        int index = task.heapIndex;
        if (index == ScheduledTask.NOT_SCHEDULED || index >= size || tasks[index] != task) {
            return false;
        }
        removeAt(index);
        return true;
    }

    /** @return the task due first, or null if none is scheduled */
    ScheduledTask peek() {
        return size == 0 ? null : tasks[0];
    }

    /** @return the task due first if its deadline is not after {@code now} (it is removed), else null */
    ScheduledTask pollDue(long now) {
        if (size == 0 || tasks[0].deadline - now > 0) {
            return null;
        }
        ScheduledTask first = tasks[0];
        removeAt(0);
        return first;
    }

    int size() {
        return size;
    }

    /** Forgets every task (the selector stopped): each is unscheduled. */
    void clear() {
        for (int i = 0; i < size; i++) {
            tasks[i].heapIndex = ScheduledTask.NOT_SCHEDULED;
            tasks[i] = null;
        }
        size = 0;
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
        return "TimerHeap[" + size + (size > 0 ? ",next@" + tasks[0].deadline : "") + "]";
    }
}
