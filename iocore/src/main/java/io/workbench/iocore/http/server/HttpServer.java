package io.workbench.iocore.http.server;

import io.workbench.iocore.component.Dumpable;
import io.workbench.iocore.component.LifeCycle;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.selector.ServerConnector;
import java.io.IOException;
import java.util.Objects;

/**
 * An HTTP/1.1 server: a {@link ServerConnector} accepting onto a {@link SelectorManager}, an
 * {@link HttpConnection} per accepted socket, and one {@link Handler} for every request.
 *
 * <pre>
 *   HttpServer server = new HttpServer(HttpServer.Config.defaults(), handler);
 *   server.start();            // listening on 127.0.0.1, server.getLocalPort()
 *   ...
 *   server.stop();             // closes every connection and joins every thread
 * </pre>
 *
 * <p>Where handlers run follows their {@linkplain Handler#getInvocationType() invocation type}
 * and the selector configuration: a non-blocking handler in place on the selector threads, a
 * blocking one on the manager's worker pool (bounded platform threads, or a virtual thread per
 * request with {@link SelectorManager.Workers#VIRTUAL}).
 */
public final class HttpServer implements LifeCycle, Dumpable {

    /** Content is gathered in one array per request, so its limit must fit one. */
    static final long MAX_CONTENT_LIMIT = 1L << 30;

    /**
     * How a server is built.
     *
     * @param connector           where and how to listen
     * @param selectors           selectors, threads, execution strategy, idle timeout
     * @param limits              what a request may hold (request line, header section, content
     *                            of at most {@link #MAX_CONTENT_LIMIT} bytes)
     * @param inputBufferSize     bytes read per fill; a pooled heap buffer held only while unparsed bytes are in it
     * @param outputBufferSize    the first size tried for a response head; a pooled direct buffer held while the response is written
     * @param maxResponseHeadSize the largest response head; a larger one fails the response
     * @param sendDate            whether responses carry the Date field
     */
    public record Config(ServerConnector.Config connector, SelectorManager.Config selectors, HttpLimits limits,
                         int inputBufferSize, int outputBufferSize, int maxResponseHeadSize, boolean sendDate) {

        public Config {
            Objects.requireNonNull(connector, "connector");
            Objects.requireNonNull(selectors, "selectors");
            Objects.requireNonNull(limits, "limits");
            if (limits.maxContentLength() > MAX_CONTENT_LIMIT) {
                throw new IllegalArgumentException("maxContentLength must be at most " + MAX_CONTENT_LIMIT
                        + " (content is read whole into one array), was " + limits.maxContentLength());
            }
            if (inputBufferSize < 1024 || outputBufferSize < 256 || maxResponseHeadSize < outputBufferSize) {
                throw new IllegalArgumentException("buffer sizes too small: input " + inputBufferSize + " (min 1024), output "
                        + outputBufferSize + " (min 256), max response head " + maxResponseHeadSize + " (min the output size)");
            }
        }

        /**
         * 127.0.0.1 on a free port, the selector defaults (one per core, adaptive), the default
         * limits, 8 KiB input buffers, 1 KiB head buffers growing to 64 KiB, Date sent.
         */
        public static Config defaults() {
            return new Config(ServerConnector.Config.defaults(), SelectorManager.Config.defaults().withName("http"),
                    HttpLimits.DEFAULT, 8 * 1024, 1024, 64 * 1024, true);
        }

        public Config withConnector(ServerConnector.Config value) {
            return new Config(value, selectors, limits, inputBufferSize, outputBufferSize, maxResponseHeadSize, sendDate);
        }

        public Config withSelectors(SelectorManager.Config value) {
            return new Config(connector, value, limits, inputBufferSize, outputBufferSize, maxResponseHeadSize, sendDate);
        }

        public Config withLimits(HttpLimits value) {
            return new Config(connector, selectors, value, inputBufferSize, outputBufferSize, maxResponseHeadSize, sendDate);
        }

        public Config withInputBufferSize(int value) {
            return new Config(connector, selectors, limits, value, outputBufferSize, maxResponseHeadSize, sendDate);
        }

        public Config withSendDate(boolean value) {
            return new Config(connector, selectors, limits, inputBufferSize, outputBufferSize, maxResponseHeadSize, value);
        }
    }

    private final Config config;
    private final Handler handler;
    private final ByteBufferPool inputPool;
    private final ByteBufferPool outputPool;
    private final SelectorManager manager;
    private final ServerConnector connector;
    private volatile boolean running;

    public HttpServer(Config config, Handler handler) {
        this.config = Objects.requireNonNull(config, "config");
        this.handler = Objects.requireNonNull(handler, "handler");
        // Heap for input: the parser reads a heap buffer through its array. Direct for output: the
        // socket writes it without a copy.
        this.inputPool = new ByteBufferPool(false, 64 * 1024, 1024);
        this.outputPool = new ByteBufferPool(true, 64 * 1024, 1024);
        this.manager = new SelectorManager(config.selectors());
        this.connector = new ServerConnector(manager, endPoint -> new HttpConnection(endPoint, this), config.connector());
    }

    @Override
    public synchronized void start() throws IOException {
        if (running) {
            throw new IllegalStateException("already started: " + this);
        }
        manager.start();
        try {
            connector.start();
        } catch (IOException | RuntimeException x) {
            manager.stop();
            throw x;
        }
        running = true;
    }

    /** Closes the listening socket; connections already accepted are still served. Idempotent. */
    public void stopAccepting() {
        connector.stop();
    }

    /** Stops accepting, closes every connection (requests in flight fail) and joins every thread. Idempotent. */
    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        connector.stop();
        manager.stop();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** @return the port listened on, once started */
    public int getLocalPort() {
        return connector.getLocalPort();
    }

    public Config getConfig() {
        return config;
    }

    public Handler getHandler() {
        return handler;
    }

    /** @return where connections take their input buffers from (counted, for leak checks) */
    public ByteBufferPool getInputPool() {
        return inputPool;
    }

    /** @return where responses take their head buffers from (counted, for leak checks) */
    public ByteBufferPool getOutputPool() {
        return outputPool;
    }

    public SelectorManager getSelectorManager() {
        return manager;
    }

    public ServerConnector getConnector() {
        return connector;
    }

    @Override
    public void dump(StringBuilder out, String indent) {
        Dumpable.line(out, indent, this);
        Dumpable.line(out, indent + "  ", handler);
        Dumpable.line(out, indent + "  ", inputPool);
        Dumpable.line(out, indent + "  ", outputPool);
        connector.dump(out, indent + "  ");
        manager.dump(out, indent + "  ");
    }

    @Override
    public String toString() {
        return "HttpServer@" + Integer.toHexString(hashCode()) + "[" + (running ? "RUNNING" : "STOPPED")
                + ",port=" + getLocalPort() + ",handler=" + handler.getClass().getSimpleName()
                + "," + handler.getInvocationType() + "]";
    }
}
