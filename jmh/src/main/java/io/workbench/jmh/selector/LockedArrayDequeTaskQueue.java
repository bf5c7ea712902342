package io.workbench.jmh.selector;

import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The way Jetty 12's {@code ManagedSelector} queues its updates, rewritten here: producers add to
 * an {@link ArrayDeque} under a lock (Jetty's {@code AutoLock} is a {@code ReentrantLock}); the
 * selector thread swaps it, under the same lock, for the empty deque it drained last time, and runs
 * the tasks outside the lock. No allocation once the deques have grown; one lock acquisition per
 * offer and one per drain.
 */
final class LockedArrayDequeTaskQueue implements TaskQueue {

    private static final int INITIAL_CAPACITY = 1024;

    private final ReentrantLock lock = new ReentrantLock();
    /** Where producers add; guarded by {@link #lock}. */
    private ArrayDeque<Runnable> arriving = new ArrayDeque<>(INITIAL_CAPACITY);
    /** Owned by the selector thread between swaps. */
    private ArrayDeque<Runnable> draining = new ArrayDeque<>(INITIAL_CAPACITY);

    @Override
    public void offer(Runnable task) {
        lock.lock();
        try {
            arriving.offer(task);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int runQueued() {
        lock.lock();
        try {
            ArrayDeque<Runnable> arrived = arriving;
            arriving = draining;
            draining = arrived;
        } finally {
            lock.unlock();
        }
        int ran = 0;
        Runnable task;
        while ((task = draining.poll()) != null) {
            task.run();
            ran++;
        }
        return ran;
    }

    @Override
    public String toString() {
        lock.lock();
        try {
            return "LockedArrayDequeTaskQueue[arriving=" + arriving.size() + "]";
        } finally {
            lock.unlock();
        }
    }
}
