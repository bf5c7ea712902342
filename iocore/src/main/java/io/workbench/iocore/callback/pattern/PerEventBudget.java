package io.workbench.iocore.callback.pattern;

import java.util.concurrent.Executor;

/**
 * At most a fixed number of completion handlers run inline per event, then the next is
 * dispatched: the JDK's NIO2 {@code sun.nio.ch.Invoker} (property
 * {@code sun.nio.ch.maxCompletionHandlersOnStack}, default 16).
 *
 * <p>Unlike {@link DepthCountedRecursion} the count does not go down when a handler returns: it
 * is a budget for the whole event the thread is handling, reset only when the thread starts the
 * next event. Here an event begins whenever a thread enters the task with nothing of it on its
 * stack: the thread that calls {@link #run}, the completer delivering an asynchronous completion,
 * a pool thread running a dispatched write. (NIO2 itself always dispatches completions that occur
 * on threads outside the channel group; counting the starting thread as handling an event makes
 * every pattern start the same way.)
 */
public final class PerEventBudget extends WriteChain {

    /** The JDK default of {@code sun.nio.ch.maxCompletionHandlersOnStack}. */
    public static final int DEFAULT_BUDGET = 16;

    /** Per thread: [0] how many of the task's frames are on the stack, [1] handlers run inline in this event. */
    private static final ThreadLocal<int[]> EVENT = ThreadLocal.withInitial(() -> new int[2]);

    private final Executor dispatcher;
    private final int budget;
    private final Runnable dispatchedEvent = this::dispatchedEvent;

    public PerEventBudget(SimulatedChannel channel, Executor dispatcher) {
        this(channel, dispatcher, DEFAULT_BUDGET);
    }

    public PerEventBudget(SimulatedChannel channel, Executor dispatcher, int budget) {
        super(channel);
        if (budget < 0) {
            throw new IllegalArgumentException("budget must be >= 0, was " + budget);
        }
        this.dispatcher = dispatcher;
        this.budget = budget;
    }

    @Override
    protected void begin() {
        int[] event = EVENT.get();
        if (event[0] == 0) {
            event[1] = 0;
        }
        inEvent(event);
    }

    @Override
    public void succeeded() {
        int[] event = EVENT.get();
        if (event[0] == 0) {
            // Nothing of this task below us: a new event (an asynchronous completion).
            event[1] = 0;
        }
        if (event[1] < budget) {
            event[1]++;
            inEvent(event);
        } else {
            dispatcher.execute(dispatchedEvent);
        }
    }

    private void dispatchedEvent() {
        int[] event = EVENT.get();
        event[1] = 0;
        inEvent(event);
    }

    private void inEvent(int[] event) {
        event[0]++;
        try {
            writeNext();
        } finally {
            event[0]--;
        }
    }
}
