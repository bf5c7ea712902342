package io.workbench.loadgen.connection;

import io.workbench.iocore.http.client.HttpClientConnection;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.loadgen.record.ErrorKind;
import java.net.InetSocketAddress;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The connections of one generator loop: the idle ones, the connects it started, and the events of
 * both, each delivered on the loop's own thread, never inside the call that caused it (a connect
 * that fails at once is reported in the loop's next round). Connections are opened on the loop's
 * own selector, so that their reads, their writes and everything said about them happen on the
 * loop's thread: no request crosses a thread. The run's {@link ConnectionBudget} caps them over
 * all loops.
 */
public final class LoopConnections {

    /** Opens a connection to {@code remote} from {@code local} (null: any) on {@code selector}. */
    public interface Connector {
        CompletableFuture<HttpClientConnection> connect(InetSocketAddress remote, InetSocketAddress local, ManagedSelector selector);
    }

    /** What a loop hears of its connections, on its own thread. */
    public interface Events {
        /** A connect it started completed: the connection is open and not idle. */
        void connected(LoopConnection connection);

        /** A connect it started at {@code startedNanos} failed. */
        void connectFailed(ErrorKind kind, Throwable cause, long startedNanos);

        /** An open connection closed: its outstanding requests were all ended already. */
        void closed(LoopConnection connection);
    }

    private final Connector connector;
    private final ManagedSelector selector;
    private final InetSocketAddress remote;
    private final ConnectionBudget budget;
    private final IdleConnections idle;
    private final Map<HttpClientConnection, LoopConnection> byConnection = new IdentityHashMap<>();
    private Events events;
    private int open;
    private int connecting;
    private int opened;
    /** True while the connector is being called: a completion then is the call's own and is delivered later. */
    private boolean inConnect;

    public LoopConnections(Connector connector, ManagedSelector selector, InetSocketAddress remote, ConnectionBudget budget, IdleOrder order) {
        this.connector = connector;
        this.selector = selector;
        this.remote = remote;
        this.budget = budget;
        this.idle = new IdleConnections(order);
    }

    /** Who hears of connects and closes; set once, before the first connect. */
    public void listen(Events value) {
        this.events = value;
    }

    /** @return the next idle connection that may take a request, or null */
    public LoopConnection takeIdle() {
        return idle.poll();
    }

    /**
     * A request on {@code connection} ended, or it just opened with nothing to send: it goes back to
     * the idle set if it may take a request, or is closed if the run holds more connections than the
     * descriptor limit left room for.
     */
    public void offerIdle(LoopConnection connection) {
        if (connection.isClosed()) {
            return;
        }
        if (budget.overCap() && connection.hasNoneInFlight()) {
            connection.connection().close();
            return;
        }
        if (connection.hasFreeSlot()) {
            idle.add(connection);
        }
    }

    /** @return true if the run's connection cap leaves room for one more connection now */
    public boolean hasRoom() {
        return budget.hasRoom();
    }

    /** @return true if an idle connection is waiting */
    public boolean hasIdle() {
        return idle.size() > 0;
    }

    /**
     * Starts a connect if the budget allows one more connection; its outcome comes as an event.
     *
     * @return false if the connection cap is reached (nothing started)
     */
    public boolean connect() {
        if (!budget.tryReserve()) {
            return false;
        }
        connecting++;
        long started = System.nanoTime();
        int source = budget.nextSource();
        CompletableFuture<HttpClientConnection> future;
        inConnect = true;
        try {
            future = connector.connect(remote, budget.source(source), selector);
        } catch (RuntimeException x) {
            future = CompletableFuture.failedFuture(x);
        } finally {
            inConnect = false;
        }
        if (future.isDone()) {
            Throwable failure = failureOf(future);
            HttpClientConnection connection = failure == null ? future.join() : null;
            later(() -> onConnect(connection, failure, source, started));
        } else {
            future.whenComplete((connection, failure) -> deliver(() -> onConnect(connection, failure, source, started)));
        }
        return true;
    }

    private static Throwable failureOf(CompletableFuture<?> done) {
        if (!done.isCompletedExceptionally()) {
            return null;
        }
        try {
            done.join();
            return null;
        } catch (java.util.concurrent.CompletionException x) {
            return x.getCause() != null ? x.getCause() : x;
        } catch (RuntimeException x) {
            return x;
        }
    }

    private void onConnect(HttpClientConnection connection, Throwable failure, int source, long started) {
        connecting--;
        if (failure != null || connection == null) {
            ErrorKind kind = budget.connectFailed(failure != null ? failure : new IllegalStateException("no connection"));
            events.connectFailed(kind, failure, started);
            return;
        }
        budget.connected(source);
        open++;
        LoopConnection loopConnection = new LoopConnection(connection, opened++, source);
        byConnection.put(connection, loopConnection);
        connection.closed().whenComplete((cause, x) -> deliver(() -> onClosed(loopConnection)));
        if (!loopConnection.isClosed()) {
            events.connected(loopConnection);
        }
    }

    private void onClosed(LoopConnection connection) {
        if (connection.isClosed()) {
            return;
        }
        connection.markClosed();
        byConnection.remove(connection.connection());
        open--;
        budget.closed();
        events.closed(connection);
    }

    /** Runs {@code event} now if this is the loop's thread and no connector call is under way, else in the loop's next round. */
    private void deliver(Runnable event) {
        if (!inConnect && selector.isSelectorThread()) {
            event.run();
        } else {
            later(event);
        }
    }

    private void later(Runnable event) {
        // A selector that has stopped runs nothing more: the run is over, and its counts are final.
        selector.submit(event);
    }

    /** Closes every connection this loop has open (their outstanding requests end as aborted); the loop's thread only. */
    public void closeAll() {
        for (HttpClientConnection connection : byConnection.keySet().toArray(new HttpClientConnection[0])) {
            connection.close();
        }
    }

    /** @return the loop's connection of a client connection, or null if it is not (or no longer) one of this loop's */
    public LoopConnection of(HttpClientConnection connection) {
        return byConnection.get(connection);
    }

    public int openCount() {
        return open;
    }

    public int connectingCount() {
        return connecting;
    }

    public ConnectionBudget budget() {
        return budget;
    }

    public ManagedSelector selector() {
        return selector;
    }

    @Override
    public String toString() {
        return "LoopConnections[open=" + open + ",connecting=" + connecting + "," + idle + "]";
    }
}
