package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpVersion;
import io.workbench.iocore.io.ByteBufferPool;
import java.nio.ByteBuffer;
import java.nio.channels.WritePendingException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The connection's own flush of the held responses when the endpoint refuses it before taking the
 * buffer (a write already in progress, which the connection never lets happen: this is the one
 * case the flush treats as "not taken"): the flush fails once, with that refusal, and the held
 * buffer goes back to the pool. (The other way out of the endpoint's write, a callback that throws
 * after the write took the buffer, is in {@code PipelinedWritesTest}.)
 */
class HeldFlushTest {

    @Test
    void aFlushTheEndpointRefusesBeforeTakingTheBufferFailsOnceAndGivesTheBufferBack() {
        ScriptedEndPoint endPoint = new ScriptedEndPoint();
        ByteBufferPool pool = new ByteBufferPool(false, 64 * 1024, 4);
        ResponseFlusher flusher = new ResponseFlusher(endPoint, pool, 1024, 8192, false, InvocationType.NON_BLOCKING);
        Response response = new Response(flusher);
        flusher.bind(response);

        // A response written in place while another request is buffered behind it: held.
        response.prepare(HttpMethod.GET, HttpVersion.HTTP_1_1, true);
        flusher.holdOnThisThread(true);
        AtomicReference<String> answered = new AtomicReference<>();
        response.write(true, ByteBuffer.wrap("held".getBytes(StandardCharsets.US_ASCII)), outcome(answered));
        flusher.holdOnThisThread(false);
        assertEquals("succeeded", answered.get(), "a held response is answered as written");
        assertTrue(flusher.hasHeld());
        assertEquals(1, pool.getOutstanding(), "the held buffer");

        // Something else is being written: the endpoint refuses a second write before it takes its buffers.
        endPoint.holdWrites();
        endPoint.write(Callback.NOOP, ByteBuffer.wrap(new byte[] {'x'}));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<String> flushed = new AtomicReference<>();
        assertTrue(flusher.flushHeld(new Callback() {
            @Override
            public void succeeded() {
                flushed.set(flushed.get() == null ? "succeeded" : flushed.get() + ", succeeded");
            }

            @Override
            public void failed(Throwable cause) {
                failure.set(cause);
                flushed.set(flushed.get() == null ? "failed" : flushed.get() + ", failed");
            }
        }));
        assertEquals("failed", flushed.get(), "completed once");
        assertInstanceOf(WritePendingException.class, failure.get());
        assertFalse(flusher.hasHeld());
        assertEquals(0, pool.getOutstanding(), "the held buffer went back, once");
        assertFalse(flusher.isWaitingForSocket(), "no flush is outstanding");
        endPoint.drain();
    }

    private static Callback outcome(AtomicReference<String> to) {
        return new Callback() {
            @Override
            public void succeeded() {
                to.set("succeeded");
            }

            @Override
            public void failed(Throwable cause) {
                to.set("failed: " + cause);
            }
        };
    }
}
