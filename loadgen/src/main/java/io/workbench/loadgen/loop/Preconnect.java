package io.workbench.loadgen.loop;

import io.workbench.loadgen.connection.LoopConnection;
import io.workbench.loadgen.record.ErrorKind;

/**
 * Opens a loop's share of the connections asked for before the clock starts, and leaves them idle
 * for the workload that follows: so that a run's first second measures the target, not a thousand
 * connects, and all-at-once requests really start together. Done when every connect it started has
 * completed or failed (a failure is counted by the run's budget). It keeps at most
 * {@link #IN_FLIGHT} connects under way and starts the next as one settles, so that the loop
 * never spends the whole preconnect in one step (19,850 connects, each a bind, a connect and a
 * registration, once held a loop for more than 30 s while the kernel was slow with them).
 */
final class Preconnect implements LoopWorkload {

    /** Connects under way at once, at most. */
    static final int IN_FLIGHT = 256;

    private final GeneratorLoop loop;
    private final int connections;
    private int started;
    private int pending;
    private boolean refused;
    private boolean starting;
    private volatile boolean done;

    Preconnect(GeneratorLoop loop, int connections) {
        this.loop = loop;
        this.connections = connections;
    }

    @Override
    public void start() {
        startMore();
    }

    /**
     * Starts connects until {@link #IN_FLIGHT} are under way, all were started, or the budget refuses
     * one. A connect that fails at once settles inside it: that settle only counts, and this loop
     * goes on (no recursion however many fail).
     */
    private void startMore() {
        if (starting) {
            return;
        }
        starting = true;
        try {
            while (!refused && started < connections && pending < IN_FLIGHT) {
                started++;
                pending++;
                if (!loop.connections().connect()) {
                    started--;
                    pending--;
                    refused = true;
                }
            }
        } finally {
            starting = false;
        }
        done = pending == 0;
    }

    @Override
    public void connected(LoopConnection connection) {
        loop.connections().offerIdle(connection);
        settled();
    }

    @Override
    public void connectFailed(ErrorKind kind, Throwable cause, long startedNanos) {
        settled();
    }

    private void settled() {
        pending--;
        startMore();
    }

    @Override
    public void closed(LoopConnection connection) {
    }

    @Override
    public void requestEnded(LoopConnection connection) {
        throw new IllegalStateException("preconnecting sends no request");
    }

    @Override
    public void resend(int slot) {
        throw new IllegalStateException("preconnecting sends no request");
    }

    @Override
    public void stop(boolean interrupted) {
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
        return "Preconnect[" + connections + ",started=" + started + ",pending=" + pending + (refused ? ",refused" : "") + "]";
    }
}
