package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.IteratingCallback;
import io.workbench.iocore.http.server.Response;
import io.workbench.targets.hello.StreamBody;
import java.nio.ByteBuffer;

/**
 * {@code GET /stream} on iocore: an {@link IteratingCallback} over the response's writes, each of
 * which is one gather {@code EndPoint.write} of a chunk ({@link Response#write}: the head goes out
 * with the first chunk, {@code Content-Length} framing adds nothing to the others). One chunk per
 * {@link #process()}: a write the socket takes at once completes inside {@code write()} and the
 * loop goes on in the same frame; one that must wait leaves the callback PENDING, no thread waits,
 * and the selector completes it once the client has read. The chunk is a window of the shared
 * direct pattern, so a stream allocates nothing per chunk.
 *
 * <p>When the body has been written (or the stream failed), the completion hook runs, then the
 * handler's callback completes, which hands the connection to its next request.
 */
final class IocoreStream extends IteratingCallback {

    private final Response response;
    private final StreamBody body;
    private final Runnable whenDone;
    private final Callback handlerCallback;
    /** This stream's window on the shared pattern, moved for each chunk. */
    private final ByteBuffer view = StreamBody.newView();
    private int writing;
    private boolean lastWritten;

    IocoreStream(Response response, StreamBody body, Runnable whenDone, Callback handlerCallback) {
        this.response = response;
        this.body = body;
        this.whenDone = whenDone;
        this.handlerCallback = handlerCallback;
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
        whenDone.run();
        handlerCallback.succeeded();
    }

    @Override
    protected void onCompleteFailure(Throwable cause) {
        whenDone.run();
        handlerCallback.failed(cause);
    }

    @Override
    public InvocationType getInvocationType() {
        return handlerCallback.getInvocationType();
    }

    @Override
    public String toString() {
        return "IocoreStream[" + body + "," + super.toString() + "]";
    }
}
