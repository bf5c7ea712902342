package io.workbench.iocore.selector;

import io.workbench.iocore.component.Dumpable;
import io.workbench.iocore.component.LifeCycle;
import io.workbench.iocore.io.ConnectionFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Listens on a host and port and turns each accepted socket into an endpoint and a connection on
 * one of the manager's selectors.
 *
 * <p>The listening channel is non-blocking and registered for {@code OP_ACCEPT} on the first
 * selector, which accepts in batches.
 *
 * <h2>At the descriptor limit</h2>
 * When {@code accept()} fails (typically "too many open files"), the acceptor refuses the
 * connections waiting in the backlog instead of leaving them there: it keeps one descriptor in
 * reserve (an open {@code /dev/null}), and on a failed accept it closes the reserve, accepts one
 * connection with the descriptor that freed, closes that connection at once (the client sees the
 * close, not a connection that hangs) and takes the reserve back, until the backlog is empty.
 * If even that fails (no reserve, or the descriptor was taken meanwhile), it stops asking for
 * {@code OP_ACCEPT} for {@link #ACCEPT_PAUSE_MILLIS}, so the selector never spins on a listening
 * socket it cannot serve; the periodic sweep resumes it and takes the reserve back. Connections
 * already open are not affected. One warning is logged per episode, not per connection.
 */
public final class ServerConnector implements LifeCycle, Dumpable {

    private static final System.Logger LOG = System.getLogger(ServerConnector.class.getName());
    /** How long accepting pauses after accept() failed. */
    static final long ACCEPT_PAUSE_MILLIS = 100;
    private static final int ACCEPT_BATCH = 64;

    /**
     * Where and how to listen.
     *
     * @param host         the address to bind
     * @param port         the port, 0 for any free one
     * @param backlog      the kernel's queue of connections not yet accepted
     * @param reuseAddress SO_REUSEADDR on the listening socket
     * @param tcpNoDelay   TCP_NODELAY on accepted sockets
     */
    public record Config(String host, int port, int backlog, boolean reuseAddress, boolean tcpNoDelay) {

        public Config {
            Objects.requireNonNull(host, "host");
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("port must be in 0..65535, was " + port);
            }
            if (backlog < 1) {
                throw new IllegalArgumentException("backlog must be at least 1, was " + backlog);
            }
        }

        /** 127.0.0.1, a free port, backlog 10,000, SO_REUSEADDR and TCP_NODELAY on. */
        public static Config defaults() {
            return new Config("127.0.0.1", 0, 10_000, true, true);
        }

        public Config withHost(String value) {
            return new Config(value, port, backlog, reuseAddress, tcpNoDelay);
        }

        public Config withPort(int value) {
            return new Config(host, value, backlog, reuseAddress, tcpNoDelay);
        }

        public Config withBacklog(int value) {
            return new Config(host, port, value, reuseAddress, tcpNoDelay);
        }
    }

    private final SelectorManager manager;
    private final ConnectionFactory factory;
    private final Config config;
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong acceptFailures = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private volatile ServerSocketChannel channel;
    private volatile ManagedSelector acceptSelector;
    private volatile Acceptor acceptor;
    private volatile int localPort = -1;

    public ServerConnector(SelectorManager manager, ConnectionFactory factory, Config config) {
        this.manager = Objects.requireNonNull(manager, "manager");
        this.factory = Objects.requireNonNull(factory, "factory");
        this.config = Objects.requireNonNull(config, "config");
    }

    /** Binds and starts accepting; the manager must be running. */
    @Override
    public synchronized void start() throws IOException {
        if (channel != null) {
            throw new IllegalStateException("already started: " + this);
        }
        if (!manager.isRunning()) {
            throw new IllegalStateException("start " + manager + " first");
        }
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            server.setOption(StandardSocketOptions.SO_REUSEADDR, config.reuseAddress());
            server.bind(new InetSocketAddress(config.host(), config.port()), config.backlog());
            server.configureBlocking(false);
        } catch (IOException | RuntimeException x) {
            server.close();
            throw new IOException("cannot listen on " + config.host() + ":" + config.port() + ": " + x.getMessage(), x);
        }
        localPort = ((InetSocketAddress) server.getLocalAddress()).getPort();
        channel = server;
        // java.util.logging's formatter reads the time-zone database from a file on its first
        // message: at the descriptor limit, the first warning would fail, and with it every later
        // log line of the JVM (the class initialisation error sticks). Load it now, while we can.
        java.time.ZoneId.systemDefault().getRules();
        LOG.isLoggable(System.Logger.Level.WARNING);
        ManagedSelector selector = manager.getSelectors().get(0);
        acceptSelector = selector;
        Acceptor acceptor = new Acceptor(server, selector);
        this.acceptor = acceptor;
        if (!selector.submit(acceptor)) {
            stop();
            throw new IOException("selector stopped before the acceptor registered: " + selector);
        }
    }

    /** Stops accepting and closes the listening socket; connections already accepted stay open. */
    @Override
    public synchronized void stop() {
        ServerSocketChannel server = channel;
        if (server == null) {
            return;
        }
        channel = null;
        try {
            server.close();
        } catch (IOException x) {
            LOG.log(System.Logger.Level.DEBUG, "closing {0} failed: {1}", server, x);
        }
        // The JDK frees the listening fd when the selector deregisters it: make it select now.
        ManagedSelector selector = acceptSelector;
        Acceptor stopped = acceptor;
        if (selector != null && !selector.submit(stopped::closeReserve)) {
            stopped.closeReserve();
        }
    }

    @Override
    public boolean isRunning() {
        return channel != null;
    }

    /** @return the port bound, once started */
    public int getLocalPort() {
        return localPort;
    }

    /** @return connections accepted so far */
    public long getAccepted() {
        return accepted.get();
    }

    /** @return accept() calls that failed so far (at the descriptor limit, typically) */
    public long getAcceptFailures() {
        return acceptFailures.get();
    }

    /** @return connections accepted with the reserve descriptor and closed at once, at the descriptor limit */
    public long getRefused() {
        return refused.get();
    }

    @Override
    public void dump(StringBuilder out, String indent) {
        Dumpable.line(out, indent, this);
    }

    @Override
    public String toString() {
        return "ServerConnector@" + Integer.toHexString(hashCode()) + "[" + config.host() + ":" + localPort
                + (channel != null ? ",ACCEPTING" : ",STOPPED") + ",accepted=" + accepted.get()
                + ",acceptFailures=" + acceptFailures.get() + ",refused=" + refused.get() + "]";
    }

    /** Lives on the accepting selector. */
    private final class Acceptor implements Selectable, Runnable {
        private final ServerSocketChannel server;
        private final ManagedSelector selector;
        private SelectionKey key;
        private long pausedUntil;
        private boolean paused;
        /** True from a failed accept until the next one that succeeds: one warning per episode. */
        private boolean failing;
        /** A descriptor held in reserve, spent to refuse connections at the descriptor limit; null when spent. */
        private FileChannel reserve;
        private boolean reserveClosed;

        Acceptor(ServerSocketChannel server, ManagedSelector selector) {
            this.server = server;
            this.selector = selector;
            // Taken before start() returns, so that the descriptor is counted as the server's from then on.
            takeReserve();
        }

        /** Registers for OP_ACCEPT, on the selector thread. */
        @Override
        public void run() {
            try {
                key = server.register(selector.selector(), SelectionKey.OP_ACCEPT, this);
            } catch (ClosedChannelException x) {
                LOG.log(System.Logger.Level.DEBUG, "{0} closed before it registered", ServerConnector.this);
            } catch (RuntimeException x) {
                LOG.log(System.Logger.Level.ERROR, "cannot register " + ServerConnector.this, x);
                close(x);
            }
        }

        @Override
        public Runnable onSelected(SelectionKey key) {
            for (int i = 0; i < ACCEPT_BATCH; i++) {
                SocketChannel socket;
                try {
                    socket = server.accept();
                } catch (IOException x) {
                    failed(x);
                    if (!refuseOne()) {
                        pause();
                        return null;
                    }
                    continue;
                }
                if (socket == null) {
                    return null;
                }
                failing = false;
                accepted.incrementAndGet();
                try {
                    socket.configureBlocking(false);
                    socket.setOption(StandardSocketOptions.TCP_NODELAY, config.tcpNoDelay());
                } catch (IOException x) {
                    closeQuietly(socket);
                    continue;
                }
                manager.accept(socket, factory);
            }
            return null;
        }

        private void failed(IOException x) {
            long failures = acceptFailures.incrementAndGet();
            if (!failing && server.isOpen()) {
                failing = true;
                try {
                    LOG.log(System.Logger.Level.WARNING, "accept failed (" + failures + " failures so far): " + x
                            + "; refusing new connections until it succeeds again");
                } catch (Throwable logging) {
                    // Out of descriptors, logging may fail too; the selector must go on regardless.
                }
            }
        }

        /**
         * Accepts one waiting connection with the reserve descriptor and closes it at once.
         *
         * @return true if a connection was refused (there may be more waiting)
         */
        private boolean refuseOne() {
            if (reserve == null || !server.isOpen()) {
                return false;
            }
            closeQuietly(reserve);
            reserve = null;
            try {
                SocketChannel socket = server.accept();
                if (socket == null) {
                    return false;
                }
                refused.incrementAndGet();
                closeQuietly(socket);
                return true;
            } catch (IOException stillNone) {
                return false;
            } finally {
                takeReserve();
            }
        }

        private void takeReserve() {
            if (reserve != null || reserveClosed) {
                return;
            }
            try {
                reserve = FileChannel.open(Path.of("/dev/null"));
            } catch (IOException | RuntimeException none) {
                // No /dev/null, or no descriptor right now: the sweep tries again.
                reserve = null;
            }
        }

        /** The connector stopped: gives the reserve descriptor back for good. */
        void closeReserve() {
            reserveClosed = true;
            if (reserve != null) {
                closeQuietly(reserve);
                reserve = null;
            }
        }

        private void pause() {
            if (!server.isOpen()) {
                return;
            }
            paused = true;
            pausedUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ACCEPT_PAUSE_MILLIS);
            key.interestOps(0);
        }

        @Override
        public void updateKey(SelectionKey key) {
        }

        @Override
        public void keyReplaced(SelectionKey key) {
            // Keeps a pause (interest 0) as it was: the sweep restores OP_ACCEPT on the new key.
            this.key = key;
        }

        @Override
        public void onSweep(long nowNanos) {
            takeReserve();
            if (paused && nowNanos - pausedUntil >= 0 && key.isValid()) {
                paused = false;
                key.interestOps(SelectionKey.OP_ACCEPT);
            }
        }

        @Override
        public void close(Throwable cause) {
            closeReserve();
            closeQuietly(server);
        }

        private static void closeQuietly(java.io.Closeable closeable) {
            try {
                closeable.close();
            } catch (IOException ignored) {
                // Giving up on it anyway.
            }
        }

        @Override
        public String toString() {
            return "Acceptor[" + ServerConnector.this + (paused ? ",PAUSED" : "") + (failing ? ",FAILING" : "")
                    + (reserve != null ? ",reserve" : "") + "]";
        }
    }
}
