package io.workbench.loadgen.connection;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The idle connections in last-in first-out order: a Treiber stack whose nodes are the connections
 * themselves (each is in it at most once), so that neither a push nor a pop allocates. Many threads
 * push; one thread (the sender) pops. With a single popper there is no ABA: the node a pop reads as
 * the top cannot be popped and pushed again by anyone else before its CAS, and a push that lands
 * meanwhile makes the CAS fail and the pop read again.
 */
final class IdleStack {

    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(IdleStack.class, "top", LoadConnection.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    @SuppressWarnings("unused") // through TOP
    private volatile LoadConnection top;

    /** Any thread; {@code connection} must not be in the stack. */
    void push(LoadConnection connection) {
        LoadConnection current;
        do {
            current = (LoadConnection) TOP.getVolatile(this);
            connection.next = current;
        } while (!TOP.compareAndSet(this, current, connection));
    }

    /** The popping thread only: the most recently pushed connection, or null. */
    LoadConnection pop() {
        LoadConnection current;
        do {
            current = (LoadConnection) TOP.getVolatile(this);
            if (current == null) {
                return null;
            }
        } while (!TOP.compareAndSet(this, current, current.next));
        current.next = null;
        return current;
    }

    boolean isEmpty() {
        return TOP.getVolatile(this) == null;
    }

    @Override
    public String toString() {
        return "IdleStack[" + (isEmpty() ? "empty" : "top=" + top) + "]";
    }
}
