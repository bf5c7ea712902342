package io.workbench.targets.servlet;

import io.workbench.targets.hello.StreamBody;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;

/**
 * {@code GET /stream} on a servlet container, the two ways the Servlet API allows:
 * <ul>
 *   <li>{@link #writeBlocking()}: {@code ServletOutputStream.write} chunk after chunk on the
 *       calling thread, which waits inside the write while the client does not read (sync,
 *       virtual, async-dispatch);</li>
 *   <li>{@link #writeNonBlocking()}: a Servlet 3.1 {@code WriteListener} that writes only while
 *       {@code isReady()} is true and returns as soon as it is not; the container calls
 *       {@code onWritePossible()} again once the client has read, on whichever thread it chooses
 *       (async-complete, async-queue, write-listener). No thread waits for the client.</li>
 * </ul>
 * Chunks are written from the shared heap pattern ({@link StreamBody#pattern()}), never copied here.
 */
final class ServletStream implements WriteListener {

    private final StreamBody body;
    private final ServletExchange exchange;
    private ServletOutputStream out;

    ServletStream(StreamBody body, ServletExchange exchange) {
        this.body = body;
        this.exchange = exchange;
    }

    void writeBlocking() {
        byte[] pattern = StreamBody.pattern();
        boolean clientGone = false;
        try {
            ServletOutputStream output = exchange.output();
            while (!body.isDone()) {
                int length = body.nextChunkLength();
                output.write(pattern, body.patternOffset(), length);
                body.advance(length);
            }
        } catch (IOException failed) {
            // The client went away: the stream is over, short; the container closes the connection.
            clientGone = true;
        } finally {
            if (clientGone) {
                exchange.failed();
            } else {
                exchange.finish();
            }
        }
    }

    void writeNonBlocking() {
        try {
            out = exchange.output();
            out.setWriteListener(this);
        } catch (IOException | RuntimeException failed) {
            exchange.failed();
        }
    }

    @Override
    public void onWritePossible() throws IOException {
        byte[] pattern = StreamBody.pattern();
        while (out.isReady()) {
            if (body.isDone()) {
                exchange.finish();
                return;
            }
            int length = body.nextChunkLength();
            out.write(pattern, body.patternOffset(), length);
            body.advance(length);
        }
    }

    @Override
    public void onError(Throwable failure) {
        exchange.failed();
    }

    @Override
    public String toString() {
        return "ServletStream[" + body + "]";
    }
}
