package io.workbench.targets.hello;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a hello target spends the wait W before it answers, and how it writes a stream: the strategy
 * axis of the target matrix, brought from the 2016 study of JVM HTTP servers to today's. Each
 * strategy is written here once, independent of the server, against {@link HelloExchange} and the
 * target's {@link Handoffs}, so that it does the same work on every server that runs it: the same
 * hand-offs, the same pools, the same timer. A server technology only says which strategies it
 * offers and runs the handler where the strategy needs it ({@link #blocksThread()},
 * {@link #onVirtualThreads()}, {@link #inPlace()}).
 *
 * <p>Every hand-off runs under its request ({@link Handoffs#guarded}): whatever a strategy's task
 * throws, on whatever thread, aborts the request, which still ends, counted once.
 *
 * <p>The study's asynchronous handlers parked every request in an array swept every 10 ms; here
 * every hand-off of an asynchronous strategy goes through {@link Handoffs#handOff} (or
 * {@link Handoffs#enqueue}), which does the same with {@code --sweep-ms N} and nothing by default.
 */
public enum Strategy {

    /** The handler sleeps W on the thread that runs it, a platform thread of the server's bounded pool. */
    SYNC("sync", "sleeps the wait on a platform thread of the server's bounded pool, then responds", true, false, false) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            sleepThenSend(exchange, waitMillis);
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.stream(body, WriteMode.BLOCKING);
        }

        @Override
        public List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits) {
            return List.of(entry);
        }
    },

    /** The same code as {@link #SYNC}, run by the server on virtual threads. */
    VIRTUAL("virtual", "as sync, on virtual threads (the server's pool is virtual)", true, true, false) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            sleepThenSend(exchange, waitMillis);
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.stream(body, WriteMode.BLOCKING);
        }

        @Override
        public List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits) {
            return List.of(entry);
        }
    },

    /**
     * {@code startAsync()}, then {@code AsyncContext.dispatch()} back to a container thread that
     * sleeps W and writes (the study's "Async (dispatch)").
     */
    ASYNC_DISPATCH("async-dispatch",
            "startAsync(), then dispatch() to a container thread that sleeps the wait and responds",
            true, false, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(exchange, () -> exchange.dispatch(Handoffs.guarded(exchange, () -> sleepThenSend(exchange, waitMillis))));
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(exchange, () -> exchange.dispatch(Handoffs.guarded(exchange,
                    () -> exchange.stream(body, WriteMode.BLOCKING))));
        }

        @Override
        public List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits) {
            return List.of(entry, ThreadKind.SERVER_POOL);
        }
    },

    /**
     * {@code startAsync()}, then the request is handed to the strategy's fork-join pool, and the
     * response is completed from there, a zero wait included (the study's FJP strategy); a wait is
     * the wait timer, whose expiry hands the request to the same pool. No thread sleeps. The same on
     * every server, whatever its handler API.
     */
    ASYNC_COMPLETE("async-complete",
            "startAsync(); the fork-join pool responds; a wait is the timer, handed back to the pool",
            false, false, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(exchange, () -> handoffs.toPool(exchange, () -> {
                if (waitMillis == 0) {
                    exchange.send(Reply.HELLO);
                } else {
                    handoffs.afterWait(exchange, waitMillis, () -> handoffs.toPool(exchange, () -> exchange.send(Reply.HELLO)));
                }
            }));
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(exchange, () -> handoffs.toPool(exchange, () -> exchange.stream(body, WriteMode.NON_BLOCKING)));
        }

        @Override
        public List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits) {
            return waits ? List.of(entry, ThreadKind.STRATEGY_POOL, ThreadKind.TIMER, ThreadKind.STRATEGY_POOL)
                    : List.of(entry, ThreadKind.STRATEGY_POOL);
        }
    },

    /**
     * {@code startAsync()}; requests go in batches to a queue drained by three threads, each running
     * a batch in order; a wait is the wait timer, whose expiry hands the request back to the queue
     * (the study's "FJP / queue").
     */
    ASYNC_QUEUE("async-queue",
            "startAsync(); a queue drained by 3 threads responds; a wait is the timer, handed back",
            false, false, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.enqueue(exchange, () -> {
                if (waitMillis == 0) {
                    exchange.send(Reply.HELLO);
                } else {
                    handoffs.afterWait(exchange, waitMillis, () -> handoffs.toPool(exchange, () -> exchange.send(Reply.HELLO)));
                }
            });
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.enqueue(exchange, () -> exchange.stream(body, WriteMode.NON_BLOCKING));
        }

        @Override
        public List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits) {
            return waits ? List.of(entry, ThreadKind.STRATEGY_POOL, ThreadKind.TIMER, ThreadKind.STRATEGY_POOL)
                    : List.of(entry, ThreadKind.STRATEGY_POOL);
        }
    },

    /**
     * {@code startAsync()} and Servlet 3.1's {@code WriteListener}: the body is written only while
     * {@code isReady()} is true, continuing in {@code onWritePossible()}. The listener is set on a
     * container thread: the one handling the request, or after a wait (the wait timer) the one
     * {@code AsyncContext.start()} hands the request back to.
     */
    WRITE_LISTENER("write-listener",
            "startAsync(); a WriteListener writes while isReady(); a wait is the timer",
            false, false, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(exchange, () -> {
                if (waitMillis == 0) {
                    exchange.send(Reply.HELLO, WriteMode.NON_BLOCKING);
                } else {
                    handoffs.afterWait(exchange, waitMillis, () -> exchange.resume(Handoffs.guarded(exchange,
                            () -> exchange.send(Reply.HELLO, WriteMode.NON_BLOCKING))));
                }
            });
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(exchange, () -> exchange.stream(body, WriteMode.NON_BLOCKING));
        }

        @Override
        public List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits) {
            return waits ? List.of(entry, ThreadKind.TIMER, ThreadKind.SERVER_POOL) : List.of(entry);
        }
    },

    /**
     * The response is written on the I/O thread that read the request, with no hand-off at all: a
     * native server's own fast path. A wait is the wait timer, whose thread sends the response
     * (a non-blocking write: the server takes it from there). Offered by the servers whose handler
     * is called on an I/O thread (iocore, Jetty's core handler, Netty, Undertow's handler); a
     * servlet is called on a container thread, never in place.
     */
    IN_PLACE("in-place",
            "answers on the I/O thread that read the request, no hand-off; a wait is the timer",
            false, false, false) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            if (waitMillis == 0) {
                exchange.send(Reply.HELLO);
            } else {
                handoffs.afterWait(exchange, waitMillis, () -> exchange.send(Reply.HELLO));
            }
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.stream(body, WriteMode.NON_BLOCKING);
        }

        @Override
        public List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits) {
            return waits ? List.of(entry, ThreadKind.TIMER) : List.of(entry);
        }
    };

    private final String cliName;
    private final String summary;
    private final boolean blocksThread;
    private final boolean onVirtualThreads;
    private final boolean asynchronous;

    Strategy(String cliName, String summary, boolean blocksThread, boolean onVirtualThreads, boolean asynchronous) {
        this.cliName = cliName;
        this.summary = summary;
        this.blocksThread = blocksThread;
        this.onVirtualThreads = onVirtualThreads;
        this.asynchronous = asynchronous;
    }

    /** Answers {@code GET /hello} after {@code waitMillis} (a zero wait: without waiting at all). */
    abstract void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs);

    /**
     * Answers {@code GET /stream} with {@code body}, as fast as the client reads: a blocking
     * strategy writes on a thread that may wait, the others never make a thread wait.
     */
    abstract void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs);

    /**
     * The kinds of thread a {@code /hello} goes through in this strategy's code, from the thread the
     * handling starts on ({@code entry}: where the server calls the shared handling) to the one that
     * completes the response (sends it), each a hand-off from the one before: what a cell's card
     * says, and a test checks at both ends.
     *
     * @param waits true for a wait above zero
     */
    public abstract List<ThreadKind> threadsFrom(ThreadKind entry, boolean waits);

    /** The name on the command line, e.g. {@code async-complete}. */
    public String cliName() {
        return cliName;
    }

    /** One line for {@code --help}. */
    public String summary() {
        return summary;
    }

    /**
     * True if a thread of the server's pool is held for the whole wait (sync, virtual, and
     * async-dispatch's dispatched thread), so the server must run it on a pool that may block.
     */
    public boolean blocksThread() {
        return blocksThread;
    }

    /** True if the server must run the handler on virtual threads. */
    public boolean onVirtualThreads() {
        return onVirtualThreads;
    }

    /** True if the strategy detaches the request from the handling thread ({@code startAsync()}) and hands it off. */
    public boolean isAsynchronous() {
        return asynchronous;
    }

    /** True if the server must call the handling on the I/O thread that read the request, and nowhere else. */
    public boolean inPlace() {
        return this == IN_PLACE;
    }

    /** True if the strategy's waits are kept by the wait timer ({@link Handoffs#afterWait}) rather than slept. */
    public boolean waitsOnTheTimer() {
        return !blocksThread;
    }

    /** The strategy called {@code cliName} on the command line, if there is one. */
    public static Optional<Strategy> byName(String cliName) {
        return Arrays.stream(values()).filter(strategy -> strategy.cliName.equals(cliName)).findFirst();
    }

    /**
     * Sleeps the wait, then sends. A zero wait does not call {@code Thread.sleep(0)}, which is not
     * free: a {@code sched_yield} system call on a platform thread, an unmount and a re-queue on a
     * virtual one, a cost per request that the other strategies, which skip a zero wait, do not pay.
     */
    private static void sleepThenSend(HelloExchange exchange, long waitMillis) {
        if (waitMillis > 0) {
            try {
                Thread.sleep(waitMillis);
            } catch (InterruptedException stopping) {
                // The server is stopping and interrupts its workers: answer now rather than never,
                // so that the request is still completed (and counted) exactly once.
                Thread.currentThread().interrupt();
            }
        }
        exchange.send(Reply.HELLO);
    }

    @Override
    public String toString() {
        return cliName;
    }
}
