package io.workbench.targets.iocore;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.server.GatheringContentWriter;
import io.workbench.iocore.http.server.Response;
import io.workbench.targets.hello.StreamBody;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * {@code GET /stream} on iocore: a {@link GatheringContentWriter}, the {@code IteratingCallback}
 * that takes the chunks of the body (K bytes each, as the client asked) until the write holds the
 * high-water mark and hands them to one {@link Response#write(boolean, ByteBuffer[], int, int, Callback)},
 * one gather {@code EndPoint.write}: with the default 16 KiB chunks and 896 KiB mark, 56 chunks a
 * system call. The head goes out with the first write; {@code Content-Length} framing adds nothing
 * between the chunks, so a chunk that crosses the mark is cut there and its rest leads the next
 * write: every write but the last is the mark whatever the chunk size (of 1 KiB or more: a write
 * takes at most {@link Response#MAX_PIECES_PER_WRITE} chunks). A write the socket takes at
 * once completes inside {@code write()} and the loop goes on in the same frame; one that must wait
 * leaves the callback PENDING, no thread waits, and the selector completes it once the client has
 * read. Each chunk is a window of the shared
 * direct pattern, one view per slot of a write, made on first use and reused after, so a stream
 * allocates nothing per chunk.
 *
 * <p>When the body has been written (or the stream failed), the request's exchange ends it (the
 * completion hook runs once), then completes the handler's callback, which hands the connection to
 * its next request.
 */
final class IocoreStream extends GatheringContentWriter {

    private final StreamBody body;
    /** The request's one end: this stream's end is its end. */
    private final Callback exchange;
    /** This stream's windows on the shared pattern, one per slot of a write. */
    private ByteBuffer[] views = new ByteBuffer[0];
    /** Bytes taken into the write in progress, past the body's position (what has been written). */
    private long ahead;

    IocoreStream(Response response, int highWater, StreamBody body, Callback exchange) {
        super(response, highWater);
        this.body = body;
        this.exchange = exchange;
    }

    @Override
    protected int nextChunkLength() {
        return body.chunkLengthAhead(ahead);
    }

    @Override
    protected ByteBuffer takeChunk(int slot) {
        if (slot >= views.length) {
            int made = views.length;
            views = Arrays.copyOf(views, slot + 1);
            for (int i = made; i <= slot; i++) {
                views[i] = StreamBody.newView();
            }
        }
        ByteBuffer chunk = body.chunkAhead(ahead, views[slot]);
        ahead += chunk.remaining();
        return chunk;
    }

    @Override
    protected void written(long bytes) {
        ahead -= bytes;
        body.advance((int) bytes);
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
        return exchange.getInvocationType();
    }

    @Override
    public String toString() {
        return "IocoreStream[" + body + "," + super.toString() + "]";
    }
}
