package io.workbench.targets.hello;

/**
 * The kinds of thread a request can be handled and completed on, the words a cell's card uses to
 * say where its work runs (and a test checks, cell by cell). A request read on an I/O thread and
 * completed on another kind of thread has crossed threads at least once.
 */
public enum ThreadKind {

    /** A thread of the server's I/O layer: a selector, an event loop, an XNIO I/O thread. */
    IO("I/O"),
    /** A thread of the server's own pool: its workers, its container threads ({@code QueuedThreadPool}, Tomcat's executor, XNIO's workers). */
    SERVER_POOL("server pool"),
    /** The strategy's own pool: async-complete's fork-join pool, async-queue's queue threads. */
    STRATEGY_POOL("strategy pool"),
    /** The target's wait timer, the one thread that keeps every wait. */
    TIMER("timer"),
    /** A virtual thread. */
    VIRTUAL("virtual");

    private final String words;

    ThreadKind(String words) {
        this.words = words;
    }

    /** How a card names it, e.g. {@code strategy pool}. */
    public String words() {
        return words;
    }

    @Override
    public String toString() {
        return words;
    }
}
