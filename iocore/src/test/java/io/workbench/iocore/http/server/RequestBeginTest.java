package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Request#beginNanos()}: the time the read that brought a request's first byte returned,
 * noted only for a handler that wants it. Every assertion is about order (before this write, after
 * that handling), never about how long anything took.
 */
class RequestBeginTest {

    private static final HttpField TEXT = HttpField.of(HttpHeader.CONTENT_TYPE, "text/plain");

    /** Notes each request's begin and the time its handling began, and answers {@code ok}. */
    private static final class NotingHandler implements Handler {
        final boolean wants;
        final CopyOnWriteArrayList<long[]> seen = new CopyOnWriteArrayList<>();

        NotingHandler(boolean wants) {
            this.wants = wants;
        }

        @Override
        public void handle(Request request, Response response, Callback callback) {
            seen.add(new long[] {request.beginNanos(), System.nanoTime()});
            response.setStatus(200);
            response.fields().add(TEXT);
            response.write(true, ByteBuffer.wrap("ok".getBytes(StandardCharsets.US_ASCII)), callback);
        }

        @Override
        public boolean wantsBeginNanos() {
            return wants;
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }
    }

    private static HttpServer start(Handler handler) throws Exception {
        HttpServer server = new HttpServer(HttpServer.Config.defaults(), handler);
        server.start();
        return server;
    }

    @Test
    void aHandlerThatDoesNotAskGetsNoTimeAndTheConnectionReadsNoClock() throws Exception {
        NotingHandler handler = new NotingHandler(false);
        HttpServer server = start(handler);
        try (RawClient client = new RawClient(server.getLocalPort())) {
            assertEquals(200, client.send(RawClient.get("/a")).read().status());
            assertEquals(0, handler.seen.get(0)[0]);
        } finally {
            server.stop();
        }
    }

    @Test
    void theBeginIsTheReadOfTheFirstByteNotOfTheLast() throws Exception {
        NotingHandler handler = new NotingHandler(true);
        HttpServer server = start(handler);
        try (RawClient client = new RawClient(server.getLocalPort())) {
            long beforeFirstPart = System.nanoTime();
            client.send("GET /split HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            // Long enough for the server to read the first part on its own: the begin is that read.
            TimeUnit.MILLISECONDS.sleep(200);
            long beforeSecondPart = System.nanoTime();
            client.send("X-Rest: yes\r\n\r\n");
            assertEquals(200, client.read().status());
            long begin = handler.seen.get(0)[0];
            assertTrue(begin - beforeFirstPart > 0, "read after the first part was written");
            assertTrue(beforeSecondPart - begin > 0, "the read of the first part, not of the rest");

            // The next request on the connection has a begin of its own, after the first was handled.
            assertEquals(200, client.send(RawClient.get("/next")).read().status());
            assertTrue(handler.seen.get(1)[0] - handler.seen.get(0)[1] > 0, "a new read, not the first request's");
            assertTrue(handler.seen.get(1)[1] - handler.seen.get(1)[0] >= 0, "begun before it was handled");
        } finally {
            server.stop();
        }
    }

    @Test
    void aPipelinedRequestBeganWithTheReadThatBroughtIt() throws Exception {
        NotingHandler handler = new NotingHandler(true);
        HttpServer server = start(handler);
        try (RawClient client = new RawClient(server.getLocalPort())) {
            client.send(RawClient.get("/one") + RawClient.get("/two"));
            assertEquals(200, client.read().status());
            assertEquals(200, client.read().status());
            assertEquals(2, handler.seen.size());
            assertTrue(handler.seen.get(0)[0] != 0);
            assertEquals(handler.seen.get(0)[0], handler.seen.get(1)[0], "one read brought both");
        } finally {
            server.stop();
        }
    }
}
