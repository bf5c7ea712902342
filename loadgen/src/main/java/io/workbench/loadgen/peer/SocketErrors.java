package io.workbench.loadgen.peer;

/** wrk's {@code Socket errors: connect N, read N, write N, timeout N} line; all zero when wrk printed none. */
public record SocketErrors(long connect, long read, long write, long timeout) {

    public static final SocketErrors NONE = new SocketErrors(0, 0, 0, 0);

    public long total() {
        return connect + read + write + timeout;
    }
}
