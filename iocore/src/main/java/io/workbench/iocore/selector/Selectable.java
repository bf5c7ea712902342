package io.workbench.iocore.selector;

import java.nio.channels.SelectionKey;

/**
 * What a {@link ManagedSelector} finds attached to a selection key: an endpoint, the acceptor, a
 * connect in progress. Every method is called on the selector's producing thread.
 */
interface Selectable {

    /**
     * The key is ready for some of its interest ops.
     *
     * @return the task to run for it (the strategy decides on which thread), or null
     */
    Runnable onSelected(SelectionKey key);

    /** The round of selected keys is over: apply any change of interest ops now. */
    void updateKey(SelectionKey key);

    /** Periodic: expire what has been idle or pending too long. */
    void onSweep(long nowNanos);

    /** The selector stops: close with {@code cause}. */
    void close(Throwable cause);

    /**
     * The selector was rebuilt: the channel is registered with a new selector, with the same
     * interest ops and attachment, and {@code key} replaces the one this holds (now cancelled).
     * Every key the selectable uses from now on must be this one.
     */
    void keyReplaced(SelectionKey key);
}
