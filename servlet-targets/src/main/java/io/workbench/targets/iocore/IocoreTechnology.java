package io.workbench.targets.iocore;

import io.workbench.iocore.http.server.HttpServer;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.selector.ServerConnector;
import io.workbench.iocore.thread.ExecutionStrategy;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code iocore}: the workbench's own HTTP/1.1 server ({@link HttpServer}) on its hand-written
 * selector layer.
 *
 * <p>How each strategy runs, and why: the handler ({@link IocoreHelloHandler}) is {@code NON_BLOCKING}
 * in every cell, so iocore reads each request and calls it in place on the selector thread, where
 * {@code /stats} is answered.
 * <ul>
 *   <li>{@code async-complete}: every request is handled in place; a wait is scheduled on the
 *       target's completion scheduler (one timer thread, the responses written on up to
 *       {@link TargetSettings#completionThreads()} threads, as on every other target), a zero wait
 *       writes at once, in place. No worker pool: the manager keeps only the platform threads its
 *       selectors need, plus one.</li>
 *   <li>{@code sync}: the handler hands each request to the manager's platform worker pool, bounded
 *       by {@link TargetSettings#maxProcessingThreads()} (beyond the selectors' own threads), where it
 *       sleeps the wait; adaptive strategy for what the selectors produce.</li>
 *   <li>{@code virtual}: the same hand-off to a virtual thread per request (produce-execute-consume).</li>
 * </ul>
 * {@code /stream} is an {@link IocoreStream}, an {@code IteratingCallback} over the response's
 * writes that gathers the chunks fitting under {@link TargetSettings#streamHighWater()} (896 KiB by
 * default) into one {@code EndPoint.write}, whatever the strategy.
 * Listening address, backlog, {@code TCP_NODELAY}, {@code SO_REUSEADDR}, selector count and idle
 * timeout come from {@link TargetSettings}. Responses carry {@code Date}, as Jetty's do.
 */
public final class IocoreTechnology implements ServerTechnology {

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
        return Set.of(Strategy.ASYNC_COMPLETE, Strategy.SYNC, Strategy.VIRTUAL);
    }

    @Override
    public String howItRuns(Strategy strategy) {
        return switch (strategy) {
            case SYNC -> "a NON_BLOCKING Handler, called on the selector thread that read the request, answers /stats "
                    + "there and hands the others to the platform worker pool (at most " + TargetSettings.BLOCKING_MAX_THREADS
                    + "), whose thread sleeps the wait";
            case VIRTUAL -> "the same Handler hands each request but /stats to a virtual thread, which sleeps the wait";
            case ASYNC_COMPLETE -> "a NON_BLOCKING Handler in place on the selector thread; the completion scheduler "
                    + "writes after the wait (one timer thread, responses on up to " + TargetSettings.ASYNC_MAX_THREADS
                    + " threads)";
            default -> throw new IllegalArgumentException(name() + " does not run " + strategy);
        };
    }

    @Override
    public String whyNot(Strategy strategy) {
        return switch (strategy) {
            case ASYNC_DISPATCH -> "iocore's Handler has no startAsync()/dispatch() pair; iocore:sync already hands each "
                    + "request from the selector to the worker pool, where it sleeps: what this cell would be";
            case ASYNC_QUEUE -> "the study's batch queue is a servlet/Undertow row; iocore's handlers complete in place "
                    + "(iocore:async-complete)";
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
                .withName("iocore")
                .withSelectors(selectors)
                .withIdleTimeoutMillis(settings.idleTimeout().toMillis());
        if (strategy.onVirtualThreads()) {
            threads = threads.withWorkers(SelectorManager.Workers.VIRTUAL)
                    .withStrategy(ExecutionStrategy.Kind.PRODUCE_EXECUTE_CONSUME)
                    .withMaxThreads(selectors + 1);
        } else if (strategy.blocksThread()) {
            threads = threads.withWorkers(SelectorManager.Workers.PLATFORM)
                    .withStrategy(ExecutionStrategy.Kind.ADAPTIVE)
                    .withMaxThreads(selectors + settings.maxProcessingThreads());
        } else {
            threads = threads.withWorkers(SelectorManager.Workers.PLATFORM)
                    .withStrategy(ExecutionStrategy.Kind.ADAPTIVE)
                    .withMaxThreads(selectors + 1);
        }
        ServerConnector.Config listen = new ServerConnector.Config(settings.host(), settings.port(), settings.backlog(),
                settings.reuseAddress(), settings.tcpNoDelay());
        // The handler is made before the server whose worker pool it dispatches to: it finds the pool
        // through this reference, set before the server starts.
        AtomicReference<HttpServer> started = new AtomicReference<>();
        Executor workers = strategy.blocksThread()
                ? task -> started.get().getSelectorManager().getWorkerPool().execute(task)
                : null;
        HttpServer server = new HttpServer(HttpServer.Config.defaults().withConnector(listen).withSelectors(threads),
                new IocoreHelloHandler(hello, workers, settings.streamHighWater()));
        started.set(server);
        server.start();
        hello.reportServerFigures("executionStrategy", () -> server.getSelectorManager().strategyCounts().toJson());
        return new RunningIocore(server);
    }

    @Override
    public boolean gathersStreamChunks() {
        return true;
    }

    @Override
    public String toString() {
        return name();
    }

    private record RunningIocore(HttpServer server) implements RunningServer {

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
            server.stop();
        }
    }
}
