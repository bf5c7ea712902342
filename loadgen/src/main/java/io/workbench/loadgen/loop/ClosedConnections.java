package io.workbench.loadgen.loop;

import io.workbench.loadgen.connection.LoopConnection;
import io.workbench.loadgen.record.ErrorKind;

/**
 * A loop's share of a closed run: {@code connections} connections, each keeping {@code pipeline}
 * requests outstanding and sending the next from the listener of the last, on the loop's thread. A
 * request's intended time is the moment it is sent, because in a closed model a request does not
 * exist until the one before it ended: that is why a closed model cannot see a stall in more than
 * one request per connection (every user who would have arrived during it was never created).
 *
 * <p>A connection that closes is replaced; a connect that fails fails the request that needed it
 * (sent and failed, so that {@code sent = ok + errors + timedOut} holds; censored, intended when the
 * connect started and timed to its failure) and is tried again while the run lasts. The share ends when its count is sent or its time is up. Priming uses the same
 * workload with a count, a time limit and a patience: it stops at the first response slower than that.
 */
final class ClosedConnections implements LoopWorkload {

    private final GeneratorLoop loop;
    private final int connections;
    private final int pipeline;
    /** Requests left to send in the measured phase of a counted run, or -1 for a timed one. */
    private long remaining;
    private final long endNanos;
    private final SlotQueue resends = new SlotQueue();
    /** Connections this share keeps busy now (others it may hear of, opened before it began, stay idle). */
    private int busy;
    private volatile boolean done;
    private boolean stopped;

    /**
     * @param connections how many connections this loop keeps busy
     * @param pipeline    requests outstanding on each
     * @param requests    measured requests to send (0: timed by {@code endNanos} alone)
     * @param endNanos    when it stops sending ({@link Long#MAX_VALUE}: never by time)
     */
    ClosedConnections(GeneratorLoop loop, int connections, int pipeline, long requests, long endNanos) {
        this.loop = loop;
        this.connections = connections;
        this.pipeline = pipeline;
        this.remaining = requests > 0 ? requests : -1;
        this.endNanos = endNanos;
    }

    @Override
    public void start() {
        if (connections == 0) {
            done = true;
            return;
        }
        for (int i = 0; i < connections; i++) {
            LoopConnection idle = loop.connections().takeIdle();
            if (idle != null) {
                keep(idle);
            } else if (!loop.connections().connect()) {
                // The cap: fewer connections than asked for (the plan checks it is not below the concurrency).
                break;
            }
        }
    }

    /** Sends on {@code connection} until it is full or the share is through. */
    private void fill(LoopConnection connection) {
        while (!stopped && connection.hasFreeSlot()) {
            int slot;
            if (!resends.isEmpty()) {
                slot = resends.removeFirst();
            } else {
                long now = System.nanoTime();
                if (!claim(now)) {
                    finishIfIdle();
                    return;
                }
                slot = loop.newRequest(now);
            }
            if (!loop.send(slot, connection)) {
                // Closing: this request goes on another connection; the close brings a replacement.
                resends.addFirst(slot);
                return;
            }
        }
    }

    /** @return true if one more request may be sent at {@code now}: time and count left */
    private boolean claim(long now) {
        if (now - endNanos >= 0) {
            return false;
        }
        if (remaining < 0 || !loop.clock().isMeasured(now)) {
            return true;
        }
        if (remaining == 0) {
            return false;
        }
        remaining--;
        return true;
    }

    private void finishIfIdle() {
        if (resends.isEmpty()) {
            done = true;
        }
    }

    @Override
    public void requestEnded(LoopConnection connection) {
        if (connection != null && !connection.isClosed()) {
            fill(connection);
        }
    }

    @Override
    public void connected(LoopConnection connection) {
        if (stopped || done || busy >= connections) {
            loop.connections().offerIdle(connection);
            return;
        }
        keep(connection);
    }

    private void keep(LoopConnection connection) {
        connection.keep();
        busy++;
        fill(connection);
    }

    @Override
    public void connectFailed(ErrorKind kind, Throwable cause, long startedNanos) {
        if (stopped || done) {
            return;
        }
        long now = System.nanoTime();
        if (!resends.isEmpty()) {
            loop.censor(resends.removeFirst(), kind);
        } else if (claim(now)) {
            // The request that needed the connection: it existed from the moment its connect started.
            loop.censor(loop.newRequest(startedNanos, startedNanos), kind);
        } else {
            finishIfIdle();
            return;
        }
        loop.connections().connect();
    }

    @Override
    public void closed(LoopConnection connection) {
        if (connection.isKept()) {
            busy--;
            if (!stopped && !done) {
                loop.connections().connect();
            }
        }
    }

    @Override
    public void resend(int slot) {
        if (stopped) {
            loop.censor(slot, ErrorKind.WAITING_AT_END);
            return;
        }
        loop.awaitConnection(slot, System.nanoTime());
        resends.addLast(slot);
    }

    @Override
    public void stop(boolean interrupted) {
        stopped = true;
        while (!resends.isEmpty()) {
            loop.censor(resends.removeFirst(), ErrorKind.WAITING_AT_END);
        }
        done = true;
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public long[] unsentDue() {
        return new long[] {0, 0};
    }

    @Override
    public String toString() {
        return "ClosedConnections[" + connections + "x" + pipeline + (done ? ",done" : remaining >= 0 ? ",left=" + remaining : "") + "]";
    }
}
