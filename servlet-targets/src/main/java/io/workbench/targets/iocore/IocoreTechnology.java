package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Invocable.InvocationType;
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
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@code iocore}: the workbench's own HTTP/1.1 server ({@link HttpServer}) on its hand-written
 * selector layer.
 *
 * <p>How each strategy runs, and why:
 * <ul>
 *   <li>{@code async-complete}: the handler is {@code NON_BLOCKING}, so it runs in place on the
 *       selector thread that read the request; a wait is a task on a one-thread scheduler the
 *       server owns, which writes the response (a zero wait writes it at once, in place). No
 *       worker pool: the manager keeps only the platform threads its selectors need, plus one.</li>
 *   <li>{@code sync}: the handler is {@code BLOCKING}; it sleeps on a platform thread of a pool
 *       bounded by {@link TargetSettings#maxProcessingThreads()}, with the adaptive ("eat what you
 *       kill") strategy.</li>
 *   <li>{@code virtual}: the same handler on a virtual thread per request, with
 *       produce-execute-consume (adaptive would have a spare platform thread eat the blocking task).</li>
 * </ul>
 * {@code /stream} is an {@link IocoreStream}, an {@code IteratingCallback} over the response's
 * writes that gathers the chunks fitting under {@link TargetSettings#streamHighWater()} (64 KiB by
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
        return "iocore's own HttpServer on its NIO selectors; async handlers run in place on the selector";
    }

    @Override
    public Set<Strategy> strategies() {
        return Set.of(Strategy.ASYNC_COMPLETE, Strategy.SYNC, Strategy.VIRTUAL);
    }

    @Override
    public String howItRuns(Strategy strategy) {
        return switch (strategy) {
            case SYNC -> "a BLOCKING Handler on a platform worker pool (at most "
                    + TargetSettings.BLOCKING_MAX_THREADS + ", adaptive execution) that sleeps the wait";
            case VIRTUAL -> "the same Handler on a virtual thread per request (produce-execute-consume)";
            case ASYNC_COMPLETE -> "a NON_BLOCKING Handler in place on the selector thread; a one-thread scheduler "
                    + "writes after the wait";
            default -> throw new IllegalArgumentException(name() + " does not run " + strategy);
        };
    }

    @Override
    public String whyNot(Strategy strategy) {
        return switch (strategy) {
            case ASYNC_DISPATCH -> "iocore's Handler declares once whether it blocks and has no call to re-dispatch a "
                    + "request to the worker pool; a BLOCKING handler already runs there (iocore:sync)";
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
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "iocore-wait");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        InvocationType type = strategy.blocksThread() ? InvocationType.BLOCKING : InvocationType.NON_BLOCKING;
        HttpServer server = new HttpServer(HttpServer.Config.defaults().withConnector(listen).withSelectors(threads),
                new IocoreHelloHandler(hello, scheduler, type, settings.streamHighWater()));
        try {
            server.start();
        } catch (Exception failed) {
            scheduler.shutdownNow();
            throw failed;
        }
        hello.reportServerFigures("executionStrategy", () -> server.getSelectorManager().strategyCounts().toJson());
        return new RunningIocore(server, scheduler);
    }

    @Override
    public boolean gathersStreamChunks() {
        return true;
    }

    @Override
    public String toString() {
        return name();
    }

    private record RunningIocore(HttpServer server, ScheduledThreadPoolExecutor scheduler) implements RunningServer {

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
                scheduler.shutdownNow();
            }
        }
    }
}
