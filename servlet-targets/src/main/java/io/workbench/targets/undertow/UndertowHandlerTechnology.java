package io.workbench.targets.undertow;

import io.undertow.util.SameThreadExecutor;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Executor;

/**
 * {@code undertow-handler}: Undertow 2.3's native {@code HttpHandler} API on its XNIO worker
 * ({@link UndertowServers}: one I/O thread per processor; 10,000 worker threads for the blocking
 * strategies, 100 for the others). How each strategy runs is {@link UndertowHelloHandler}'s choice of
 * executor; {@code /stream} is the response sink channel's write listener ({@link UndertowStream})
 * in every cell.
 */
public final class UndertowHandlerTechnology implements ServerTechnology {

    @Override
    public String name() {
        return "undertow-handler";
    }

    @Override
    public String description() {
        return "Undertow 2.3 native HttpHandler on XNIO, writing through its Sender and sink channel";
    }

    @Override
    public Set<Strategy> strategies() {
        return Set.of(Strategy.SYNC, Strategy.VIRTUAL, Strategy.ASYNC_DISPATCH, Strategy.ASYNC_COMPLETE, Strategy.ASYNC_QUEUE,
                Strategy.IN_PLACE);
    }

    @Override
    public String howItRuns(Strategy strategy) {
        String blocking = threads(TargetSettings.BLOCKING_MAX_THREADS);
        String async = threads(TargetSettings.ASYNC_MAX_THREADS);
        return switch (strategy) {
            case SYNC -> "exchange.dispatch() to the XNIO worker pool, whose thread sleeps the wait (" + blocking + ")";
            case VIRTUAL -> "exchange.dispatch() to a virtual thread per request that sleeps the wait";
            case ASYNC_DISPATCH -> "in place on the I/O thread, then dispatched to the worker pool, whose thread sleeps ("
                    + blocking + ")";
            case ASYNC_COMPLETE -> "the handler, on the I/O thread, hands the request to the fork-join pool, which "
                    + "sends; a wait is the wait timer, handed back to the pool (" + async + ")";
            case ASYNC_QUEUE -> "the handler, on the I/O thread, hands the request to a queue drained by 3 threads, "
                    + "which send; a wait is the wait timer, handed back to the queue (" + async + ")";
            case IN_PLACE -> "the handler answers on the I/O thread that read the request; a wait is the wait timer, "
                    + "whose thread sends (" + async + ")";
            default -> throw new IllegalArgumentException(name() + " does not run " + strategy);
        };
    }

    /** Undertow's threads for a thread limit ({@link UndertowServers}). */
    private static String threads(int limit) {
        return String.format(Locale.ROOT, "one I/O thread per processor, at most %,d worker threads", limit);
    }

    @Override
    public String whyNot(Strategy strategy) {
        if (strategy == Strategy.WRITE_LISTENER) {
            return "WriteListener is a Servlet 3.1 API; a native handler's /stream is its sink channel's write listener "
                    + "in every cell (see undertow:write-listener for the servlet)";
        }
        throw new IllegalArgumentException(name() + " runs " + strategy);
    }

    @Override
    public String traceFirstRead() {
        return UndertowServers.TRACE_FIRST_READ;
    }

    @Override
    public CellFacts facts(Strategy strategy) {
        return UndertowServers.facts(strategy);
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        UndertowServers.routeLogging();
        Strategy strategy = settings.strategy();
        ExecutorService virtual = strategy.onVirtualThreads()
                ? Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("undertow-virtual-", 0).factory())
                : null;
        return UndertowServers.start(settings, hello, "undertow", worker -> {
            Executor handling = switch (strategy) {
                case SYNC -> worker;
                case VIRTUAL -> virtual;
                default -> SameThreadExecutor.INSTANCE;
            };
            return new UndertowHelloHandler(hello, handling);
        }, () -> {
            if (virtual != null) {
                virtual.shutdownNow();
            }
        });
    }

    @Override
    public String toString() {
        return name();
    }
}
