package io.workbench.iocore.callback.pattern;

import io.workbench.iocore.callback.Callback;

/**
 * One way to perform a task of many asynchronous writes, one after another, over a
 * {@link SimulatedChannel}: the next write starts only when the previous one has completed.
 *
 * <p>A pattern instance holds the reusable state of one task, so a steady stream of tasks
 * allocates nothing on its own account: call {@link #run} again only after the previous
 * task's {@code done} has been completed.
 */
public interface CompletionPattern {

    /**
     * Writes {@code operations} times and then completes {@code done} exactly once: succeeded if
     * every write succeeded, failed with the first failure otherwise. May return before the task
     * is finished (when a write completes asynchronously).
     */
    void run(int operations, Callback done);
}
