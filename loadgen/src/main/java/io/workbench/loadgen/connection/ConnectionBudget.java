package io.workbench.loadgen.connection;

import io.workbench.loadgen.record.ErrorKind;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The connections of a whole run, shared by its loops: how many may be open or opening at once
 * (the cap), the source addresses new ones are bound to in turn, and what they came to (opened,
 * most open at once, connect failures, per source address). Touched once per connect and close,
 * never per request.
 *
 * <p>When the kernel refuses a descriptor (EMFILE) the cap drops a little below what is open then,
 * the limit is reported as reached, and requests wait for the open connections; the loops close
 * the excess as it comes back idle, so that the process keeps descriptors for its own files.
 */
public final class ConnectionBudget {

    /** Connections given back after the descriptor limit was reached, so the process has descriptors to work with. */
    static final int DESCRIPTORS_GIVEN_BACK = 16;

    private final int maxConnections;
    private final List<InetSocketAddress> sources;
    private final AtomicInteger reserved = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger maxOpen = new AtomicInteger();
    private final AtomicLong opened = new AtomicLong();
    private final AtomicLong connectFailures = new AtomicLong();
    private final AtomicLong capRefusals = new AtomicLong();
    private final AtomicLong sourceTurn = new AtomicLong();
    private final AtomicIntegerArray perSource;
    private volatile int cap;
    private volatile String descriptorLimitReached;

    /**
     * @param maxConnections open or opening at most
     * @param sources        local addresses (port 0) new connections are bound to in turn; empty: the kernel chooses
     */
    public ConnectionBudget(int maxConnections, List<InetSocketAddress> sources) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
        }
        this.maxConnections = maxConnections;
        this.cap = maxConnections;
        this.sources = List.copyOf(sources);
        this.perSource = new AtomicIntegerArray(Math.max(1, this.sources.size()));
    }

    /**
     * @return true if one more connection may be opened now, which the caller then opens (it is
     *         counted as opening); false if the cap is reached (counted: {@link #capRefusals()})
     */
    public boolean tryReserve() {
        while (true) {
            int now = reserved.get();
            if (now >= cap) {
                capRefusals.incrementAndGet();
                return false;
            }
            if (reserved.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /** @return true if one more connection may be opened now (nothing is reserved) */
    public boolean hasRoom() {
        return reserved.get() < cap;
    }

    /** @return the index of the source address the next connection is bound to (0 when the kernel chooses) */
    public int nextSource() {
        return sources.isEmpty() ? 0 : (int) Math.floorMod(sourceTurn.getAndIncrement(), (long) sources.size());
    }

    /**
     * @return the local address to bind a connection of source {@code index} to, or null when the
     *         kernel chooses: with one source address the kernel picks that same address for a
     *         loopback target, and a bind to port 0 before connecting costs a search of the port
     *         space the connect would make anyway (it grows with the connections open)
     */
    public InetSocketAddress source(int index) {
        return sources.size() <= 1 ? null : sources.get(index);
    }

    /** A reserved connection opened from source {@code index}. */
    public void connected(int index) {
        int now = open.incrementAndGet();
        maxOpen.accumulateAndGet(now, Math::max);
        opened.incrementAndGet();
        perSource.incrementAndGet(index);
    }

    /**
     * A reserved connection failed to open.
     *
     * @return the kind of the failure
     */
    public ErrorKind connectFailed(Throwable failure) {
        reserved.decrementAndGet();
        connectFailures.incrementAndGet();
        ErrorKind kind = ErrorKind.ofConnect(failure);
        if (kind == ErrorKind.DESCRIPTOR_LIMIT) {
            int openNow = open.get();
            if (descriptorLimitReached == null) {
                descriptorLimitReached = "the descriptor limit was reached with " + openNow + " connection(s) open: " + rootMessage(failure);
            }
            cap = Math.max(1, Math.min(cap, openNow - DESCRIPTORS_GIVEN_BACK));
        }
        return kind;
    }

    /** An open connection closed. */
    public void closed() {
        open.decrementAndGet();
        reserved.decrementAndGet();
    }

    /** @return true if more connections are open than the cap allows now (it dropped at the descriptor limit) */
    public boolean overCap() {
        return descriptorLimitReached != null && open.get() > cap;
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.toString();
    }

    public int openCount() {
        return open.get();
    }

    /** @return connections opening now, over every loop */
    public int openingCount() {
        return reserved.get() - open.get();
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

    /**
     * @return how many times a connect was refused because the cap was reached, over every loop: a
     *         request that waited while this changed waited at the cap
     */
    public long capRefusals() {
        return capRefusals.get();
    }

    public int maxConnections() {
        return maxConnections;
    }

    /** @return what happened when the descriptor limit was reached, or null if it was not */
    public String descriptorLimitReached() {
        return descriptorLimitReached;
    }

    /** @return connections opened from each source address, in the order given */
    public List<Integer> openedPerSource() {
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < perSource.length(); i++) {
            counts.add(perSource.get(i));
        }
        return counts;
    }

    @Override
    public String toString() {
        return "ConnectionBudget[open=" + open + ",reserved=" + reserved + ",cap=" + cap + "/" + maxConnections + ",opened=" + opened
                + ",connectFailures=" + connectFailures + (descriptorLimitReached != null ? ",descriptor limit reached" : "") + "]";
    }
}
