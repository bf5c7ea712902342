package io.workbench.targets.jetty;

import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.TargetSettings;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * The Jetty server both Jetty targets run on ({@code jetty-handler} and the ee10 servlet
 * {@code jetty}), configured once from {@link TargetSettings}: Jetty's defaults (acceptors,
 * selectors, {@code HttpConfiguration}, so it sends its {@code Date} and {@code Server} headers; no
 * request log) except a {@link QueuedThreadPool} of at most {@link TargetSettings#maxProcessingThreads()}
 * threads, whose blocking tasks run on virtual threads when the strategy says so, a
 * {@link ScheduledExecutorScheduler} the server owns and stops, accept queue, {@code SO_REUSEADDR},
 * {@code TCP_NODELAY} and idle timeout.
 */
final class JettyServers {

    private JettyServers() {
    }

    /** A server with its pool, scheduler and one connector, not started and without a handler. */
    static Server server(TargetSettings settings, String name) {
        QueuedThreadPool threads = new QueuedThreadPool(settings.maxProcessingThreads());
        threads.setName(name);
        if (settings.strategy().onVirtualThreads()) {
            // Jetty runs the tasks it knows may block (a blocking handler, a servlet) on these.
            threads.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor(name + "-virtual-"));
        }
        ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler(name + "-wait", false);
        Server server = new Server(threads, scheduler, null);

        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(new HttpConfiguration()));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setAcceptQueueSize(settings.backlog());
        connector.setReuseAddress(settings.reuseAddress());
        connector.setAcceptedTcpNoDelay(settings.tcpNoDelay());
        connector.setIdleTimeout(settings.idleTimeout().toMillis());
        server.addConnector(connector);
        return server;
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
