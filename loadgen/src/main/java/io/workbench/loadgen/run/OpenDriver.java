package io.workbench.loadgen.run;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.loadgen.connection.ConnectionPool;
import io.workbench.loadgen.connection.LoadConnection;
import io.workbench.loadgen.pacing.Pacer;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.schedule.ArrivalSchedule;

/**
 * The sender of an open run (and of all-at-once, an open schedule whose arrivals are all due at
 * once): one thread that takes each arrival in turn, waits for its intended time with the
 * {@link Pacer}, and gives it to a connection with a free slot, opening a new one when there is
 * none (clients do not stop arriving because earlier requests are slow), up to the pool's cap.
 *
 * <p>A request that finds no free connection and no room to open one is <em>blocked</em>: it waits,
 * keeps its intended time (so the wait is in its intended->send and intended->end latencies), and is
 * counted with its waiting time. A request whose connect failed is sent and failed at once with the
 * connect's error kind, so that every arrival that came due is accounted for. While a request waits
 * for a connection, the ones due behind it are counted too, so that as many connects are started as
 * requests are waiting, not one at a time; and a send that took the last idle connection starts
 * opening the next one, so that a growing run rarely makes a request wait for a whole connect.
 */
final class OpenDriver {

    /** How many arrivals are looked at ahead to decide how many connects to start. */
    private static final int LOOKAHEAD = 64;

    private final ArrivalSchedule schedule;
    private final RunClock clock;
    private final Pacer pacer;
    private final ConnectionPool pool;
    private final HttpRequest request;
    private final RunListener listener;
    private final RequestCounters warmup;
    private final RequestCounters measured;
    private final long[] ahead = new long[LOOKAHEAD];
    private int aheadFirst;
    private int aheadSize;
    private boolean scheduleOver;

    // Written by the sender only, read by the reporter.
    private volatile long blockedCount;
    private volatile long blockedMaxNanos;
    private volatile long blockedTotalNanos;
    private volatile long lastSendNanos;
    private volatile long unsentDueMeasured;
    private volatile long unsentDueWarmup;

    OpenDriver(ArrivalSchedule schedule, RunClock clock, Pacer pacer, ConnectionPool pool, HttpRequest request, RunListener listener,
               RequestCounters warmup, RequestCounters measured) {
        this.schedule = schedule;
        this.clock = clock;
        this.pacer = pacer;
        this.pool = pool;
        this.request = request;
        this.listener = listener;
        this.warmup = warmup;
        this.measured = measured;
        listener.onReleased(pool::released);
    }

    /** Sends the whole schedule, or until the pacer is cancelled; then counts what was due and not sent. */
    void run() {
        long offset;
        while ((offset = take()) != ArrivalSchedule.END) {
            long intended = clock.startNanos() + offset;
            pacer.awaitUntil(intended);
            if (pacer.isCancelled() || !dispatch(intended)) {
                countUnsent(intended);
                break;
            }
        }
    }

    /** @return false if the run was interrupted while the request waited for a connection */
    private boolean dispatch(long intended) {
        RequestCounters counters = clock.isMeasured(intended) ? measured : warmup;
        long blockedSince = 0;
        int waits = 0;
        while (true) {
            LoadConnection connection = pool.pollIdle();
            if (connection != null) {
                Admission admission = connection.connection().send(request, listener, intended);
                if (admission == Admission.ACCEPTED) {
                    counters.sent();
                    long now = System.nanoTime();
                    lastSendNanos = now;
                    pool.afterSend(connection);
                    pool.openAheadIfNoneIdle();
                    if (blockedSince != 0) {
                        blocked(now - blockedSince);
                    }
                    return true;
                }
                // Closing or closed: dropped from the queue. (FULL cannot be queued; if it were, its next response queues it.)
                continue;
            }
            ErrorKind failure = pool.claimConnectFailure();
            if (failure != null) {
                counters.sentAndFailed(failure);
                lastSendNanos = System.nanoTime();
                return true;
            }
            if (pool.canOpen()) {
                if (pool.connecting() < dueNow()) {
                    pool.open(true);
                }
            } else if (blockedSince == 0) {
                blockedSince = System.nanoTime();
            }
            if (pacer.isCancelled()) {
                return false;
            }
            // A connection frees up when a response arrives on a selector thread: yield to it first, then
            // park until the pool says something changed (a bounded park: the cap may also change when a connect succeeds).
            if (waits++ < 8) {
                Thread.yield();
            } else {
                pool.awaitChange(1_000_000);
            }
        }
    }

    private void blocked(long nanos) {
        blockedCount++;
        blockedTotalNanos += nanos;
        if (nanos > blockedMaxNanos) {
            blockedMaxNanos = nanos;
        }
    }

    /** @return requests due now that have no connection: the one being dispatched and those behind it */
    private int dueNow() {
        fill();
        long nowOffset = System.nanoTime() - clock.startNanos();
        int due = 1;
        for (int i = 0; i < aheadSize && ahead[(aheadFirst + i) % LOOKAHEAD] <= nowOffset; i++) {
            due++;
        }
        return due;
    }

    private long take() {
        fill();
        if (aheadSize == 0) {
            return ArrivalSchedule.END;
        }
        long offset = ahead[aheadFirst];
        aheadFirst = (aheadFirst + 1) % LOOKAHEAD;
        aheadSize--;
        return offset;
    }

    private void fill() {
        while (!scheduleOver && aheadSize < LOOKAHEAD) {
            long offset = schedule.next();
            if (offset == ArrivalSchedule.END) {
                scheduleOver = true;
            } else {
                ahead[(aheadFirst + aheadSize) % LOOKAHEAD] = offset;
                aheadSize++;
            }
        }
    }

    /** Interrupted: the request in hand and every later arrival already due are due but unsent. */
    private void countUnsent(long intended) {
        long stopOffset = System.nanoTime() - clock.startNanos();
        long measuredUnsent = 0;
        long warmupUnsent = 0;
        long offset = intended - clock.startNanos();
        while (offset != ArrivalSchedule.END && offset <= stopOffset) {
            if (clock.isMeasured(clock.startNanos() + offset)) {
                measuredUnsent++;
            } else {
                warmupUnsent++;
            }
            offset = take();
        }
        unsentDueMeasured = measuredUnsent;
        unsentDueWarmup = warmupUnsent;
    }

    long blockedCount() {
        return blockedCount;
    }

    long blockedMaxNanos() {
        return blockedMaxNanos;
    }

    long blockedTotalNanos() {
        return blockedTotalNanos;
    }

    long lastSendNanos() {
        return lastSendNanos;
    }

    long unsentDueMeasured() {
        return unsentDueMeasured;
    }

    long unsentDueWarmup() {
        return unsentDueWarmup;
    }

    @Override
    public String toString() {
        return "OpenDriver[" + schedule + "," + pool + ",blocked=" + blockedCount + "]";
    }
}
