package io.workbench.targets.servlet;

import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.TargetSettings;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What the three servlet containers have in common in the matrix: they run every strategy, the same
 * servlet the same way; only their thread pools differ, which each container names.
 */
public final class ServletCells {

    /** Every strategy: the Servlet API has all the hand-offs they need. */
    public static final Set<Strategy> STRATEGIES = Collections.unmodifiableSet(EnumSet.allOf(Strategy.class));

    private ServletCells() {
    }

    /**
     * The {@code --list} line of a servlet cell.
     *
     * @param blockingPool the container's pool for a blocking strategy, e.g. "QueuedThreadPool, max 10,000"
     * @param virtualPool  how the container runs requests on virtual threads
     * @param asyncPool    the container's pool for an asynchronous strategy
     */
    public static String howItRuns(Strategy strategy, String blockingPool, String virtualPool, String asyncPool) {
        String scheduler = "the wait on the completion scheduler (threads on demand, at most "
                + TargetSettings.ASYNC_MAX_THREADS + ")";
        return switch (strategy) {
            case SYNC -> "service() sleeps on a container thread (" + blockingPool + "); blocking ServletOutputStream writes";
            case VIRTUAL -> "the same servlet on virtual threads (" + virtualPool + "); blocking writes";
            case ASYNC_DISPATCH -> "startAsync(), AsyncContext.dispatch() to a container thread (" + blockingPool
                    + ") that sleeps; blocking writes";
            case ASYNC_COMPLETE -> "startAsync(), a ForkJoinPool task, " + scheduler + ", write and complete(); "
                    + "/stream through a WriteListener (" + asyncPool + ")";
            case ASYNC_QUEUE -> "startAsync(), batches to a queue drained by " + Handoffs.QUEUE_THREADS + " threads, "
                    + scheduler + "; /stream through a WriteListener (" + asyncPool + ")";
            case WRITE_LISTENER -> "startAsync(), " + scheduler + ", then a WriteListener writes while isReady() ("
                    + asyncPool + ")";
        };
    }
}
