package io.workbench.iocore.component;

import java.io.IOException;

/**
 * A component that starts threads or opens resources, and gives them all back on {@link #stop()}.
 *
 * <p>The contract the tests hold every component to: after {@code stop()} returns, no thread the
 * component started is alive and no file descriptor it opened is open.
 */
public interface LifeCycle {

    /**
     * Starts the component; calling it on a running component is an error.
     *
     * @throws IOException if a resource (a selector, a listening socket) cannot be opened
     */
    void start() throws IOException;

    /** Stops the component, closes what it opened and joins the threads it started; idempotent. */
    void stop();

    /** @return true between a successful {@link #start()} and {@link #stop()} */
    boolean isRunning();
}
