package io.workbench.loadgen.connection;

import io.workbench.iocore.http.client.HttpClientConnection;

/**
 * One of a generator loop's connections: the client's connection, whether it sits in the loop's idle
 * set, and whether it has closed. Touched by its loop's thread only.
 */
public final class LoopConnection {

    private final HttpClientConnection connection;
    private final int index;
    private final int source;
    boolean idle;
    private boolean closed;
    private boolean kept;

    LoopConnection(HttpClientConnection connection, int index, int source) {
        this.connection = connection;
        this.index = index;
        this.source = source;
    }

    public HttpClientConnection connection() {
        return connection;
    }

    /** @return true if it may take another request now */
    public boolean hasFreeSlot() {
        return !closed && connection.isOpen() && connection.getRequestsOutstanding() < connection.getMaxRequestsInFlight();
    }

    /** @return true if no request is outstanding on it: closing it now fails none */
    public boolean hasNoneInFlight() {
        return connection.getRequestsOutstanding() == 0;
    }

    /** A closed workload keeps this connection busy from now on (it is one of its {@code concurrency}). */
    public void keep() {
        kept = true;
    }

    /** @return true if a closed workload kept it busy */
    public boolean isKept() {
        return kept;
    }

    public boolean isClosed() {
        return closed;
    }

    void markClosed() {
        closed = true;
    }

    int source() {
        return source;
    }

    @Override
    public String toString() {
        return "LoopConnection#" + index + "[" + (idle ? "idle," : "") + (closed ? "closed," : "") + connection + "]";
    }
}
