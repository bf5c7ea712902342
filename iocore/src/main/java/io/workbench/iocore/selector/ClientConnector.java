package io.workbench.iocore.selector;

import io.workbench.iocore.io.Connection;
import io.workbench.iocore.io.EndPoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Opens client connections without blocking: {@link #connect} starts a non-blocking connect,
 * lets a selector finish it on {@code OP_CONNECT}, and completes the returned future with the
 * connection once its {@code onOpen()} ran.
 *
 * <p>The future completes on a selector thread: what is chained to it must not block (use the
 * {@code *Async} variants to move on to another executor).
 *
 * <pre>
 *   connect() --submit, or run at once on the selector's own thread--> register
 *   register: selector stopping or closed --> channel closed, future failed
 *             connected at once --> open: endpoint + connection, future completed
 *             else OP_CONNECT --finishConnect()--> open
 *                             --connect timeout (the selector's sweep) or the selector stops--> channel closed, future failed
 * </pre>
 * A connect that reaches its selector once it is stopping is refused there, as an accepted
 * channel is: the selector closes what it has registered before it runs the actions left, so one
 * registered then would never be closed (its descriptor leaked, its future never completed).
 */
public final class ClientConnector {

    private final SelectorManager manager;
    private final long connectTimeoutNanos;
    private final boolean tcpNoDelay;
    private final boolean resetOnClose;

    /**
     * @param manager              the selectors the connections live on; must be running to connect
     * @param connectTimeoutMillis how long a connect may take before its future fails
     */
    public ClientConnector(SelectorManager manager, long connectTimeoutMillis) {
        this(manager, connectTimeoutMillis, false);
    }

    /**
     * @param manager              the selectors the connections live on; must be running to connect
     * @param connectTimeoutMillis how long a connect may take before its future fails
     * @param resetOnClose         give each socket {@code SO_LINGER} 0, so that closing it sends a reset
     *                             and leaves no TIME_WAIT socket on this side. A load generator wants
     *                             this: the side that closes first keeps each connection's port in TIME_WAIT
     *                             for a minute, and with tens of thousands of them on a source address every
     *                             bind to it (port 0) searches the port range, about 3 ms each measured
     *                             here with 20,000 (against a microsecond with none), on the loop's thread
     */
    public ClientConnector(SelectorManager manager, long connectTimeoutMillis, boolean resetOnClose) {
        if (connectTimeoutMillis <= 0) {
            throw new IllegalArgumentException("connectTimeoutMillis must be positive, was " + connectTimeoutMillis);
        }
        this.manager = Objects.requireNonNull(manager, "manager");
        this.connectTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(connectTimeoutMillis);
        this.tcpNoDelay = true;
        this.resetOnClose = resetOnClose;
    }

    /** Connects to {@code remote} from any local address. */
    public <C extends Connection> CompletableFuture<C> connect(InetSocketAddress remote, Function<? super EndPoint, C> factory) {
        return connect(remote, null, factory);
    }

    /**
     * Connects to {@code remote}, binding the local side to {@code local} first if it is not null
     * (a load generator spreads its connections over source addresses 127.0.0.x this way).
     *
     * @return a future completed with the open connection, or failed with the connect's error
     *         ({@link SocketTimeoutException} after the connect timeout)
     */
    public <C extends Connection> CompletableFuture<C> connect(InetSocketAddress remote, InetSocketAddress local,
                                                              Function<? super EndPoint, C> factory) {
        return connect(remote, local, manager.nextSelector(), factory);
    }

    /**
     * Connects to {@code remote} on {@code selector}, one of this connector's manager's: the
     * connection's endpoint is registered there, and the future completes on its thread. Called
     * on that thread, the connect is registered at once instead of being submitted (no hop, no
     * wakeup), so the future may already be complete when this returns.
     *
     * @return a future completed with the open connection, or failed with the connect's error
     *         ({@link SocketTimeoutException} after the connect timeout)
     */
    public <C extends Connection> CompletableFuture<C> connect(InetSocketAddress remote, InetSocketAddress local,
                                                              ManagedSelector selector, Function<? super EndPoint, C> factory) {
        Objects.requireNonNull(remote, "remote");
        Objects.requireNonNull(selector, "selector");
        Objects.requireNonNull(factory, "factory");
        if (selector.manager() != manager) {
            throw new IllegalArgumentException(selector + " is not a selector of " + manager);
        }
        CompletableFuture<C> future = new CompletableFuture<>();
        if (!manager.isRunning()) {
            future.completeExceptionally(new IllegalStateException("not running: " + manager));
            return future;
        }
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, tcpNoDelay);
            if (resetOnClose) {
                channel.setOption(StandardSocketOptions.SO_LINGER, 0);
            }
            if (local != null) {
                channel.bind(local);
            }
            boolean connected = channel.connect(remote);
            PendingConnect<C> pending = new PendingConnect<>(channel, selector, factory, future, connected,
                    System.nanoTime() + connectTimeoutNanos, remote);
            if (selector.isSelectorThread()) {
                pending.run();
            } else if (!selector.submit(pending)) {
                pending.fail(new IOException("selector stopped: " + selector));
            }
        } catch (IOException | RuntimeException x) {
            closeQuietly(channel);
            future.completeExceptionally(x);
        }
        return future;
    }

    private static void closeQuietly(SocketChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Failing the connect anyway.
            }
        }
    }

    @Override
    public String toString() {
        return "ClientConnector@" + Integer.toHexString(hashCode()) + "[" + manager + ",connectTimeout="
                + TimeUnit.NANOSECONDS.toMillis(connectTimeoutNanos) + "ms]";
    }

    /** A connect in progress: registered for OP_CONNECT until it finishes, fails or times out. */
    private static final class PendingConnect<C extends Connection> implements Selectable, Runnable {
        private final SocketChannel channel;
        private final ManagedSelector selector;
        private final Function<? super EndPoint, C> factory;
        private final CompletableFuture<C> future;
        private final boolean connected;
        private final long deadline;
        private final InetSocketAddress remote;
        private SelectionKey key;

        PendingConnect(SocketChannel channel, ManagedSelector selector, Function<? super EndPoint, C> factory,
                       CompletableFuture<C> future, boolean connected, long deadline, InetSocketAddress remote) {
            this.channel = channel;
            this.selector = selector;
            this.factory = factory;
            this.future = future;
            this.connected = connected;
            this.deadline = deadline;
            this.remote = remote;
        }

        /** On the selector thread: registers, and finishes at once if the connect already completed. */
        @Override
        public void run() {
            if (selector.isStopping() || selector.selector() == null || !selector.selector().isOpen()) {
                // Stopping: it closes what is registered before it runs what is left of its actions,
                // so a channel registered now would never be closed.
                fail(new IOException("selector stopped: " + selector));
                return;
            }
            try {
                key = channel.register(selector.selector(), connected ? 0 : SelectionKey.OP_CONNECT, this);
            } catch (IOException | RuntimeException x) {
                fail(x);
                return;
            }
            if (connected) {
                open();
            }
        }

        @Override
        public Runnable onSelected(SelectionKey key) {
            try {
                if (channel.finishConnect()) {
                    key.interestOps(0);
                    open();
                }
            } catch (IOException | RuntimeException x) {
                fail(x);
            }
            return null;
        }

        @SuppressWarnings("unchecked")
        private void open() {
            Connection connection = selector.createEndPoint(channel, key, factory::apply);
            if (connection == null) {
                future.completeExceptionally(new IOException("opening the connection to " + remote + " failed"));
            } else {
                // createEndPoint returns what the factory made.
                future.complete((C) connection);
            }
        }

        void fail(Throwable cause) {
            if (key != null) {
                key.cancel();
            }
            closeQuietly(channel);
            future.completeExceptionally(cause);
        }

        @Override
        public void updateKey(SelectionKey key) {
        }

        @Override
        public void keyReplaced(SelectionKey key) {
            this.key = key;
        }

        @Override
        public void onSweep(long nowNanos) {
            if (nowNanos - deadline >= 0 && !future.isDone()) {
                fail(new SocketTimeoutException("connect to " + remote + " timed out"));
            }
        }

        @Override
        public void close(Throwable cause) {
            fail(cause);
        }

        @Override
        public String toString() {
            return "PendingConnect[" + remote + "]";
        }
    }
}
