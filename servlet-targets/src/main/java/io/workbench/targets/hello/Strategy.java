package io.workbench.targets.hello;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a hello target spends the wait W before it answers, and how it writes a stream: the strategy
 * axis of the target matrix, brought from the 2016 study of JVM HTTP servers to today's. Each
 * strategy is written here once, independent of the server, against {@link HelloExchange} and the
 * target's {@link Handoffs}; a server technology says which strategies it offers and runs the
 * handler where the strategy needs it ({@link #blocksThread()}, {@link #onVirtualThreads()}).
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
            handoffs.handOff(() -> exchange.dispatch(() -> sleepThenSend(exchange, waitMillis)));
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(() -> exchange.dispatch(() -> exchange.stream(body, WriteMode.BLOCKING)));
        }
    },

    /**
     * The handler returns at once; the response is sent after W by a scheduler (a zero wait sends it
     * right away). No thread sleeps. On a servlet container: {@code startAsync()}, a fork-join pool
     * task, the completion scheduled on {@link Handoffs#schedule}, then write and {@code complete()};
     * a server whose handler is asynchronous by nature starts in place and uses its own scheduler.
     */
    ASYNC_COMPLETE("async-complete",
            "returns at once; the server's scheduler sends the response after the wait, no thread blocked",
            false, false, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(() -> exchange.asyncExecutor().execute(
                    () -> completeAfter(exchange, waitMillis, WriteMode.BLOCKING)));
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(() -> exchange.asyncExecutor().execute(
                    () -> exchange.stream(body, WriteMode.NON_BLOCKING)));
        }
    },

    /**
     * {@code startAsync()}; requests go in batches to a queue drained by three threads, each running
     * a batch in order; a wait is completed from the completion scheduler (the study's "FJP / queue").
     */
    ASYNC_QUEUE("async-queue",
            "startAsync(); batches go to a queue drained by 3 threads; the wait is scheduled, none blocks",
            false, false, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.enqueue(() -> completeAfter(exchange, waitMillis, WriteMode.BLOCKING));
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.enqueue(() -> exchange.stream(body, WriteMode.NON_BLOCKING));
        }
    },

    /**
     * {@code startAsync()} and Servlet 3.1's {@code WriteListener}: the body is written only while
     * {@code isReady()} is true, continuing in {@code onWritePossible()}; a wait is scheduled first.
     */
    WRITE_LISTENER("write-listener",
            "startAsync(), then a WriteListener writes only while isReady(); no thread blocked",
            false, false, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(() -> completeAfter(exchange, waitMillis, WriteMode.NON_BLOCKING));
        }

        @Override
        void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs) {
            exchange.startAsync();
            handoffs.handOff(() -> exchange.stream(body, WriteMode.NON_BLOCKING));
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
     * strategy writes on a thread that may wait, an asynchronous one never makes a thread wait.
     */
    abstract void stream(HelloExchange exchange, StreamBody body, Handoffs handoffs);

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

    /** The strategy called {@code cliName} on the command line, if there is one. */
    public static Optional<Strategy> byName(String cliName) {
        return Arrays.stream(values()).filter(strategy -> strategy.cliName.equals(cliName)).findFirst();
    }

    private static void completeAfter(HelloExchange exchange, long waitMillis, WriteMode mode) {
        if (waitMillis == 0) {
            exchange.send(Reply.HELLO, mode);
        } else {
            exchange.schedule(() -> exchange.send(Reply.HELLO, mode), waitMillis);
        }
    }

    /**
     * Sleeps the wait, then sends. A zero wait does not call {@code Thread.sleep(0)}, which is not
     * free: a {@code sched_yield} system call on a platform thread, an unmount and a re-queue on a
     * virtual one, a cost per request that the asynchronous strategies, which skip a zero wait, do
     * not pay.
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
