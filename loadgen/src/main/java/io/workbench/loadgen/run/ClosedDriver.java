package io.workbench.loadgen.run;

import io.workbench.iocore.http.client.HttpClientConnection;
import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.loadgen.connection.ConnectionPool;
import io.workbench.loadgen.connection.LoadConnection;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.RequestCounters;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A closed run: {@code concurrency} connections, each keeping {@code pipeline} requests outstanding
 * (one, unless pipelining), and sending the next request from the listener of the last one, on the
 * selector thread that read its response: no other thread, no hop. A request's intended time is
 * the moment it is sent, because in a closed model a request does not exist until the one before
 * it ended: that is exactly why a closed model cannot see a stall in more than one request per
 * connection (every user that would have arrived during it simply was not created).
 *
 * <p>A connection that closes is replaced (on a thread of its own, so that a failing connect that
 * fails at once cannot recurse); a connect that fails fails the request that needed it, which
 * keeps {@code sent = ok + errors + timedOut}. The run ends when every slot has found that its
 * count or its time is up.
 */
final class ClosedDriver {

    private final RunClock clock;
    private final ConnectionPool pool;
    private final HttpRequest request;
    private final RunListener listener;
    private final RequestCounters warmup;
    private final RequestCounters measured;
    private final int concurrency;
    private final int pipeline;
    /** Measured requests left to claim in a counted run. */
    private final AtomicLong remaining;
    private final long measuredEndNanos;
    private final CountDownLatch slotsDone;
    private final ExecutorService reconnects;
    private volatile boolean stopping;
    private volatile long lastSendNanos;

    ClosedDriver(RunClock clock, ConnectionPool pool, HttpRequest request, RunListener listener, RequestCounters warmup,
                 RequestCounters measured, int concurrency, int pipeline, long requests, long durationNanos) {
        this.clock = clock;
        this.pool = pool;
        this.request = request;
        this.listener = listener;
        this.warmup = warmup;
        this.measured = measured;
        this.concurrency = concurrency;
        this.pipeline = pipeline;
        // Counted, timed, or both (whichever ends first).
        this.remaining = requests > 0 ? new AtomicLong(requests) : null;
        this.measuredEndNanos = durationNanos > 0 ? clock.measuredStartNanos() + durationNanos : Long.MAX_VALUE;
        this.slotsDone = new CountDownLatch(concurrency * pipeline);
        this.reconnects = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "loadgen-reconnect");
            thread.setDaemon(true);
            return thread;
        });
        listener.onReleased(this::next);
    }

    /** Opens the connections; each fills its slots as soon as it is open. */
    void start() {
        for (int i = 0; i < concurrency; i++) {
            reconnects.execute(() -> connect(pipeline));
        }
    }

    /** Waits until every slot is done, or the run is stopped (then up to {@code graceNanos} more). */
    boolean awaitDone(long graceNanos) throws InterruptedException {
        while (!stopping) {
            if (slotsDone.await(50, TimeUnit.MILLISECONDS)) {
                return true;
            }
        }
        return slotsDone.await(graceNanos, TimeUnit.NANOSECONDS);
    }

    /** No slot sends again. */
    void stop() {
        stopping = true;
    }

    void close() {
        reconnects.shutdownNow();
    }

    /**
     * On the reconnect thread (the idle queue's one consumer in a closed run): gives {@code slots}
     * slots a connection, the one the run's first connect left idle if it is still there, else a new one.
     */
    private void connect(int slots) {
        if (stopping) {
            for (int i = 0; i < slots; i++) {
                slotsDone.countDown();
            }
            return;
        }
        LoadConnection idle = pool.pollIdle();
        if (idle != null && idle.connection().isOpen()) {
            for (int i = 0; i < slots; i++) {
                next(idle.connection());
            }
            return;
        }
        pool.open(false).whenComplete((connection, failure) -> {
            if (failure == null) {
                for (int i = 0; i < slots; i++) {
                    next(connection.connection());
                }
            } else {
                ErrorKind kind = pool.claimConnectFailure();
                reconnects.execute(() -> connectFailed(kind == null ? ErrorKind.ofConnect(failure) : kind, slots));
            }
        });
    }

    /** Each slot that needed the connection fails its request with the connect's error, then tries again. */
    private void connectFailed(ErrorKind kind, int slots) {
        int again = 0;
        for (int i = 0; i < slots; i++) {
            long now = System.nanoTime();
            if (claim(now)) {
                lastSendNanos = now;
                (clock.isMeasured(now) ? measured : warmup).sentAndFailed(kind);
                again++;
            } else {
                slotsDone.countDown();
            }
        }
        if (again > 0) {
            connect(again);
        }
    }

    /** A request on {@code connection} ended (or the connection just opened): send the slot's next one. */
    private void next(HttpClientConnection connection) {
        long now = System.nanoTime();
        if (!claim(now)) {
            // The slot is done: its connection may serve whatever runs next (the measured run after a priming one).
            pool.released(connection);
            slotsDone.countDown();
            return;
        }
        boolean isMeasured = clock.isMeasured(now);
        Admission admission = connection.send(request, listener, now);
        if (admission == Admission.ACCEPTED) {
            lastSendNanos = now;
            (isMeasured ? measured : warmup).sent();
            return;
        }
        // The connection is closing: give the claim back and go on with a new one.
        unclaim(now);
        reconnects.execute(() -> connect(1));
    }

    /** @return true if the slot may send a request at {@code now}: time or count left, and not stopping */
    private boolean claim(long now) {
        if (stopping || (measuredEndNanos != Long.MAX_VALUE && now - measuredEndNanos >= 0)) {
            return false;
        }
        if (remaining == null || !clock.isMeasured(now)) {
            return true;
        }
        return remaining.getAndDecrement() > 0;
    }

    private void unclaim(long now) {
        if (remaining != null && clock.isMeasured(now)) {
            remaining.incrementAndGet();
        }
    }

    long lastSendNanos() {
        return lastSendNanos;
    }

    @Override
    public String toString() {
        return "ClosedDriver[" + concurrency + "x" + pipeline + ",left=" + slotsDone.getCount() + (stopping ? ",stopping" : "") + "]";
    }

}
