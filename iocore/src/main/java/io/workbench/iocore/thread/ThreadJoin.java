package io.workbench.iocore.thread;

import java.util.Collection;
import java.util.concurrent.TimeUnit;

/** Joining a pool's threads against one deadline, as both pools do when they stop. */
final class ThreadJoin {

    private ThreadJoin() {
    }

    /**
     * Joins each of the threads (a snapshot of {@code live}) until the deadline passes, then tells
     * whether none is left alive.
     *
     * @param live the pool's live threads; each thread removes itself when it ends
     * @return true if {@code live} is empty at the end; false if threads are left or the caller
     *         was interrupted (its interrupt status is restored)
     */
    static boolean until(Collection<Thread> live, long deadlineNanos) {
        for (Thread thread : live.toArray(new Thread[0])) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return live.isEmpty();
    }
}
