package io.workbench.targets.server;

/**
 * A server a {@link ServerTechnology} has started: bound, accepting, answering the hello contract.
 * Stopping is two steps so that the shared stop sequence (stop accepting, let in-flight requests
 * finish for a grace period, close) is written once, in {@code Target}, not in every server.
 */
public interface RunningServer {

    /** The port it listens on (the one the kernel picked if the settings asked for port 0). */
    int port();

    /**
     * Closes the listening socket: new connections are refused, connections already accepted are
     * still served. Idempotent.
     */
    void stopAccepting();

    /**
     * Closes every connection (failing what is still in flight) and stops every thread the server
     * started; returns when they are gone. Idempotent.
     */
    void close();
}
