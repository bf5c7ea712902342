package io.workbench.targets.server;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.hello.ThreadKind;
import java.util.Locale;
import java.util.Set;

/**
 * One row group of the target matrix: a server technology that can run the hello contract under
 * some strategies. This is the one plug-in point of the {@code target} command: a new server is a
 * class implementing it, added to {@code ServerCatalog}; option handling, settings, the READY line,
 * signals and the stop sequence are shared.
 *
 * <p>A technology maps {@link TargetSettings} onto its own configuration, and wires every request
 * into {@link HelloService#handle} through a small {@link io.workbench.targets.hello.HelloExchange}
 * over its own request and response, running the handler where {@link Strategy#blocksThread()} and
 * {@link Strategy#onVirtualThreads()} say.
 */
public interface ServerTechnology {

    /** The name on the command line, e.g. {@code jetty-handler}. */
    String name();

    /** One line for {@code --help}: what the server is and how it is configured. */
    String description();

    /** The strategies this server can run; {@link #start} is only called with one of them. */
    Set<Strategy> strategies();

    /**
     * One line for {@code --list}: how this server runs {@code strategy}, one of {@link #strategies()}
     * (which threads, which API).
     */
    String howItRuns(Strategy strategy);

    /**
     * One line for {@code --list} and the refusal of the command: why this server does not run
     * {@code strategy}, one that is not in {@link #strategies()}. A cell is refused, never faked.
     */
    String whyNot(Strategy strategy);

    /**
     * True if the server answers {@code GET /stats} on the thread that read it (a selector, an event
     * loop, an I/O thread) before any blocking dispatch, so that it answers while every thread of a
     * blocking pool sleeps; false if the server hands every request to its pool before reading a
     * byte of it, so that {@code /stats} waits for a pool thread like any request (Tomcat).
     */
    default boolean answersStatsBeforeDispatch() {
        return true;
    }

    /**
     * The kind of thread this server calls the shared handling on for {@code strategy}, one it runs:
     * a virtual thread for {@code virtual}; a thread of its pool for {@code sync}, which a native
     * server's handler hands the request to from the I/O thread; the I/O thread that read the
     * request otherwise. A servlet container calls every servlet on a container thread.
     */
    default ThreadKind handledOn(Strategy strategy) {
        if (strategy.onVirtualThreads()) {
            return ThreadKind.VIRTUAL;
        }
        return strategy == Strategy.SYNC ? ThreadKind.SERVER_POOL : ThreadKind.IO;
    }

    /**
     * True if the server writes a connection's bytes only on that connection's I/O thread, so that a
     * response completed on another thread moves back there to be written (Netty's event loops); the
     * others write on the thread that completes the response.
     */
    default boolean writesOnItsIoThreadsOnly() {
        return false;
    }

    /**
     * True if an {@code AsyncContext.dispatch()} made on the container thread while it still runs
     * the request is carried out by that same thread once it returns, rather than by another one
     * (Jetty's and Tomcat's servlet containers: async-dispatch then crosses no thread, unless a sweep
     * hands the request off first); false if the dispatch goes to another thread of the pool.
     */
    default boolean redispatchesOnTheHandlingThread() {
        return false;
    }

    /**
     * The earliest point this server exposes of a request's arrival, in words, which a traced request
     * takes as its first read ({@code --trace}; the card says it): when it read the request's first
     * bytes, or the nearest point after that it lets a handler see.
     */
    String traceFirstRead();

    /** What this server says about itself in the card of {@code strategy}, one it runs ({@link CellCard}). */
    CellFacts facts(Strategy strategy);

    /** "at most 10,000" or "at most 100": the processing threads {@code strategy} is given. */
    static String threadLimit(Strategy strategy) {
        return "at most " + String.format(Locale.ROOT, "%,d", strategy.blocksThread()
                ? TargetSettings.BLOCKING_MAX_THREADS : TargetSettings.ASYNC_MAX_THREADS);
    }

    /**
     * Starts a server with {@code settings} answering through {@code hello}, and returns once it
     * accepts connections.
     *
     * @throws Exception if it cannot start (a {@link java.net.BindException} somewhere in the
     *                   causes when the address is in use); nothing it started is left running
     */
    RunningServer start(TargetSettings settings, HelloService hello) throws Exception;

    /**
     * @return true if this server's {@code /stream} gathers the chunks that fit under
     *         {@link TargetSettings#streamHighWater()} into one write (iocore); the others stream
     *         their own way, and the command refuses the setting for them
     */
    default boolean gathersStreamChunks() {
        return false;
    }
}
