package io.workbench.targets.servlet;

import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What the three servlet containers have in common in the matrix: they run every strategy, the same
 * servlet the same way; only their thread pools differ, which each container names, and how it
 * deploys the servlet ({@link #start}).
 */
public abstract class ServletContainer implements ServerTechnology {

    /** Every strategy: the Servlet API has all the hand-offs they need. */
    public static final Set<Strategy> STRATEGIES = Collections.unmodifiableSet(EnumSet.allOf(Strategy.class));

    private final String name;
    private final String description;
    private final String blockingPool;
    private final String virtualPool;
    private final String asyncPool;

    /**
     * @param blockingPool the container's pool for a blocking strategy, e.g. "QueuedThreadPool, at most 10000"
     * @param virtualPool  how the container runs requests on virtual threads
     * @param asyncPool    the container's pool for an asynchronous strategy
     */
    protected ServletContainer(String name, String description, String blockingPool, String virtualPool, String asyncPool) {
        this.name = name;
        this.description = description;
        this.blockingPool = blockingPool;
        this.virtualPool = virtualPool;
        this.asyncPool = asyncPool;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Set<Strategy> strategies() {
        return STRATEGIES;
    }

    @Override
    public final String whyNot(Strategy strategy) {
        throw new IllegalArgumentException(name + " runs every strategy, " + strategy + " too");
    }

    @Override
    public String toString() {
        return name;
    }

    /** The {@code --list} line of a servlet cell. */
    @Override
    public final String howItRuns(Strategy strategy) {
        String scheduler = "the wait on the completion scheduler (one timer thread, responses on up to "
                + TargetSettings.ASYNC_MAX_THREADS + " threads started on demand)";
        String statsWaits = answersStatsBeforeDispatch() ? ""
                : "; /stats waits for a pool thread like any request (the pool reads every request)";
        return switch (strategy) {
            case SYNC -> "service() sleeps on a container thread (" + blockingPool + "); blocking ServletOutputStream writes"
                    + statsWaits;
            case VIRTUAL -> "the same servlet on virtual threads (" + virtualPool + "); blocking writes";
            case ASYNC_DISPATCH -> "startAsync(), AsyncContext.dispatch() to a container thread (" + blockingPool
                    + ") that sleeps; blocking writes" + statsWaits;
            case ASYNC_COMPLETE -> "startAsync(), a ForkJoinPool task, " + scheduler + ", write and complete(); "
                    + "/stream through a WriteListener (" + asyncPool + ")";
            case ASYNC_QUEUE -> "startAsync(), batches to a queue drained by " + Handoffs.QUEUE_THREADS + " threads, "
                    + scheduler + "; /stream through a WriteListener (" + asyncPool + ")";
            case WRITE_LISTENER -> "startAsync(), " + scheduler + ", then a WriteListener writes while isReady() ("
                    + asyncPool + ")";
        };
    }
}
