package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.component.LifeCycle;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * The Jetty server both Jetty targets run on ({@code jetty-handler} and the ee10 servlet
 * {@code jetty}), configured once from {@link TargetSettings}: Jetty's defaults ({@code HttpConfiguration}:
 * its {@code Date} field, buffers from its default pool; no request log) except no {@code Server}
 * field (no other target sends one), a
 * {@link QueuedThreadPool} of at most {@link TargetSettings#maxProcessingThreads()} threads, whose
 * blocking tasks run on virtual threads when the strategy says so, a {@link ScheduledExecutorScheduler}
 * the server owns and stops (Jetty's own timeouts; the targets' waits are on the target's wait timer), {@link TargetSettings#ioThreads()} selectors that also accept (no
 * acceptor thread, as iocore, Netty and Undertow accept on their I/O threads; Jetty's default would
 * be half a selector per processor and an acceptor) on a pool of their own (the selectors and
 * {@value #IO_TASK_THREADS} threads for what they hand off: I/O threads apart from the handlers' pool,
 * as Netty's and Undertow's are), accept queue, {@code SO_REUSEADDR}, {@code TCP_NODELAY} and idle
 * timeout. The handler tree starts with {@link JettyStatsInPlace}.
 */
final class JettyServers {

    /**
     * Where a traced request's first read is stamped on Jetty: its parser notes the time it begins a
     * message with bytes in hand ({@code Request.getBeginNanoTime()}, on the selector, always on).
     */
    static final String TRACE_FIRST_READ = "Jetty's parser began the request with its first bytes in hand, on the selector "
            + "(Request.getBeginNanoTime())";

    /** The selectors accept: Jetty registers the listening channel with one of them. */
    private static final int NO_ACCEPTOR_THREADS = 0;
    /**
     * Threads of the connector's I/O pool beyond its selectors: for the tasks the selectors hand off
     * (a new connection's endpoint, a callback that may block), none of which sleeps.
     */
    static final int IO_TASK_THREADS = 8;

    private JettyServers() {
    }

    /**
     * Sets {@code handler} on {@code server} behind {@link JettyStatsInPlace}: {@code /stats} on the
     * selector thread, the rest in place if {@code handlerBlocks} is false, else on the pool's
     * threads that may block (virtual ones when the strategy says so).
     */
    static void setHandler(Server server, HelloService hello, Handler handler, boolean handlerBlocks) {
        QueuedThreadPool threads = (QueuedThreadPool) server.getThreadPool();
        Executor virtual = threads.getVirtualThreadsExecutor();
        Executor dispatcher = !handlerBlocks ? null : virtual != null ? virtual : threads;
        server.setHandler(new JettyStatsInPlace(hello, threads, dispatcher, handler));
    }

    /** A server with its pool, scheduler and one connector, not started and without a handler. */
    static Server server(TargetSettings settings, String name) {
        QueuedThreadPool threads = new QueuedThreadPool(settings.maxProcessingThreads());
        threads.setName(name);
        ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler(name + "-scheduler", false);
        Server server = new Server(threads, scheduler, null);
        if (settings.strategy().onVirtualThreads()) {
            // Jetty runs the tasks it knows may block (a blocking handler, a servlet) on these. Ours, not
            // Jetty's named executor, so that the stop can interrupt a request asleep on one.
            ExecutorService virtual = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(name + "-virtual-", 0).factory());
            threads.setVirtualThreadsExecutor(virtual);
            server.addEventListener(new LifeCycle.Listener() {
                @Override
                public void lifeCycleStopped(LifeCycle stopped) {
                    virtual.shutdownNow();
                }
            });
        }

        // The connector's own pool: its selectors, and the tasks they hand off, never wait behind the
        // handlers. On the server's pool, every thread asleep in a handler left none to make a new
        // connection's endpoint (Jetty makes it on a pool thread), so no connection was accepted.
        QueuedThreadPool io = new QueuedThreadPool(settings.ioThreads() + IO_TASK_THREADS, settings.ioThreads());
        io.setName(name + "-io");
        HttpConfiguration http = new HttpConfiguration();
        // The same head from every target: Date, and no Server field (none of the others sends one).
        http.setSendServerVersion(false);
        http.setSendDateHeader(true);
        ServerConnector connector = new ServerConnector(server, io, null, null, NO_ACCEPTOR_THREADS, settings.ioThreads(),
                new HttpConnectionFactory(http));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setAcceptQueueSize(settings.backlog());
        connector.setReuseAddress(settings.reuseAddress());
        connector.setAcceptedTcpNoDelay(settings.tcpNoDelay());
        connector.setIdleTimeout(settings.idleTimeout().toMillis());
        server.addConnector(connector);
        return server;
    }

    /** The card facts both Jetty targets share, for {@code strategy}; {@code extra} adds a target's own departures from the study. */
    static CellFacts facts(Strategy strategy, boolean servlet, List<String> extra) {
        HttpConfiguration http = new HttpConfiguration();
        HttpConnectionFactory connection = new HttpConnectionFactory(http);
        String workers = switch (strategy) {
            case VIRTUAL -> "the QueuedThreadPool's virtual threads";
            case SYNC, ASYNC_DISPATCH -> "QueuedThreadPool, " + ServerTechnology.threadLimit(strategy);
            default -> "QueuedThreadPool, " + ServerTechnology.threadLimit(strategy)
                    + (servlet ? "" : " (Jetty's own tasks: the handler never blocks)");
        };
        String buffers = "input " + kib(connection.getInputBufferSize()) + (http.isUseInputDirectByteBuffers() ? " direct" : " heap")
                + "; output " + kib(http.getOutputBufferSize()) + (http.isUseOutputDirectByteBuffers() ? " direct" : " heap")
                + ", writes under " + kib(http.getOutputAggregationSize()) + " aggregated; headers " + kib(http.getRequestHeaderSize())
                + "; all from Jetty's ArrayByteBufferPool (its defaults)";
        List<String> deviations = new ArrayList<>(extra);
        deviations.add("the selectors accept (no acceptor thread) and run on an I/O pool of their own (the selectors + "
                + IO_TASK_THREADS + " threads for what they hand off), apart from the handlers' pool: while every handler "
                + "thread slept, a shared pool accepted nothing");
        deviations.add("no Server field, as no other target sends one");
        return new CellFacts("one selector per processor, accepting too; on an I/O pool of the selectors + " + IO_TASK_THREADS
                + " threads", workers, buffers, "the connector's idle timeout", deviations);
    }

    private static String kib(int bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " bytes";
    }

    /** Starts {@code server}; on failure stops what started and rethrows. */
    static RunningServer start(Server server) throws Exception {
        try {
            server.start();
        } catch (Exception failed) {
            try {
                server.stop();
            } catch (Exception alsoFailed) {
                failed.addSuppressed(alsoFailed);
            }
            throw failed;
        }
        return new RunningJetty(server, (ServerConnector) server.getConnectors()[0]);
    }

    private record RunningJetty(Server server, ServerConnector connector) implements RunningServer {

        @Override
        public int port() {
            return connector.getLocalPort();
        }

        @Override
        public void stopAccepting() {
            // Jetty's graceful shutdown of a network connector closes its listening channel and
            // leaves accepted connections alone.
            connector.shutdown();
        }

        @Override
        public void close() {
            try {
                server.stop();
            } catch (Exception failed) {
                throw new IllegalStateException("Jetty did not stop cleanly", failed);
            }
        }
    }
}
