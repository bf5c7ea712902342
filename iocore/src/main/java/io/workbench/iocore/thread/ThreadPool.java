package io.workbench.iocore.thread;

import io.workbench.iocore.component.Dumpable;
import io.workbench.iocore.component.LifeCycle;
import java.util.concurrent.Executor;

/**
 * An {@link Executor} with a lifecycle, and with {@link #tryExecute(Runnable)}, the primitive the
 * adaptive strategy needs: hand a task to a thread that is idle right now, or not at all.
 */
public interface ThreadPool extends Executor, LifeCycle, Dumpable {

    /**
     * Runs {@code task} on a thread that is idle and waiting at this moment.
     *
     * @return true if such a thread took the task; false if none was waiting, in which case the
     *         task was neither queued nor run, and no thread was started for it
     */
    boolean tryExecute(Runnable task);

    /** @return the number of threads alive now */
    int getThreads();

    /** @return the number of threads waiting for a task now */
    int getIdleThreads();
}
