package io.workbench.loadgen.loop;

import io.workbench.loadgen.connection.LoopConnection;
import io.workbench.loadgen.record.ErrorKind;

/**
 * Opens a loop's share of the connections asked for before the clock starts, and leaves them idle
 * for the workload that follows: so that a run's first second measures the target, not a thousand
 * connects, and all-at-once requests really start together. Done when every connect it started has
 * completed or failed (a failure is counted by the run's budget).
 */
final class Preconnect implements LoopWorkload {

    private final GeneratorLoop loop;
    private final int connections;
    private int pending;
    private volatile boolean done;

    Preconnect(GeneratorLoop loop, int connections) {
        this.loop = loop;
        this.connections = connections;
    }

    @Override
    public void start() {
        for (int i = 0; i < connections && loop.connections().connect(); i++) {
            pending++;
        }
        done = pending == 0;
    }

    @Override
    public void connected(LoopConnection connection) {
        loop.connections().offerIdle(connection);
        settled();
    }

    @Override
    public void connectFailed(ErrorKind kind, Throwable cause) {
        settled();
    }

    private void settled() {
        if (--pending <= 0) {
            done = true;
        }
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
        return "Preconnect[" + connections + ",pending=" + pending + "]";
    }
}
