package io.workbench.targets.iocore;

import io.workbench.iocore.http.server.HttpServer;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.selector.ServerConnector;
import io.workbench.iocore.thread.BoundedThreadPool;
import io.workbench.iocore.thread.ExecutionStrategy;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code iocore}: the workbench's own HTTP/1.1 server ({@link HttpServer}) on its hand-written
 * selector layer.
 *
 * <p>How each strategy runs, and why: the handler ({@link IocoreHelloHandler}) is {@code NON_BLOCKING}
 * in every cell, so iocore reads each request and calls it in place on the selector thread, where
 * {@code /stats} is answered. The selectors run on the manager's platform pool (one thread per
 * selector and one spare, for the adaptive hand-off of production), whatever the strategy.
 * <ul>
 *   <li>{@code in-place}: the request is answered on the selector thread; a wait is the target's
 *       wait timer, whose thread writes.</li>
 *   <li>{@code async-complete}: handed from the selector to the target's fork-join pool, which
 *       writes; a wait is the timer, whose expiry goes back to the pool.</li>
 *   <li>{@code sync}: handed from the selector to a worker pool of the target's own (an iocore
 *       {@link BoundedThreadPool} of at most {@link TargetSettings#maxProcessingThreads()} threads,
 *       apart from the selectors, as every other server's workers are), where it sleeps the wait.</li>
 *   <li>{@code virtual}: the same hand-off to a virtual thread per request (the manager's virtual
 *       workers, produce-execute-consume).</li>
 * </ul>
 * {@code /stream} is an {@link IocoreStream}, an {@code IteratingCallback} over the response's
 * writes that gathers the chunks fitting under {@link TargetSettings#streamHighWater()} (896 KiB by
 * default) into one {@code EndPoint.write}, whatever the strategy.
 * Listening address, backlog, {@code TCP_NODELAY}, {@code SO_REUSEADDR}, selector count and idle
 * timeout come from {@link TargetSettings}. Responses carry {@code Date}, as every target's do.
 */
public final class IocoreTechnology implements ServerTechnology {

    /** Name prefix of the selector threads (the manager's pool): the I/O threads. */
    static final String SELECTOR_THREADS = "iocore";
    /** Name prefix of the sync cell's workers. */
    static final String WORKER_THREADS = "iocore-worker";

    @Override
    public String name() {
        return "iocore";
    }

    @Override
    public String description() {
        return "iocore's own HttpServer on its NIO selectors; the handler is called in place on the selector";
    }

    @Override
    public Set<Strategy> strategies() {
        return Set.of(Strategy.IN_PLACE, Strategy.ASYNC_COMPLETE, Strategy.SYNC, Strategy.VIRTUAL);
    }

    @Override
    public String howItRuns(Strategy strategy) {
        return switch (strategy) {
            case SYNC -> "a NON_BLOCKING Handler, called on the selector thread that read the request, answers /stats "
                    + "there and hands the others to a worker pool (at most " + TargetSettings.BLOCKING_MAX_THREADS
                    + "), whose thread sleeps the wait";
            case VIRTUAL -> "the same Handler hands each request but /stats to a virtual thread, which sleeps the wait";
            case ASYNC_COMPLETE -> "a NON_BLOCKING Handler on the selector thread hands the request to the fork-join pool, "
                    + "which writes; a wait is the wait timer, handed back to the pool";
            case IN_PLACE -> "a NON_BLOCKING Handler answers on the selector thread that read the request; a wait is "
                    + "the wait timer, whose thread writes";
            default -> throw new IllegalArgumentException(name() + " does not run " + strategy);
        };
    }

    @Override
    public String whyNot(Strategy strategy) {
        return switch (strategy) {
            case ASYNC_DISPATCH -> "iocore's Handler has no startAsync()/dispatch() pair; iocore:sync already hands each "
                    + "request from the selector to the worker pool, where it sleeps: what this cell would be";
            case ASYNC_QUEUE -> "the study's batch queue is a servlet/Undertow row; iocore hands requests to a pool in "
                    + "iocore:async-complete";
            case WRITE_LISTENER -> "WriteListener is a Servlet 3.1 API; iocore always writes through Callbacks, and its "
                    + "/stream is the IteratingCallback this cell would be";
            default -> throw new IllegalArgumentException(name() + " runs " + strategy);
        };
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        Strategy strategy = settings.strategy();
        int selectors = settings.ioThreads();
        SelectorManager.Config threads = SelectorManager.Config.defaults()
                .withName(SELECTOR_THREADS)
                .withSelectors(selectors)
                .withIdleTimeoutMillis(settings.idleTimeout().toMillis())
                .withMaxThreads(selectors + 1);
        threads = strategy.onVirtualThreads()
                ? threads.withWorkers(SelectorManager.Workers.VIRTUAL).withStrategy(ExecutionStrategy.Kind.PRODUCE_EXECUTE_CONSUME)
                : threads.withWorkers(SelectorManager.Workers.PLATFORM).withStrategy(ExecutionStrategy.Kind.ADAPTIVE);
        ServerConnector.Config listen = new ServerConnector.Config(settings.host(), settings.port(), settings.backlog(),
                settings.reuseAddress(), settings.tcpNoDelay());
        BoundedThreadPool workers = null;
        Executor dispatcher = null;
        // The handler is made before the server whose virtual workers it dispatches to: it finds them
        // through this reference, set before the server starts.
        AtomicReference<HttpServer> started = new AtomicReference<>();
        if (strategy.onVirtualThreads()) {
            dispatcher = task -> started.get().getSelectorManager().getWorkerPool().execute(task);
        } else if (strategy.blocksThread()) {
            workers = new BoundedThreadPool(WORKER_THREADS, settings.maxProcessingThreads());
            workers.start();
            dispatcher = workers;
        }
        try {
            HttpServer server = new HttpServer(HttpServer.Config.defaults().withConnector(listen).withSelectors(threads),
                    new IocoreHelloHandler(hello, dispatcher, settings.streamHighWater()));
            started.set(server);
            server.start();
            hello.reportServerFigures("executionStrategy", () -> server.getSelectorManager().strategyCounts().toJson());
            return new RunningIocore(server, workers);
        } catch (Exception | Error failed) {
            if (workers != null) {
                workers.stop();
            }
            throw failed;
        }
    }

    /** With {@code --trace}, iocore's {@code Request.beginNanos()}: noted by the connection only then. */
    @Override
    public String traceFirstRead() {
        return "the read that brought the request's first byte returned (iocore's Request.beginNanos(), noted only with --trace)";
    }

    @Override
    public CellFacts facts(Strategy strategy) {
        HttpServer.Config defaults = HttpServer.Config.defaults();
        String selectors = strategy.onVirtualThreads()
                ? "one selector per processor (produce-execute-consume); the first also accepts"
                : "one selector per processor on iocore's pool, with one spare thread for the adaptive hand-off of "
                        + "production; the first also accepts";
        String workers = switch (strategy) {
            case SYNC -> "an iocore BoundedThreadPool, " + ServerTechnology.threadLimit(strategy) + ", apart from the selectors";
            case VIRTUAL -> "a virtual thread per request";
            default -> "none: the handler never blocks";
        };
        String buffers = "input " + kib(defaults.inputBufferSize()) + " heap, pooled; response head " + kib(defaults.outputBufferSize())
                + " direct, pooled, growing to " + kib(defaults.maxResponseHeadSize()) + "; head and body in one gather write";
        return new CellFacts(selectors, workers, buffers,
                "the endpoint's: a connection waiting for a request, or for the client to take a response",
                List.of("iocore is not in the study: it is the workbench's own server"));
    }

    static String kib(int bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " bytes";
    }

    @Override
    public boolean gathersStreamChunks() {
        return true;
    }

    @Override
    public String toString() {
        return name();
    }

    private record RunningIocore(HttpServer server, BoundedThreadPool workers) implements RunningServer {

        @Override
        public int port() {
            return server.getLocalPort();
        }

        @Override
        public void stopAccepting() {
            server.stopAccepting();
        }

        @Override
        public void close() {
            try {
                server.stop();
            } finally {
                // After the connections: a worker still asleep is interrupted, answers, and its write fails.
                if (workers != null) {
                    workers.stop();
                }
            }
        }
    }
}
