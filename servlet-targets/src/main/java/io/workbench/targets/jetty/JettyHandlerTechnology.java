package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.util.Set;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * {@code jetty-handler}: Jetty 12's core {@link org.eclipse.jetty.server.Handler} API (no servlets),
 * the first peer iocore is measured against.
 *
 * <p>Configuration, and why: Jetty's defaults (acceptors, selectors, {@code HttpConfiguration},
 * so it sends its {@code Date} and {@code Server} headers; no request log) except where
 * {@link TargetSettings} says otherwise: a {@link QueuedThreadPool} of at most
 * {@link TargetSettings#maxProcessingThreads()} threads (100 for async-complete, the seed's limit for
 * async Jetty targets), accept queue, {@code SO_REUSEADDR}, {@code TCP_NODELAY}, idle timeout. The
 * handler is {@link org.eclipse.jetty.server.Handler.Abstract.NonBlocking}, which tells Jetty it may
 * run it on the selector thread without a dispatch, as an async-complete handler never blocks.
 * Waits are scheduled on a {@link ScheduledExecutorScheduler} the server owns and stops.
 */
public final class JettyHandlerTechnology implements ServerTechnology {

    @Override
    public String name() {
        return "jetty-handler";
    }

    @Override
    public String description() {
        return "Jetty 12 core Handler (no servlets), completing through its Callback from Jetty's scheduler";
    }

    @Override
    public Set<Strategy> strategies() {
        return Set.of(Strategy.ASYNC_COMPLETE);
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(settings.maxProcessingThreads());
        threads.setName("jetty");
        ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler("jetty-wait", false);
        Server server = new Server(threads, scheduler, null);

        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(new HttpConfiguration()));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setAcceptQueueSize(settings.backlog());
        connector.setReuseAddress(settings.reuseAddress());
        connector.setAcceptedTcpNoDelay(settings.tcpNoDelay());
        connector.setIdleTimeout(settings.idleTimeout().toMillis());
        server.addConnector(connector);
        server.setHandler(new JettyHelloHandler(hello, scheduler));

        try {
            server.start();
        } catch (Exception failed) {
            stopQuietly(server, failed);
            throw failed;
        }
        return new RunningJetty(server, connector);
    }

    private static void stopQuietly(Server server, Exception cause) {
        try {
            server.stop();
        } catch (Exception alsoFailed) {
            cause.addSuppressed(alsoFailed);
        }
    }

    @Override
    public String toString() {
        return name();
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
