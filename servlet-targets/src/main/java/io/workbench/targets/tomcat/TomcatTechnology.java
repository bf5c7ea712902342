package io.workbench.targets.tomcat;

import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.CellFacts;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import io.workbench.targets.servlet.ContainerStamps;
import io.workbench.targets.servlet.HelloServlet;
import io.workbench.targets.servlet.ServletContainer;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.connector.OutputBuffer;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.RequestFacade;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.tomcat.util.modeler.Registry;
import org.apache.tomcat.util.net.SocketProperties;

/**
 * {@code tomcat}: Tomcat 11 embedded, one NIO connector ({@link Http11NioProtocol}), one context
 * holding the one {@link HelloServlet}, mapped to {@code /*} with async support.
 *
 * <p>Configuration, and why: the connector's pool of at most {@link TargetSettings#maxProcessingThreads()}
 * threads (10,000 for the blocking strategies, 100 for the asynchronous ones), or a virtual thread
 * per request for {@code virtual} (an executor of ours, which the stop interrupts); accept count
 * (backlog), {@code TCP_NODELAY} and
 * {@code SO_REUSEADDR} from the settings; keep-alive and connection time-outs from the idle timeout.
 * Two of Tomcat's defaults would make it unlike the other targets and are lifted: at most 100
 * requests per kept-alive connection (then it closes it, which a benchmark connection would feel) and
 * at most 8,192 connections (the study's Tomcat rows stopped near 10,000 concurrent requests): both
 * unlimited, as on Jetty and Undertow. No JMX registry (several Tomcats in one JVM, the tests,
 * would fight over its names), no start-up logging on stderr, and a base directory of its own in
 * the temporary directory, deleted when the server stops.
 */
public final class TomcatTechnology extends ServletContainer {

    public TomcatTechnology() {
        super("tomcat", "Tomcat 11 embedded, NIO connector (one acceptor, one poller), running the shared HelloServlet",
                "the NIO connector's pool, at most " + TargetSettings.BLOCKING_MAX_THREADS,
                "a virtual-thread executor of ours, as useVirtualThreads would give",
                "the NIO connector's pool, at most " + TargetSettings.ASYNC_MAX_THREADS);
    }

    /**
     * False: the NIO connector's poller hands every readable connection to the pool, which reads and
     * parses the request; no hook of Tomcat's runs before that. While every pool thread sleeps (sync,
     * async-dispatch) {@code /stats} waits in the pool's queue like any request.
     */
    @Override
    public boolean answersStatsBeforeDispatch() {
        return false;
    }

    /** True: a dispatch made while service() runs is carried out on the same thread once it returns (measured). */
    @Override
    public boolean redispatchesOnTheHandlingThread() {
        return true;
    }

    @Override
    public String traceFirstRead() {
        return "Tomcat began to parse the request line on a pool thread (its Request.getStartTimeNanos()): after the "
                + "poller handed the connection to the pool, so a wait for a pool thread falls in the trip to the server";
    }

    @Override
    public CellFacts facts(Strategy strategy) {
        SocketProperties socket = new SocketProperties();
        String buffers = "socket reads and writes through " + socket.getAppReadBufSize() / 1024 + " KiB and "
                + socket.getAppWriteBufSize() / 1024 + " KiB " + (socket.getDirectBuffer() ? "direct" : "heap") + " buffers; "
                + "headers up to " + new Http11NioProtocol().getMaxHttpHeaderSize() / 1024 + " KiB; a response buffers "
                + OutputBuffer.DEFAULT_BUFFER_SIZE / 1024 + " KiB of body before it writes (its defaults)";
        String workers = strategy.onVirtualThreads() ? "a virtual thread per request (the connector's executor)"
                : "the NIO connector's pool, " + ServerTechnology.threadLimit(strategy) + "; it reads and parses every request";
        return new CellFacts("one acceptor and one poller thread (Tomcat 11's NIO connector has no setting for more); "
                + "the poller hands every readable connection to the pool", workers, buffers,
                "its keep-alive timeout and connection timeout",
                List.of("at most 100 requests per kept-alive connection and 8,192 connections, Tomcat's defaults, are lifted: "
                                + "no other target has them",
                        "its status line has no reason phrase (HTTP/1.1 200, then a space): Tomcat 9 and later send none, "
                                + "and no setting brings it back"));
    }

    @Override
    public RunningServer start(TargetSettings settings, HelloService hello) throws Exception {
        Registry.disableRegistry();
        Path baseDir = Files.createTempDirectory("workbench-tomcat-");
        Tomcat tomcat = new Tomcat();
        tomcat.setSilent(true);
        tomcat.setBaseDir(baseDir.toString());

        Http11NioProtocol protocol = new Http11NioProtocol();
        Connector connector = new Connector(protocol);
        // Throw when it cannot bind, as every other server does, instead of logging it and serving nothing.
        connector.setThrowOnFailure(true);
        connector.setPort(settings.port());
        set(connector, "address", settings.host());
        set(connector, "socket.soReuseAddress", Boolean.toString(settings.reuseAddress()));
        protocol.setAcceptCount(settings.backlog());
        protocol.setTcpNoDelay(settings.tcpNoDelay());
        protocol.setMaxConnections(-1);
        protocol.setMaxKeepAliveRequests(-1);
        int idleMillis = (int) Math.min(Integer.MAX_VALUE, settings.idleTimeout().toMillis());
        protocol.setKeepAliveTimeout(idleMillis);
        protocol.setConnectionTimeout(idleMillis);
        ExecutorService virtual = null;
        if (settings.strategy().onVirtualThreads()) {
            // A virtual thread per task, as useVirtualThreads would give, but ours: Tomcat's own stops
            // without interrupting, and a request asleep on one would outlive the stop.
            virtual = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("tomcat-virtual-", 0).factory());
            protocol.setExecutor(virtual);
        } else {
            protocol.setMaxThreads(settings.maxProcessingThreads());
        }
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);

        StandardContext context = (StandardContext) tomcat.addContext("", null);
        // A web application's leak checks, pointless for one servlet of ours: they would warn at every stop
        // that they need --add-opens, and renewing the pool's threads at stop only slows it down.
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        context.setRenewThreadsWhenStoppingContext(false);
        Wrapper wrapper = Tomcat.addServlet(context, "hello", new HelloServlet(hello, new ContainerStamps(TomcatTechnology::startTimeNanos, false)));
        wrapper.setAsyncSupported(true);
        context.addServletMappingDecoded("/*", "hello");

        try {
            tomcat.start();
            if (connector.getState().isAvailable() && connector.getLocalPort() > 0) {
                return new RunningTomcat(tomcat, connector, baseDir, virtual);
            }
            throw new IllegalStateException("the connector did not start (state " + connector.getState() + ")");
        } catch (Exception | Error failed) {
            try {
                new RunningTomcat(tomcat, connector, baseDir, virtual).close();
            } catch (RuntimeException alsoFailed) {
                failed.addSuppressed(alsoFailed);
            }
            throw failed;
        }
    }

    /** The catalina request behind the facade a servlet is given: Tomcat's own start time is on it. */
    private static final VarHandle FACADE_REQUEST;

    static {
        try {
            FACADE_REQUEST = MethodHandles.privateLookupIn(RequestFacade.class, MethodHandles.lookup())
                    .findVarHandle(RequestFacade.class, "request", Request.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    /**
     * When Tomcat began to parse the request line of {@code request} (it marks it on the pool thread
     * that reads it, before the line's first byte is consumed), or 0 if it is not the facade Tomcat
     * gives a servlet.
     */
    static long startTimeNanos(HttpServletRequest request) {
        if (!(request instanceof RequestFacade facade)) {
            return 0;
        }
        long start = ((Request) FACADE_REQUEST.get(facade)).getCoyoteRequest().getStartTimeNanos();
        return start == -1 ? 0 : start;
    }

    private static void set(Connector connector, String property, String value) {
        if (!connector.setProperty(property, value)) {
            throw new IllegalStateException("Tomcat's connector has no property " + property);
        }
    }

    /** @param virtual the virtual-thread executor of a virtual cell, or null */
    private record RunningTomcat(Tomcat tomcat, Connector connector, Path baseDir, ExecutorService virtual) implements RunningServer {

        @Override
        public int port() {
            return connector.getLocalPort();
        }

        @Override
        public void stopAccepting() {
            // Closes the server socket; accepted connections are still served.
            connector.getProtocolHandler().closeServerSocketGraceful();
        }

        @Override
        public void close() {
            try {
                tomcat.stop();
                tomcat.destroy();
            } catch (LifecycleException failed) {
                throw new IllegalStateException("Tomcat did not stop cleanly", failed);
            } finally {
                if (virtual != null) {
                    // A request still asleep is interrupted, answers, and its write fails: it ends.
                    virtual.shutdownNow();
                }
                delete(baseDir);
            }
        }

        private static void delete(Path directory) {
            try (Stream<Path> paths = Files.walk(directory)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
        }
    }
}
