package io.workbench.targets.undertow;

import io.undertow.server.HttpServerExchange;
import io.workbench.targets.hello.StreamBody;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.xnio.ChannelListener;
import org.xnio.ChannelListeners;
import org.xnio.IoUtils;
import org.xnio.channels.StreamSinkChannel;

/**
 * {@code GET /stream} on Undertow's native API: the response's {@link StreamSinkChannel} and its
 * write listener. Chunks are written while the channel takes bytes; when a write takes none the
 * listener is armed ({@code resumeWrites()}) and the writer returns, no thread waits, and XNIO calls
 * {@link #handleEvent} on the connection's I/O thread once the socket has room. After the last byte
 * the channel is shut down and flushed (through a flushing listener if the flush must wait), then
 * the exchange ends. A write may take part of a chunk: the next window starts where it stopped.
 */
final class UndertowStream implements ChannelListener<StreamSinkChannel> {

    private final HttpServerExchange exchange;
    private final StreamBody body;
    private final Runnable onFailure;
    /** This stream's window on the shared pattern, moved for each write. */
    private final ByteBuffer view = StreamBody.newView();

    UndertowStream(HttpServerExchange exchange, StreamBody body, Runnable onFailure) {
        this.exchange = exchange;
        this.body = body;
        this.onFailure = onFailure;
    }

    void start() {
        StreamSinkChannel sink = exchange.getResponseChannel();
        sink.getWriteSetter().set(this);
        handleEvent(sink);
    }

    @Override
    public void handleEvent(StreamSinkChannel sink) {
        try {
            while (!body.isDone()) {
                int written = sink.write(body.nextChunk(view));
                if (written == 0) {
                    // The socket is full: wait for XNIO to call again, on the I/O thread. Nothing after this.
                    sink.resumeWrites();
                    return;
                }
                body.advance(written);
            }
            sink.suspendWrites();
            sink.shutdownWrites();
            if (sink.flush()) {
                exchange.endExchange();
            } else {
                sink.getWriteSetter().set(ChannelListeners.flushingChannelListener(
                        flushed -> exchange.endExchange(), (failed, cause) -> fail()));
                sink.resumeWrites();
            }
        } catch (IOException clientGone) {
            fail();
        }
    }

    private void fail() {
        IoUtils.safeClose(exchange.getConnection());
        onFailure.run();
    }

    @Override
    public String toString() {
        return "UndertowStream[" + body + "]";
    }
}
