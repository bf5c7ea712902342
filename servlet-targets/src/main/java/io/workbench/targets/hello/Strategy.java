package io.workbench.targets.hello;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a hello target spends the wait W before it answers: the strategy axis of the target matrix
 * (DESIGN.md, servlet-targets). Each strategy is written here once, independent of the server;
 * a server technology only says which strategies it offers and runs the handler where the
 * strategy needs it ({@link #blocksThread()}, {@link #onVirtualThreads()}).
 *
 * <p>Only the strategies some server can run are listed; the rest of the DESIGN.md table
 * (async-dispatch, async-queue, write-listener) belongs to the servlet targets and arrives with them.
 */
public enum Strategy {

    /**
     * The handler returns at once; the server's scheduler sends the response after W (a zero wait
     * sends it right away, on the thread that handled the request). No thread is blocked.
     */
    ASYNC_COMPLETE("async-complete",
            "returns at once; the server's scheduler sends the response after the wait, no thread blocked",
            false, false) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Runnable whenDone) {
            if (waitMillis == 0) {
                exchange.send(Reply.HELLO, whenDone);
            } else {
                exchange.schedule(() -> exchange.send(Reply.HELLO, whenDone), waitMillis);
            }
        }
    },

    /** The handler sleeps W on the thread that runs it, a platform thread of the server's bounded pool. */
    SYNC("sync", "sleeps the wait on a platform thread of the server's bounded pool, then responds", true, false) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Runnable whenDone) {
            sleepThenSend(exchange, waitMillis, whenDone);
        }
    },

    /** The same code as {@link #SYNC}, run by the server on virtual threads. */
    VIRTUAL("virtual", "as sync, on virtual threads (the server's pool is virtual)", true, true) {
        @Override
        void respond(HelloExchange exchange, long waitMillis, Runnable whenDone) {
            sleepThenSend(exchange, waitMillis, whenDone);
        }
    };

    private final String cliName;
    private final String summary;
    private final boolean blocksThread;
    private final boolean onVirtualThreads;

    Strategy(String cliName, String summary, boolean blocksThread, boolean onVirtualThreads) {
        this.cliName = cliName;
        this.summary = summary;
        this.blocksThread = blocksThread;
        this.onVirtualThreads = onVirtualThreads;
    }

    /**
     * Answers {@code GET /hello} after {@code waitMillis}.
     *
     * @param whenDone passed on to {@link HelloExchange#send}, to be run once the response is finished
     */
    abstract void respond(HelloExchange exchange, long waitMillis, Runnable whenDone);

    /** The name on the command line, e.g. {@code async-complete}. */
    public String cliName() {
        return cliName;
    }

    /** One line for {@code --help}. */
    public String summary() {
        return summary;
    }

    /** True if the handler holds its thread for the whole wait, so the server must run it on a pool that may block. */
    public boolean blocksThread() {
        return blocksThread;
    }

    /** True if the server must run the handler on virtual threads. */
    public boolean onVirtualThreads() {
        return onVirtualThreads;
    }

    /** The strategy called {@code cliName} on the command line, if there is one. */
    public static Optional<Strategy> byName(String cliName) {
        return Arrays.stream(values()).filter(strategy -> strategy.cliName.equals(cliName)).findFirst();
    }

    private static void sleepThenSend(HelloExchange exchange, long waitMillis, Runnable whenDone) {
        try {
            Thread.sleep(waitMillis);
        } catch (InterruptedException stopping) {
            // The server is stopping and interrupts its workers: answer now rather than never,
            // so that the request is still completed (and counted) exactly once.
            Thread.currentThread().interrupt();
        }
        exchange.send(Reply.HELLO, whenDone);
    }

    @Override
    public String toString() {
        return cliName;
    }
}
