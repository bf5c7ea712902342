package io.workbench.iocore.http.client;

import io.workbench.iocore.component.Dumpable;
import io.workbench.iocore.component.LifeCycle;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.selector.ClientConnector;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.iocore.selector.SelectorManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * iocore's HTTP/1.1 client: opens {@link HttpClientConnection}s on a {@link SelectorManager} (its
 * own, or one it borrows), checks their requests' deadlines, and closes them all on {@link #stop()}.
 * There is no connection pool here: the caller decides which connection a request goes on (a load
 * generator keeps its own idle set), and a connection says at once whether it takes the request.
 * A connection lives on one selector: the next one round-robin, or the one the caller names (a
 * load generator that runs one event loop per selector connects from that loop to that loop).
 *
 * <pre>
 *   HttpClient client = new HttpClient(HttpClient.Config.defaults());
 *   client.start();
 *   HttpClientConnection connection = client.connect(new InetSocketAddress("127.0.0.1", 8080)).get();
 *   HttpResponse response = connection.send(HttpRequest.get("/hello")).get();
 *   client.stop();
 * </pre>
 */
public final class HttpClient implements LifeCycle, Dumpable {

    private static final long STOP_TIMEOUT_MILLIS = 10_000;

    /**
     * How a client is built.
     *
     * @param name                 prefix of its threads' names (its own selector manager's too)
     * @param selectors            the selector manager it makes when it owns one (named {@code name})
     * @param connectTimeoutMillis how long a connect may take
     * @param requestTimeoutMillis the default timeout of a request, from {@code send} to its complete response; 0 for none
     * @param idleTimeoutMillis    a connection with nothing outstanding and no traffic for this long is closed; 0 for never
     * @param maxRequestsInFlight  requests a connection has outstanding at most (more than 1 is pipelining), 1 to 1024
     * @param limits               what a response may not exceed (status line, head, content, chunk line); a
     *                             response over one fails as {@link HttpClientException.Kind#BAD_RESPONSE}
     *                             with a message that names the limit
     * @param inputBufferSize      bytes of the direct buffer each selector's connections read into: one per
     *                             selector, shared by its connections, which keep nothing in it between reads
     * @param outputBufferSize     bytes of the pooled buffer requests are generated into (taken only while writing)
     * @param timeoutCheckMillis   how often deadlines are checked: a request times out up to this late
     * @param resetOnClose         close connections with a reset ({@code SO_LINGER} 0), which leaves no TIME_WAIT
     *                             socket behind on this side (a load generator's: see {@link ClientConnector})
     */
    public record Config(String name, SelectorManager.Config selectors, long connectTimeoutMillis, long requestTimeoutMillis,
                         long idleTimeoutMillis, int maxRequestsInFlight, HttpLimits limits, int inputBufferSize,
                         int outputBufferSize, long timeoutCheckMillis, boolean resetOnClose) {

        /**
         * What a client accepts by default: a status line of 8 KiB, a header section (and a
         * trailer section) of 64 KiB, content of any length (it is counted, not kept, unless a
         * listener keeps it), chunk-size lines of 1 KiB. A server's limits protect it from its
         * clients; a client measuring servers should not refuse what a server may validly send.
         */
        public static final HttpLimits DEFAULT_LIMITS = HttpLimits.DEFAULT.withMaxHeaderBytes(64 * 1024).withMaxContentLength(Long.MAX_VALUE);

        public Config {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(selectors, "selectors");
            Objects.requireNonNull(limits, "limits");
            requireAtLeast("connectTimeoutMillis", connectTimeoutMillis, 1);
            requireAtLeast("requestTimeoutMillis", requestTimeoutMillis, 0);
            requireAtLeast("idleTimeoutMillis", idleTimeoutMillis, 0);
            requireAtLeast("maxRequestsInFlight", maxRequestsInFlight, 1);
            if (maxRequestsInFlight > 1024) {
                throw new IllegalArgumentException("maxRequestsInFlight must be at most 1024, was " + maxRequestsInFlight);
            }
            requireAtLeast("inputBufferSize", inputBufferSize, 256);
            requireAtLeast("outputBufferSize", outputBufferSize, 256);
            requireAtLeast("timeoutCheckMillis", timeoutCheckMillis, 1);
        }

        private static void requireAtLeast(String name, long value, long least) {
            if (value < least) {
                throw new IllegalArgumentException(name + " must be at least " + least + ", was " + value);
            }
        }

        /**
         * One selector per core; connect timeout 10 s, request timeout 30 s, idle timeout 30 s; one
         * request in flight per connection (no pipelining); {@link #DEFAULT_LIMITS}; a 64 KiB input
         * buffer per selector and 4 KiB output buffers; deadlines checked every 50 ms.
         */
        public static Config defaults() {
            return new Config("iocore-client", SelectorManager.Config.defaults(), 10_000, 30_000, 30_000,
                    1, DEFAULT_LIMITS, 64 * 1024, 4096, 50, false);
        }

        public Config withResetOnClose(boolean value) {
            return new Config(name, selectors, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis, maxRequestsInFlight,
                    limits, inputBufferSize, outputBufferSize, timeoutCheckMillis, value);
        }

        public Config withName(String value) {
            return new Config(value, selectors, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis,
                    maxRequestsInFlight, limits, inputBufferSize, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withSelectors(SelectorManager.Config value) {
            return new Config(name, value, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis, maxRequestsInFlight,
                    limits, inputBufferSize, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withConnectTimeoutMillis(long value) {
            return new Config(name, selectors, value, requestTimeoutMillis, idleTimeoutMillis, maxRequestsInFlight, limits,
                    inputBufferSize, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withRequestTimeoutMillis(long value) {
            return new Config(name, selectors, connectTimeoutMillis, value, idleTimeoutMillis, maxRequestsInFlight, limits,
                    inputBufferSize, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withIdleTimeoutMillis(long value) {
            return new Config(name, selectors, connectTimeoutMillis, requestTimeoutMillis, value, maxRequestsInFlight, limits,
                    inputBufferSize, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withMaxRequestsInFlight(int value) {
            return new Config(name, selectors, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis, value, limits,
                    inputBufferSize, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withLimits(HttpLimits value) {
            return new Config(name, selectors, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis, maxRequestsInFlight,
                    value, inputBufferSize, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withInputBufferSize(int value) {
            return new Config(name, selectors, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis, maxRequestsInFlight,
                    limits, value, outputBufferSize, timeoutCheckMillis, resetOnClose);
        }

        public Config withOutputBufferSize(int value) {
            return new Config(name, selectors, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis, maxRequestsInFlight,
                    limits, inputBufferSize, value, timeoutCheckMillis, resetOnClose);
        }

        public Config withTimeoutCheckMillis(long value) {
            return new Config(name, selectors, connectTimeoutMillis, requestTimeoutMillis, idleTimeoutMillis, maxRequestsInFlight,
                    limits, inputBufferSize, outputBufferSize, value, resetOnClose);
        }
    }

    private final Config config;
    private final SelectorManager manager;
    private final boolean ownsManager;
    private final ByteBufferPool bufferPool = new ByteBufferPool();
    /** Each selector's read buffer; the map is complete before the client is shared, and never changes. */
    private final Map<ManagedSelector, SelectorReadBuffer> readBuffers = new IdentityHashMap<>();
    private final Set<HttpClientConnection> connections = ConcurrentHashMap.newKeySet();
    /** Written last by start(), first by stop(). */
    private volatile boolean running;
    private ClientConnector connector;
    private ScheduledExecutorService timeouts;

    /** A client with its own selector manager, made from {@code config.selectors()} and named after the client. */
    public HttpClient(Config config) {
        this.config = Objects.requireNonNull(config, "config");
        this.manager = new SelectorManager(config.selectors().withName(config.name()));
        this.ownsManager = true;
        makeReadBuffers();
    }

    /**
     * A client on a selector manager that someone else starts and stops (it must be running when
     * this client starts); {@code config.selectors()} is then not used.
     */
    public HttpClient(Config config, SelectorManager selectors) {
        this.config = Objects.requireNonNull(config, "config");
        this.manager = Objects.requireNonNull(selectors, "selectors");
        this.ownsManager = false;
        makeReadBuffers();
    }

    private void makeReadBuffers() {
        for (ManagedSelector selector : manager.getSelectors()) {
            readBuffers.put(selector, new SelectorReadBuffer(config.inputBufferSize()));
        }
    }

    @Override
    public synchronized void start() throws IOException {
        if (running) {
            throw new IllegalStateException("already started: " + this);
        }
        if (ownsManager) {
            manager.start();
        } else if (!manager.isRunning()) {
            throw new IllegalStateException("the borrowed selector manager is not running: " + manager);
        }
        connector = new ClientConnector(manager, config.connectTimeoutMillis(), config.resetOnClose());
        timeouts = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, config.name() + "-timeouts");
            thread.setDaemon(true);
            return thread;
        });
        timeouts.scheduleWithFixedDelay(this::checkDeadlines, config.timeoutCheckMillis(), config.timeoutCheckMillis(), TimeUnit.MILLISECONDS);
        running = true;
    }

    /**
     * Closes every connection (their outstanding requests fail with
     * {@link HttpClientException.Kind#ABORTED}), waits until each has ended its requests, stops the
     * deadline checks and, if it owns it, the selector manager. Not from a listener: it waits for
     * the selector threads.
     */
    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        for (ManagedSelector selector : manager.getSelectors()) {
            if (selector.isSelectorThread()) {
                throw new IllegalStateException("stop() on a selector thread (from a listener?) would wait for that thread: " + this);
            }
        }
        running = false;
        List<CompletableFuture<HttpClientException>> closing = new ArrayList<>();
        for (HttpClientConnection connection : connections) {
            closing.add(connection.closed());
            connection.abort("closed: the client stopped");
        }
        try {
            CompletableFuture.allOf(closing.toArray(new CompletableFuture<?>[0])).get(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException x) {
            System.getLogger(HttpClient.class.getName()).log(System.Logger.Level.WARNING,
                    "connections did not close in " + STOP_TIMEOUT_MILLIS + " ms: " + connections, x);
        }
        timeouts.shutdownNow();
        try {
            timeouts.awaitTermination(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
        }
        if (ownsManager) {
            manager.stop();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Connects to {@code remote} from any local address. */
    public CompletableFuture<HttpClientConnection> connect(InetSocketAddress remote) {
        return connect(remote, null);
    }

    /**
     * Opens a connection to {@code remote} on the next selector (round-robin), binding its local
     * side to {@code local} first if not null (e.g. {@code 127.0.0.2:0}, to spread connections over
     * source addresses).
     *
     * @return a future of the open connection, completed on a selector thread (do not block in what
     *         is chained to it), or failed with {@link HttpClientException.Kind#CONNECT_FAILED}
     */
    public CompletableFuture<HttpClientConnection> connect(InetSocketAddress remote, InetSocketAddress local) {
        return connect(remote, local, manager.nextSelector());
    }

    /**
     * Opens a connection to {@code remote} on {@code selector}, one of this client's (see
     * {@link #getSelectorManager()}): its reads, its listeners and its writes that wait for the
     * socket all run on that selector's thread. Callable from that thread without blocking, as an
     * event loop opening its own connections does: the connect is registered at once, and the
     * future completes on that thread, at the earliest in this call (a connect that failed at
     * once, or a loopback connect the kernel finished at once).
     *
     * @param local the local address to bind first, or null for any
     * @return a future of the open connection, or failed with {@link HttpClientException.Kind#CONNECT_FAILED}
     * @throws IllegalArgumentException if {@code selector} is not one of this client's
     */
    public CompletableFuture<HttpClientConnection> connect(InetSocketAddress remote, InetSocketAddress local, ManagedSelector selector) {
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(selector, "selector");
        SelectorReadBuffer input = readBuffers.get(selector);
        if (input == null) {
            throw new IllegalArgumentException(selector + " is not a selector of " + this);
        }
        CompletableFuture<HttpClientConnection> result = new CompletableFuture<>();
        // running is written last by start(): reading it first makes the connector visible.
        boolean started = running;
        ClientConnector c = connector;
        if (!started || c == null) {
            result.completeExceptionally(new HttpClientException(HttpClientException.Kind.CONNECT_FAILED,
                    "connecting to " + HttpClientConnection.address(remote) + ": the client is not running"));
            return result;
        }
        c.connect(remote, local, selector, endPoint -> new HttpClientConnection(endPoint, this, selector, input)).whenComplete((connection, x) -> {
            if (x == null) {
                result.complete(connection);
            } else {
                result.completeExceptionally(new HttpClientException(HttpClientException.Kind.CONNECT_FAILED,
                        "connecting to " + HttpClientConnection.address(remote)
                                + (local != null ? " from " + HttpClientConnection.address(local) : "") + " failed: " + x, x));
            }
        });
        return result;
    }

    /**
     * The one-shot form, for tests and tools: opens a connection to {@code remote}, sends
     * {@code request} on it, and closes it once the response (or the failure) is in.
     *
     * @return a future of the response, failed with an {@link HttpClientException} (of kind
     *         {@link HttpClientException.Kind#CONNECT_FAILED} if the connection could not be opened)
     */
    public CompletableFuture<HttpResponse> send(InetSocketAddress remote, HttpRequest request) {
        Objects.requireNonNull(request, "request");
        return connect(remote).thenCompose(connection -> connection.send(request)
                .whenComplete((response, failure) -> connection.close()));
    }

    /** A connection opened: track it, unless the client stopped meanwhile. */
    boolean opened(HttpClientConnection connection) {
        connections.add(connection);
        if (!running) {
            connections.remove(connection);
            return false;
        }
        return true;
    }

    void closed(HttpClientConnection connection) {
        connections.remove(connection);
    }

    private void checkDeadlines() {
        long now = System.nanoTime();
        for (HttpClientConnection connection : connections) {
            try {
                connection.expire(now);
            } catch (Throwable x) {
                System.getLogger(HttpClient.class.getName()).log(System.Logger.Level.WARNING, "checking " + connection + " failed", x);
            }
        }
    }

    public Config getConfig() {
        return config;
    }

    /** @return the pool the connections take their output buffers from */
    public ByteBufferPool getBufferPool() {
        return bufferPool;
    }

    public SelectorManager getSelectorManager() {
        return manager;
    }

    /** @return connections open now */
    public int getConnectionCount() {
        return connections.size();
    }

    @Override
    public void dump(StringBuilder out, String indent) {
        Dumpable.line(out, indent, this);
        Dumpable.line(out, indent + "  ", bufferPool);
        for (HttpClientConnection connection : connections) {
            Dumpable.line(out, indent + "  ", connection);
        }
        if (ownsManager) {
            manager.dump(out, indent + "  ");
        }
    }

    @Override
    public String toString() {
        return "HttpClient@" + Integer.toHexString(hashCode()) + "[" + config.name() + (running ? ",RUNNING" : ",STOPPED")
                + (ownsManager ? ",owned " : ",borrowed ") + manager + ",connections=" + connections.size() + "]";
    }
}
