package io.workbench.loadgen.connection;

import io.workbench.iocore.http.client.HttpClient;
import io.workbench.iocore.http.client.HttpClientConnection;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.loadgen.record.ErrorKind;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpscArrayQueue;

/**
 * The generator's connections to one target: the ones with a free slot wait in an idle queue for
 * the sender, new ones are opened on demand up to a cap, bound in turn to the source addresses
 * given, and connect failures are kept for the sender to fail its waiting requests with.
 *
 * <h2>The idle connections</h2>
 * Kept last-in first-out by default ({@link IdleOrder#LIFO}: an intrusive lock-free stack), or
 * first-in first-out ({@link IdleOrder#FIFO}: a bounded lock-free multi-producer single-consumer
 * array queue). Producers are the reader threads (a response freed a slot) and the sender (a
 * pipelined connection still has one); the sender alone takes. A connection is in it at most once
 * (its {@linkplain LoadConnection#markQueued() flag}), so the queue, as large as the cap, never
 * fills, and neither side allocates or locks.
 *
 * <pre>
 *   connect ok -----------------------> queued --poll (sender)--> unqueued --send--> in use
 *   response ended, connection open --> queued (if not already)      |
 *   send left a free slot (pipelining) ------------------------------+--> queued
 *   connection closed --> polled once more, refused by the connection, dropped
 * </pre>
 *
 * <h2>The cap</h2>
 * Connections open plus connections opening never exceed the cap. When the kernel refuses a new
 * descriptor (EMFILE) the cap drops a little below what is open then (the excess closed as it comes
 * back idle), the limit is reported as reached, and
 * requests wait for the open connections instead of failing; only when none is open is the
 * request failed, as {@link ErrorKind#DESCRIPTOR_LIMIT}.
 */
public final class ConnectionPool {

    private final HttpClient client;
    private final InetSocketAddress remote;
    private final List<InetSocketAddress> sources;
    private final int maxConnections;
    private final IdleOrder order;
    /** FIFO: the idle connections in a queue. */
    private final MpscArrayQueue<LoadConnection> idle;
    /** LIFO: the idle connections in a stack. */
    private final IdleStack idleStack = new IdleStack();
    private final Map<HttpClientConnection, LoadConnection> byConnection = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger connecting = new AtomicInteger();
    private final AtomicLong opened = new AtomicLong();
    private final AtomicInteger maxOpen = new AtomicInteger();
    private final AtomicLong sourceTurn = new AtomicLong();
    private final AtomicLong connectFailures = new AtomicLong();
    /** Connect failures no request has been failed with yet, by kind. */
    private final AtomicLongArray unclaimedFailures = new AtomicLongArray(ErrorKind.values().length);
    private final AtomicLong unclaimed = new AtomicLong();
    private final AtomicInteger[] perSource;
    static {
        // The classes a connection's close and the client's stop need, loaded while descriptors are
        // free: past the descriptor limit the JVM cannot open its class path to load a class, and a
        // close that must load one fails instead of giving its descriptor back.
        HttpClientException.Kind.values();
    }

    /** Connections closed after the descriptor limit was reached, so the process has descriptors to work with. */
    static final int DESCRIPTORS_GIVEN_BACK = 16;

    private volatile int cap;
    /** The sender, while it waits for a connection: whoever queues one (or fails a connect) wakes it. */
    private volatile Thread waiter;
    private volatile String descriptorLimitReached;

    /**
     * @param sources        local addresses (port 0) to bind new connections to in turn; empty: the kernel chooses
     * @param maxConnections connections open or opening at most
     * @param order          which idle connection a request takes
     */
    public ConnectionPool(HttpClient client, InetSocketAddress remote, List<InetSocketAddress> sources, int maxConnections,
                          IdleOrder order) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
        }
        this.client = client;
        this.remote = remote;
        this.sources = List.copyOf(sources);
        this.maxConnections = maxConnections;
        this.cap = maxConnections;
        this.order = order;
        this.idle = order == IdleOrder.FIFO ? new MpscArrayQueue<>(Math.max(2, maxConnections)) : null;
        this.perSource = new AtomicInteger[Math.max(1, this.sources.size())];
        for (int i = 0; i < perSource.length; i++) {
            perSource[i] = new AtomicInteger();
        }
    }

    // --- the idle queue -------------------------------------------------------------------------------

    /** Sender only: a connection that had a free slot when it was queued (it may have closed since), or null. */
    public LoadConnection pollIdle() {
        LoadConnection connection = idle != null ? idle.relaxedPoll() : idleStack.pop();
        if (connection != null) {
            connection.unmarkQueued();
        }
        return connection;
    }

    /** Sender only, after a send: queues the connection again if it may take more (pipelining). */
    public void afterSend(LoadConnection connection) {
        requeueIfFree(connection);
    }

    /** From a response listener: a request on {@code connection} ended, so it may have a free slot. */
    public void released(HttpClientConnection connection) {
        LoadConnection loadConnection = byConnection.get(connection);
        if (loadConnection != null) {
            requeueIfFree(loadConnection);
        }
    }

    private void requeueIfFree(LoadConnection connection) {
        if (descriptorLimitReached != null && open.get() > cap && connection.hasNoneInFlight()) {
            // Past the descriptor limit the cap dropped below what is open: give the descriptor back.
            connection.connection().close();
            return;
        }
        if (connection.hasFreeSlot() && connection.markQueued()) {
            if (idle == null) {
                idleStack.push(connection);
            } else if (!idle.offer(connection)) {
                // Cannot happen: each connection is queued at most once and the queue holds the cap.
                throw new IllegalStateException("idle queue full at " + idle.size() + ": " + this);
            }
            wakeWaiter();
        }
    }

    private void wakeWaiter() {
        Thread thread = waiter;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Sender only: parks until a connection is queued, a connect fails or a connection closes (or
     * {@code maxNanos} pass), unless one of them already happened. Announcing the wait before the
     * last look at the queue means a producer that queues after that look sees the waiter and
     * unparks it: no wake-up is lost, and none is paid for while the sender is not waiting.
     */
    public void awaitChange(long maxNanos) {
        waiter = Thread.currentThread();
        if (idleIsEmpty() && unclaimed.get() == 0) {
            LockSupport.parkNanos(this, maxNanos);
        }
        waiter = null;
    }

    // --- opening --------------------------------------------------------------------------------------

    /** @return true if one more connection may be opened now */
    public boolean canOpen() {
        return open.get() + connecting.get() < cap;
    }

    /**
     * Sender only, after a send: when that send took the last idle connection, starts opening the
     * next one now, so that the next request that finds none waits for less than a whole connect
     * (or for nothing). At most one is opened ahead at a time.
     */
    public void openAheadIfNoneIdle() {
        if (idleIsEmpty() && connecting.get() == 0 && canOpen()) {
            open(true);
        }
    }

    private boolean idleIsEmpty() {
        return idle != null ? idle.isEmpty() : idleStack.isEmpty();
    }

    /** @return connections being opened now */
    public int connecting() {
        return connecting.get();
    }

    /**
     * Opens one more connection (the caller checked {@link #canOpen()}), bound to the next source
     * address; on success it joins the idle queue when {@code toIdle}, and the future completes with
     * it either way. A failure is counted, kept for a waiting request to fail with, and completes the
     * future exceptionally.
     */
    public CompletableFuture<LoadConnection> open(boolean toIdle) {
        connecting.incrementAndGet();
        int turn = sources.isEmpty() ? 0 : (int) (sourceTurn.getAndIncrement() % sources.size());
        InetSocketAddress local = sources.isEmpty() ? null : sources.get(turn);
        CompletableFuture<LoadConnection> result = new CompletableFuture<>();
        client.connect(remote, local).whenComplete((connection, failure) -> {
            if (failure == null) {
                LoadConnection loadConnection = new LoadConnection(connection, (int) opened.getAndIncrement());
                int now = open.incrementAndGet();
                connecting.decrementAndGet();
                maxOpen.accumulateAndGet(now, Math::max);
                perSource[turn].incrementAndGet();
                byConnection.put(connection, loadConnection);
                connection.closed().whenComplete((ignored, x) -> {
                    byConnection.remove(connection);
                    open.decrementAndGet();
                    // Room under the cap again.
                    wakeWaiter();
                });
                if (toIdle) {
                    requeueIfFree(loadConnection);
                }
                result.complete(loadConnection);
            } else {
                connecting.decrementAndGet();
                connectFailed(failure);
                result.completeExceptionally(failure);
            }
        });
        return result;
    }

    private void connectFailed(Throwable failure) {
        connectFailures.incrementAndGet();
        ErrorKind kind = ErrorKind.ofConnect(failure);
        if (kind == ErrorKind.DESCRIPTOR_LIMIT) {
            int openNow = open.get();
            if (descriptorLimitReached == null) {
                descriptorLimitReached = "the descriptor limit was reached with " + openNow + " connection(s) open: " + rootMessage(failure);
            }
            // Wait for the open ones from now on; fail a request only when there is none to wait for.
            // The cap drops a little below what is open, and the excess is closed as it comes back
            // idle: the process needs descriptors of its own to go on (a class to load from its class
            // path, the run's output files), and the kernel has none left to give at this moment.
            cap = Math.max(1, Math.min(cap, openNow - DESCRIPTORS_GIVEN_BACK));
            if (openNow > 0) {
                wakeWaiter();
                return;
            }
        }
        unclaimedFailures.incrementAndGet(kind.ordinal());
        unclaimed.incrementAndGet();
        wakeWaiter();
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.toString();
    }

    /**
     * Sender only: the kind of a connect failure that no request has been failed with yet, claimed
     * now (the waiting request fails with it), or null.
     */
    public ErrorKind claimConnectFailure() {
        if (unclaimed.get() == 0) {
            return null;
        }
        for (ErrorKind kind : ErrorKind.values()) {
            long n;
            while ((n = unclaimedFailures.get(kind.ordinal())) > 0) {
                if (unclaimedFailures.compareAndSet(kind.ordinal(), n, n - 1)) {
                    unclaimed.decrementAndGet();
                    return kind;
                }
            }
        }
        return null;
    }

    // --- what it reports ------------------------------------------------------------------------------

    public int openCount() {
        return open.get();
    }

    public long openedCount() {
        return opened.get();
    }

    public int maxOpenCount() {
        return maxOpen.get();
    }

    public long connectFailureCount() {
        return connectFailures.get();
    }

    /** @return what happened when the descriptor limit was reached, or null if it was not */
    public String descriptorLimitReached() {
        return descriptorLimitReached;
    }

    /** @return connections opened from each source address, in the order given */
    public List<Integer> openedPerSource() {
        List<Integer> counts = new ArrayList<>();
        for (AtomicInteger count : perSource) {
            counts.add(count.get());
        }
        return counts;
    }

    @Override
    public String toString() {
        return "ConnectionPool[" + remote + ",open=" + open + ",connecting=" + connecting + ",idle=" + order.label() + ":" + (idleIsEmpty() ? "none" : "some")
                + ",cap=" + cap + "/" + maxConnections + ",opened=" + opened + ",connectFailures=" + connectFailures + "]";
    }
}
