package io.workbench.targets.server;

import io.workbench.iocore.http.server.GatheringContentWriter;
import io.workbench.iocore.hello.HelloProtocol;
import io.workbench.targets.hello.Strategy;
import java.time.Duration;

/**
 * The settings every server technology starts from, written once so that the targets differ only
 * in the server, never in how it was configured. The values follow the benchmark the project
 * is built on (the 2016 study "Benchmarking High-Concurrency HTTP Servers on the JVM"):
 *
 * <ul>
 *   <li>host {@code 127.0.0.1} unless given (a literal IP address, never a name: a name resolved at
 *       start-up could listen somewhere the caller did not mean); port 0 (the kernel picks a free
 *       one) unless given;</li>
 *   <li>accept backlog 10,000 (Linux caps it at {@code net.core.somaxconn});</li>
 *   <li>{@code TCP_NODELAY} and {@code SO_REUSEADDR} set explicitly to true;</li>
 *   <li>thread limits biased towards thread-blocking strategies, as the study did: a strategy that
 *       blocks a thread per waiting request gets up to {@value #BLOCKING_MAX_THREADS} processing
 *       threads, an asynchronous one {@value #ASYNC_MAX_THREADS};</li>
 *   <li>I/O threads (selectors, event loops): one per available processor, so a server pinned with
 *       {@code taskset -c 0} runs one;</li>
 *   <li>Undertow, which splits its threads into I/O threads and workers, gets {@link #ioThreads()}
 *       I/O threads as every server and the whole limit as workers, where the study gave it half of
 *       the limit as each (5,000 I/O threads on one core cost its sync cells two context switches
 *       more per request: docs/servlet-targets.md says how that was measured);</li>
 *   <li>default wait 0 ms; no sweep (asynchronous requests are handed off at once).</li>
 * </ul>
 *
 * Two settings the study does not give, chosen once for all servers: connections idle (nothing
 * read) for {@link #DEFAULT_IDLE_TIMEOUT} are closed, and on SIGTERM in-flight requests get
 * {@link #DEFAULT_STOP_GRACE} to finish before every connection is closed.
 *
 * One setting belongs to one server: iocore's {@code /stream} gathers the chunks that fit under
 * {@link #streamHighWater()} bytes into one write ({@value #DEFAULT_STREAM_HIGH_WATER} unless
 * given: a size whose last loopback segment is not a runt); the other servers stream their own
 * way and have no such setting ({@link ServerTechnology#gathersStreamChunks()}).
 *
 * @param strategy          how the hello response spends the wait
 * @param host              the address to listen on
 * @param port              the port to listen on; 0 picks a free one
 * @param defaultWaitMillis the wait of {@code /hello} without {@code ?wait=}
 * @param backlog           the accept queue length asked for
 * @param tcpNoDelay        {@code TCP_NODELAY} on accepted connections
 * @param reuseAddress      {@code SO_REUSEADDR} on the listening socket
 * @param ioThreads         selector / event-loop threads
 * @param idleTimeout       a connection with nothing to read for this long is closed
 * @param stopGrace         how long a stopping target lets in-flight requests finish
 * @param sweepMillis       0, or the period of the study's sweep of parked asynchronous requests
 *                          ({@link io.workbench.targets.hello.Handoffs})
 * @param blockingThreads   the processing threads of a strategy that blocks a platform thread per
 *                          waiting request ({@value #BLOCKING_MAX_THREADS}; tests use a few)
 * @param asyncThreads      the processing threads of the other strategies ({@value #ASYNC_MAX_THREADS})
 * @param streamHighWater   the most bytes of {@code /stream} chunks one write gathers, on a server
 *                          that gathers them (iocore)
 * @param trace             whether requests that carry a trace id are stamped and served by
 *                          {@code GET /trace} ({@link io.workbench.targets.trace.TraceRecorder}); off,
 *                          the id is never looked at
 */
public record TargetSettings(Strategy strategy, String host, int port, long defaultWaitMillis, int backlog,
                             boolean tcpNoDelay, boolean reuseAddress, int ioThreads,
                             Duration idleTimeout, Duration stopGrace, long sweepMillis,
                             int blockingThreads, int asyncThreads, int streamHighWater, boolean trace) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_BACKLOG = 10_000;
    /** 896 KiB: 56 of the contract's default 16 KiB chunks a write ({@link GatheringContentWriter#DEFAULT_HIGH_WATER} says why). */
    public static final int DEFAULT_STREAM_HIGH_WATER = GatheringContentWriter.DEFAULT_HIGH_WATER;
    /** 64 MiB: 64 of the contract's largest chunks, as many as one write takes. */
    public static final int MAX_STREAM_HIGH_WATER = 64 << 20;
    public static final int BLOCKING_MAX_THREADS = 10_000;
    public static final int ASYNC_MAX_THREADS = 100;
    /**
     * Long enough for {@code bench/idle-connections.sh} to hold its connections idle through every
     * phase (a minute was not: Jetty closed them mid-run); short enough that a forgotten client
     * does not hold a descriptor for ever.
     */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(5);
    /** Longer than the 1 s wait of the study's slowest scenario, so its requests can finish. */
    public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(2);
    /** The longest sweep period accepted: a minute, far beyond the study's 10 ms. */
    public static final long MAX_SWEEP_MILLIS = 60_000;

    public TargetSettings {
        if (strategy == null || host == null || idleTimeout == null || stopGrace == null) {
            throw new IllegalArgumentException("strategy, host, idle timeout and stop grace are required");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be in [0, 65535], was " + port);
        }
        if (defaultWaitMillis < 0 || defaultWaitMillis > HelloProtocol.MAX_WAIT_MILLIS) {
            throw new IllegalArgumentException("wait must be in [0, " + HelloProtocol.MAX_WAIT_MILLIS + "] ms, was " + defaultWaitMillis);
        }
        if (backlog < 1 || ioThreads < 1) {
            throw new IllegalArgumentException("backlog and I/O threads must be positive, were " + backlog + " and " + ioThreads);
        }
        if (sweepMillis < 0 || sweepMillis > MAX_SWEEP_MILLIS) {
            throw new IllegalArgumentException("sweep must be in [0, " + MAX_SWEEP_MILLIS + "] ms, was " + sweepMillis);
        }
        if (idleTimeout.isNegative() || idleTimeout.isZero() || stopGrace.isNegative()) {
            throw new IllegalArgumentException("idle timeout must be positive and stop grace not negative");
        }
        if (blockingThreads < 1 || asyncThreads < 1) {
            throw new IllegalArgumentException("thread limits must be positive, were " + blockingThreads + " and " + asyncThreads);
        }
        if (streamHighWater < 1 || streamHighWater > MAX_STREAM_HIGH_WATER) {
            throw new IllegalArgumentException("the stream high-water mark must be in [1, " + MAX_STREAM_HIGH_WATER
                    + "] bytes, was " + streamHighWater);
        }
    }

    /** The study's settings for {@code strategy}, listening on {@code port} with {@code defaultWaitMillis}. */
    public static TargetSettings of(Strategy strategy, int port, long defaultWaitMillis) {
        return new TargetSettings(strategy, DEFAULT_HOST, port, defaultWaitMillis, DEFAULT_BACKLOG, true, true,
                Runtime.getRuntime().availableProcessors(), DEFAULT_IDLE_TIMEOUT, DEFAULT_STOP_GRACE, 0,
                BLOCKING_MAX_THREADS, ASYNC_MAX_THREADS, DEFAULT_STREAM_HIGH_WATER, false);
    }

    /**
     * The most threads the server may use to run handlers: {@link #blockingThreads()}
     * ({@value #BLOCKING_MAX_THREADS}) for a strategy that blocks a platform thread per waiting
     * request, {@link #asyncThreads()} ({@value #ASYNC_MAX_THREADS}) otherwise. Virtual threads are
     * not bounded by it.
     */
    public int maxProcessingThreads() {
        return strategy.blocksThread() ? blockingThreads : asyncThreads;
    }

    /**
     * @return a copy listening on {@code newHost}, which must be a literal IPv4 or IPv6 address
     * @throws IllegalArgumentException for a name or anything else that is not an address
     */
    public TargetSettings withHost(String newHost) {
        if (newHost == null || !isLiteralAddress(newHost)) {
            throw new IllegalArgumentException("host must be a literal IP address (e.g. 127.0.0.1), was '" + newHost + "'");
        }
        return new TargetSettings(strategy, newHost, port, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, idleTimeout, stopGrace, sweepMillis, blockingThreads, asyncThreads, streamHighWater, trace);
    }

    /** True for a dotted IPv4 address or an IPv6 address, checked without any name lookup. */
    static boolean isLiteralAddress(String host) {
        if (host.matches("(\\d{1,3})(\\.\\d{1,3}){3}")) {
            for (String part : host.split("\\.")) {
                if (Integer.parseInt(part) > 255) {
                    return false;
                }
            }
            return true;
        }
        // An IPv6 literal holds a colon and only hex digits, colons and dots (an embedded IPv4 tail).
        return host.contains(":") && host.matches("[0-9A-Fa-f:.]+");
    }

    /** @return a copy listening on {@code newPort} */
    public TargetSettings withPort(int newPort) {
        return new TargetSettings(strategy, host, newPort, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, idleTimeout, stopGrace, sweepMillis, blockingThreads, asyncThreads, streamHighWater, trace);
    }

    /** @return a copy that sweeps parked asynchronous requests every {@code millis} (0: hand them off at once) */
    public TargetSettings withSweepMillis(long millis) {
        return new TargetSettings(strategy, host, port, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, idleTimeout, stopGrace, millis, blockingThreads, asyncThreads, streamHighWater, trace);
    }

    /** @return a copy that closes connections idle for {@code timeout} (tests use a second) */
    public TargetSettings withIdleTimeout(Duration timeout) {
        return new TargetSettings(strategy, host, port, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, timeout, stopGrace, sweepMillis, blockingThreads, asyncThreads, streamHighWater, trace);
    }

    /** @return a copy that gives in-flight requests {@code grace} when it stops (tests use a moment) */
    public TargetSettings withStopGrace(Duration grace) {
        return new TargetSettings(strategy, host, port, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, idleTimeout, grace, sweepMillis, blockingThreads, asyncThreads, streamHighWater, trace);
    }

    /** @return a copy whose pools hold at most {@code blocking} and {@code async} processing threads (tests use a few) */
    public TargetSettings withThreadLimits(int blocking, int async) {
        return new TargetSettings(strategy, host, port, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, idleTimeout, stopGrace, sweepMillis, blocking, async, streamHighWater, trace);
    }

    /** @return a copy whose {@code /stream} gathers up to {@code bytes} of chunks a write, on a server that gathers them */
    public TargetSettings withStreamHighWater(int bytes) {
        return new TargetSettings(strategy, host, port, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, idleTimeout, stopGrace, sweepMillis, blockingThreads, asyncThreads, bytes, trace);
    }

    /** @return a copy that traces the requests that carry a trace id ({@code --trace}), or not */
    public TargetSettings withTrace(boolean on) {
        return new TargetSettings(strategy, host, port, defaultWaitMillis, backlog, tcpNoDelay, reuseAddress,
                ioThreads, idleTimeout, stopGrace, sweepMillis, blockingThreads, asyncThreads, streamHighWater, on);
    }
}
