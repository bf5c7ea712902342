package io.workbench.targets.jetty;

import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/**
 * Reads and drops the content of a request the hello contract answers without reading it (a
 * {@code POST} answered 405, a {@code PUT} to an unknown path answered 404), up to
 * {@value #MAX_DROPPED_CONTENT} bytes, without blocking: what has arrived is read at once, the
 * rest as Jetty signals it ({@link Request#demand}). Then the reply is sent.
 *
 * <p>Why: Jetty, finding content nobody read once the response is complete, closes the connection
 * without a word; a client sending its next request (or the rest of this body) into that close gets
 * a reset, which may destroy the response before it is read. Drained first, the connection stays
 * usable. Past the bound, the reply is sent saying the connection closes.
 */
final class JettyContentDrain implements Runnable {

    /** The most request content read and dropped to keep a connection after a 405 or 404. */
    static final int MAX_DROPPED_CONTENT = 64 * 1024;

    /** What to do once the content is drained ({@code true}) or given up on ({@code false}). */
    interface Then {
        void drained(boolean all);
    }

    private final Request request;
    private final Then then;
    private long dropped;

    private JettyContentDrain(Request request, Then then) {
        this.request = request;
        this.then = then;
    }

    /**
     * Drains {@code request}'s content, then calls {@code then}, at once if there is none or it all
     * arrived. (Not {@code Request.consumeAvailable()}: when content is still to come, that gives the
     * connection up rather than wait for it.)
     */
    static void drain(Request request, Then then) {
        new JettyContentDrain(request, then).run();
    }

    @Override
    public void run() {
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                request.demand(this);
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                then.drained(false);
                return;
            }
            dropped += chunk.remaining();
            boolean last = chunk.isLast();
            chunk.release();
            if (last) {
                then.drained(true);
                return;
            }
            if (dropped > MAX_DROPPED_CONTENT) {
                then.drained(false);
                return;
            }
        }
    }

    @Override
    public String toString() {
        return "JettyContentDrain@" + Integer.toHexString(hashCode()) + "[dropped=" + dropped + "]";
    }
}
