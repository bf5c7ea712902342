package io.workbench.iocore.callback.pattern;

import java.util.concurrent.Executor;

/**
 * Recurse while this thread's nesting is below a limit, then fork to an executor: the approach
 * of Jetty 8's {@code ForkInvoker} (Jetty 9.0-9.2 kept it for some paths). The nesting count goes
 * back down as calls return, so it bounds the depth of the stack, not the number of inline calls.
 * Each bounded run of recursion is paid for with a deep-ish stack, and each fork with a hop.
 */
public final class DepthCountedRecursion extends WriteChain {

    /** Jetty 8 forked after a small fixed nesting; 16 also matches the NIO2 budget, for a fair comparison. */
    public static final int DEFAULT_MAX_DEPTH = 16;

    private static final ThreadLocal<int[]> NESTING = ThreadLocal.withInitial(() -> new int[1]);

    private final Executor dispatcher;
    private final int maxDepth;

    public DepthCountedRecursion(SimulatedChannel channel, Executor dispatcher) {
        this(channel, dispatcher, DEFAULT_MAX_DEPTH);
    }

    public DepthCountedRecursion(SimulatedChannel channel, Executor dispatcher, int maxDepth) {
        super(channel);
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be >= 1, was " + maxDepth);
        }
        this.dispatcher = dispatcher;
        this.maxDepth = maxDepth;
    }

    @Override
    public void succeeded() {
        int[] nesting = NESTING.get();
        if (nesting[0] < maxDepth) {
            nesting[0]++;
            try {
                writeNext();
            } finally {
                nesting[0]--;
            }
        } else {
            dispatcher.execute(writeNextTask);
        }
    }
}
