package io.workbench.targets.jetty;

import io.workbench.targets.hello.StreamBody;
import java.nio.ByteBuffer;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.IteratingCallback;

/**
 * {@code GET /stream} on Jetty's core API: Jetty's own {@link IteratingCallback} over
 * {@link Response#write} (the response is a {@code Content.Sink}), one chunk per {@link #process()}.
 * A write the socket takes at once completes inside {@code write()} and the loop goes on without
 * recursion; one that must wait returns {@code SCHEDULED}, no thread waits, and Jetty calls
 * {@link #succeeded()} when the client has read enough. When the body is written (or failed),
 * the request's exchange ends it (the completion hook runs once) and completes Jetty's request callback.
 */
final class JettyStream extends IteratingCallback {

    private final Response response;
    private final StreamBody body;
    /** The request's one end: this stream's end is its end. */
    private final Callback exchange;
    /** This stream's window on the shared pattern, moved for each chunk. */
    private final ByteBuffer view = StreamBody.newView();
    private int writing;
    private boolean lastWritten;

    JettyStream(Response response, StreamBody body, Callback exchange) {
        this.response = response;
        this.body = body;
        this.exchange = exchange;
    }

    @Override
    protected Action process() {
        if (lastWritten) {
            return Action.SUCCEEDED;
        }
        writing = body.nextChunkLength();
        lastWritten = writing == body.remaining();
        response.write(lastWritten, body.nextChunk(view), this);
        return Action.SCHEDULED;
    }

    @Override
    protected void onSuccess() {
        body.advance(writing);
    }

    @Override
    protected void onCompleteSuccess() {
        exchange.succeeded();
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        exchange.failed(cause);
    }

    @Override
    public InvocationType getInvocationType() {
        // process() starts a write and returns: it never blocks.
        return InvocationType.NON_BLOCKING;
    }

    @Override
    public String toString() {
        return "JettyStream[" + body + "]";
    }
}
