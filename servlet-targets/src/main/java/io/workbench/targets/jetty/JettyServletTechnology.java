package io.workbench.targets.jetty;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.TargetSettings;
import io.workbench.targets.servlet.ContainerStamps;
import io.workbench.targets.servlet.HelloServlet;
import io.workbench.targets.servlet.ServletContainer;
import java.util.List;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;

/**
 * {@code jetty}: Jetty 12.1's ee10 servlet container ({@link ServletContextHandler}, Jakarta Servlet
 * 6.0) running the one {@link HelloServlet}, mapped to {@code /*} with async support.
 *
 * <p>Configuration: the same server, connector and thread pool as {@code jetty-handler}
 * ({@link JettyServers}): a {@code QueuedThreadPool} of at most
 * {@link TargetSettings#maxProcessingThreads()} threads (10,000 for the blocking strategies, 100 for
 * the asynchronous ones), whose blocking tasks run on virtual threads for {@code virtual}. No
 * sessions, no security, no default servlet: the context holds the one servlet.
 */
public final class JettyServletTechnology extends ServletContainer {

    public JettyServletTechnology() {
        super("jetty", "Jetty 12.1 ee10 ServletContextHandler running the shared HelloServlet; /stats on the selector",
                "QueuedThreadPool, at most " + TargetSettings.BLOCKING_MAX_THREADS,
                "QueuedThreadPool's virtual-threads executor",
                "QueuedThreadPool, at most " + TargetSettings.ASYNC_MAX_THREADS);
    }

    /** True: a dispatch made while service() runs is carried out on the same thread once it returns (measured). */
    @Override
    public boolean redispatchesOnTheHandlingThread() {
        return true;
    }

    @Override
    public String traceFirstRead() {
        return JettyServers.TRACE_FIRST_READ;
    }

    @Override
    public CellFacts facts(Strategy strategy) {
        return JettyServers.facts(strategy, true, List.of());
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        Server server = JettyServers.server(settings, "jetty");
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        ServletHolder holder = new ServletHolder("hello", new HelloServlet(hello, new ContainerStamps(
                request -> ServletContextRequest.getServletContextRequest(request).getBeginNanoTime(), false)));
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/*");
        // A servlet may block whatever the strategy (sync writes, the 405's read of the content):
        // Jetty would run every request on a pool thread; here /stats is answered before that.
        JettyServers.setHandler(server, hello, context, true);
        return JettyServers.start(server);
    }
}
