package io.workbench.loadgen.connection;

import io.workbench.iocore.http.client.HttpClientConnection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One of the generator's connections, and whether it is in the pool's idle queue. The flag keeps
 * a connection in the queue at most once however many threads notice it has a free slot: the
 * sender after a send (a pipelined connection may take more), the reader after a response.
 */
public final class LoadConnection {

    private static final VarHandle QUEUED;

    static {
        try {
            QUEUED = MethodHandles.lookup().findVarHandle(LoadConnection.class, "queued", boolean.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    private final HttpClientConnection connection;
    /** The next connection down the idle stack, while this one is in it (written before the push's CAS, read after the pop's). */
    LoadConnection next;
    private final int index;
    @SuppressWarnings("unused") // through QUEUED
    private volatile boolean queued;

    LoadConnection(HttpClientConnection connection, int index) {
        this.connection = connection;
        this.index = index;
    }

    public HttpClientConnection connection() {
        return connection;
    }

    /** @return true if this call put the flag up: the caller must then queue the connection */
    boolean markQueued() {
        return QUEUED.compareAndSet(this, false, true);
    }

    /** The sender took it out of the queue; cleared before it sends, so a response after this may queue it again. */
    void unmarkQueued() {
        QUEUED.setVolatile(this, false);
    }

    /** @return true if no request is outstanding on it: closing it now fails none */
    boolean hasNoneInFlight() {
        return connection.getRequestsOutstanding() == 0;
    }

    /** @return true if it may take another request now */
    boolean hasFreeSlot() {
        return connection.isOpen() && connection.getRequestsOutstanding() < connection.getMaxRequestsInFlight();
    }

    @Override
    public String toString() {
        return "LoadConnection#" + index + "[" + (queued ? "queued," : "") + connection + "]";
    }
}
