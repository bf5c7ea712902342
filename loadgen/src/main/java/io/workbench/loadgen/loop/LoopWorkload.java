package io.workbench.loadgen.loop;

import io.workbench.loadgen.connection.LoopConnection;
import io.workbench.loadgen.connection.LoopConnections;

/**
 * What a {@link GeneratorLoop} sends: an open schedule ({@link OpenArrivals}, all-at-once too) or a
 * closed set of connections that each send their next request when the last ends
 * ({@link ClosedConnections}). Every call comes on the loop's own thread.
 */
public interface LoopWorkload extends LoopConnections.Events {

    /** Begins sending. */
    void start();

    /** A request on {@code connection} ended and was counted; {@code connection} is null if it had closed meanwhile. */
    void requestEnded(LoopConnection connection);

    /**
     * The server closed or reset the connection of the request of {@code slot} before any byte of it
     * was written: send it once more on another.
     */
    void resend(int slot);

    /**
     * Sends nothing more (interrupted, or the run is draining); requests still waiting for a
     * connection are given up, censored ({@code waiting_at_end}).
     */
    void stop(boolean interrupted);

    /** @return true once it will send nothing more: its schedule or count is through, or it stopped */
    boolean isDone();

    /** @return requests that came due but were not sent because it stopped early: {measured, warm-up} */
    long[] unsentDue();
}
