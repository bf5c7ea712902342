package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.util.List;
import java.util.Set;
import org.eclipse.jetty.server.Server;

/**
 * {@code jetty-handler}: Jetty 12's core {@link org.eclipse.jetty.server.Handler} API (no servlets),
 * the first peer iocore is measured against.
 *
 * <p>Configuration ({@link JettyServers}): Jetty's defaults except where {@link TargetSettings} says
 * otherwise: a {@code QueuedThreadPool} of at most {@link TargetSettings#maxProcessingThreads()}
 * threads (100 for async-complete, the study's limit for async Jetty targets; 10,000 for the
 * blocking ones), one selector per processor on an I/O pool of its own, accept queue,
 * {@code SO_REUSEADDR}, {@code TCP_NODELAY}, idle timeout.
 *
 * <p>How each strategy runs: the handler tree is non-blocking, so Jetty reads every request and
 * calls it on the selector thread, where {@link JettyStatsInPlace} answers {@code /stats}.
 * <ul>
 *   <li>{@code in-place}: the {@link JettyHelloHandler} answers in place; a wait is the target's wait
 *       timer, whose thread writes.</li>
 *   <li>{@code async-complete}: the handler, in place, hands the request to the target's fork-join
 *       pool, which writes; a wait is the timer, whose expiry goes back to the pool.</li>
 *   <li>{@code async-dispatch}: the same handler hands the request to the server's thread pool (the
 *       study's "Jetty Async (dispatch)"), where a pool thread sleeps the wait.</li>
 *   <li>{@code sync}: every request but {@code /stats} is handed to a pool thread, which runs the
 *       handler and sleeps the wait (the study's "Jetty Sync": what Jetty itself does with a blocking
 *       handler, after {@code /stats}); {@code virtual}: the same on the pool's virtual threads.</li>
 * </ul>
 * {@code /stream} is Jetty's own: an {@code IteratingCallback} over {@code Response.write} (a
 * {@code Content.Sink} write with a {@code Callback}), one chunk per {@code process()}.
 */
public final class JettyHandlerTechnology implements ServerTechnology {

    @Override
    public String name() {
        return "jetty-handler";
    }

    @Override
    public String description() {
        return "Jetty 12 core Handler (no servlets), called on the selector thread";
    }

    @Override
    public Set<Strategy> strategies() {
        return Set.of(Strategy.SYNC, Strategy.VIRTUAL, Strategy.ASYNC_DISPATCH, Strategy.ASYNC_COMPLETE, Strategy.IN_PLACE);
    }

    @Override
    public String howItRuns(Strategy strategy) {
        return switch (strategy) {
            case SYNC -> "the Handler, called on the selector thread, answers /stats there and runs every other request "
                    + "on a QueuedThreadPool thread (at most " + TargetSettings.BLOCKING_MAX_THREADS + ") that sleeps the wait";
            case VIRTUAL -> "the same, every request but /stats on a virtual thread (the QueuedThreadPool's "
                    + "virtual-threads executor)";
            case ASYNC_DISPATCH -> "a non-blocking Handler hands the request to the QueuedThreadPool (at most "
                    + TargetSettings.BLOCKING_MAX_THREADS + "), a pool thread sleeps the wait";
            case ASYNC_COMPLETE -> "a non-blocking Handler on the selector thread hands the request to the fork-join pool, "
                    + "which writes; a wait is the wait timer, handed back to the pool";
            case IN_PLACE -> "a non-blocking Handler answers on the selector thread that read the request; a wait is "
                    + "the wait timer, whose thread writes";
            default -> throw new IllegalArgumentException(name() + " does not run " + strategy);
        };
    }

    @Override
    public String whyNot(Strategy strategy) {
        return switch (strategy) {
            case ASYNC_QUEUE -> "the study ran its batch queue on Jetty's servlets, not on its handlers: see jetty:async-queue";
            case WRITE_LISTENER -> "WriteListener is a Servlet 3.1 API; a core Handler writes through Callbacks "
                    + "in every strategy (see jetty:write-listener for the servlet)";
            default -> throw new IllegalArgumentException(name() + " runs " + strategy);
        };
    }

    @Override
    public String traceFirstRead() {
        return JettyServers.TRACE_FIRST_READ;
    }

    @Override
    public CellFacts facts(Strategy strategy) {
        return JettyServers.facts(strategy, false, List.of("Jetty 12's core Handler stands for Jetty 9's embedded handler API"));
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        Server server = JettyServers.server(settings, "jetty");
        boolean sleepsInTheHandler = settings.strategy() == Strategy.SYNC || settings.strategy() == Strategy.VIRTUAL;
        JettyServers.setHandler(server, hello, new JettyHelloHandler(hello, server.getThreadPool()), sleepsInTheHandler);
        return JettyServers.start(server);
    }

    @Override
    public String toString() {
        return name();
    }
}
