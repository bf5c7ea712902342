package io.workbench.targets.servlet;

import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.hello.ThreadKind;
import io.workbench.targets.server.ServerTechnology;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What the three servlet containers have in common in the matrix: they run every strategy but
 * in-place, the same servlet the same way; only their thread pools differ, which each container names, and how it
 * deploys the servlet ({@link #start}).
 */
public abstract class ServletContainer implements ServerTechnology {

    /** Every strategy but in-place: the Servlet API has all the hand-offs they need. */
    public static final Set<Strategy> STRATEGIES = Collections.unmodifiableSet(EnumSet.complementOf(EnumSet.of(Strategy.IN_PLACE)));

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
        if (strategy == Strategy.IN_PLACE) {
            return "a servlet is called on a container thread, never on the I/O thread that read the request; "
                    + "the nearest is " + name + ":sync, whose zero wait answers on that container thread";
        }
        throw new IllegalArgumentException(name + " runs " + strategy);
    }

    /** A container calls every servlet on a container thread, or on a virtual thread for {@code virtual}. */
    @Override
    public final ThreadKind handledOn(Strategy strategy) {
        return strategy.onVirtualThreads() ? ThreadKind.VIRTUAL : ThreadKind.SERVER_POOL;
    }

    @Override
    public String toString() {
        return name;
    }

    /** The {@code --list} line of a servlet cell. */
    @Override
    public final String howItRuns(Strategy strategy) {
        String timer = "a wait is the wait timer";
        String statsWaits = answersStatsBeforeDispatch() ? ""
                : "; /stats waits for a pool thread like any request (the pool reads every request)";
        return switch (strategy) {
            case SYNC -> "service() sleeps on a container thread (" + blockingPool + "); blocking ServletOutputStream writes"
                    + statsWaits;
            case VIRTUAL -> "the same servlet on virtual threads (" + virtualPool + "); blocking writes";
            case ASYNC_DISPATCH -> "startAsync(), AsyncContext.dispatch() to a container thread (" + blockingPool
                    + ") that sleeps; blocking writes" + statsWaits;
            case ASYNC_COMPLETE -> "startAsync(), the fork-join pool writes and complete()s; " + timer
                    + ", handed back to the pool; /stream through a WriteListener (" + asyncPool + ")";
            case ASYNC_QUEUE -> "startAsync(), batches to a queue drained by " + Handoffs.QUEUE_THREADS + " threads, which "
                    + "write and complete(); " + timer + ", handed back to the queue; /stream through a WriteListener ("
                    + asyncPool + ")";
            case WRITE_LISTENER -> "startAsync(), a WriteListener writes while isReady(); " + timer
                    + ", handed back to the container by AsyncContext.start() (" + asyncPool + ")";
            case IN_PLACE -> throw new IllegalArgumentException(name + " does not run " + strategy);
        };
    }
}
