package io.workbench.loadgen.connection;

/** Which idle connection the next request takes. */
public enum IdleOrder {
    /**
     * The most recently used: a few hot connections carry a steady load, and the ones a burst made
     * the generator open rest instead of spreading every later request over cold sockets (which
     * makes both sides slower, which opens more connections...).
     */
    LIFO,
    /** The least recently used: requests rotate over every open connection, as wrk spreads its load over its -c connections. */
    FIFO;

    /** @return the name on the command line and in summary.json */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
