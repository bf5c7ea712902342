package io.workbench.loadgen.connection;

/**
 * A loop's connections that may take a request now, taken most recently used first
 * ({@link IdleOrder#LIFO}: a stack) or least recently used first ({@link IdleOrder#FIFO}: a ring).
 * A connection is in it at most once (its {@code idle} flag); one that closed while in it is
 * dropped when it comes up. Owned by one loop's thread; allocates only to grow.
 */
final class IdleConnections {

    private final IdleOrder order;
    private LoopConnection[] items = new LoopConnection[16];
    /** FIFO: index of the oldest. */
    private int head;
    private int size;

    IdleConnections(IdleOrder order) {
        this.order = order;
    }

    /** Adds {@code connection} unless it is in already. */
    void add(LoopConnection connection) {
        if (connection.idle) {
            return;
        }
        if (size == items.length) {
            grow();
        }
        items[(head + size) % items.length] = connection;
        size++;
        connection.idle = true;
    }

    /** @return the next open connection by the order, or null if none */
    LoopConnection poll() {
        while (size > 0) {
            LoopConnection next;
            if (order == IdleOrder.LIFO) {
                int last = (head + size - 1) % items.length;
                next = items[last];
                items[last] = null;
            } else {
                next = items[head];
                items[head] = null;
                head = (head + 1) % items.length;
            }
            size--;
            next.idle = false;
            if (!next.isClosed()) {
                return next;
            }
        }
        return null;
    }

    int size() {
        return size;
    }

    private void grow() {
        LoopConnection[] bigger = new LoopConnection[items.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = items[(head + i) % items.length];
        }
        items = bigger;
        head = 0;
    }

    @Override
    public String toString() {
        return "IdleConnections[" + order.label() + "," + size + "]";
    }
}
