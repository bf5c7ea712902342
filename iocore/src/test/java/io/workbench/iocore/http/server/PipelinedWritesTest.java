package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The responses to the requests of one read leave in one write, in request order; a lone request
 * is never kept waiting; the held responses go out when the batch ends, when the next response
 * does not fit, before a response that closes, and before a late handler's response. Driven over a
 * {@link ScriptedEndPoint}, which records each write as one {@code write(2)} would send it.
 */
class PipelinedWritesTest {

    private static final HttpField TEXT_PLAIN = HttpField.of(HttpHeader.CONTENT_TYPE, "text/plain");
    private static final Pattern BODY = Pattern.compile("\r\n\r\n([a-z0-9=]+)");

    /** {@code /n=K} answers {@code n=K} in place; {@code /later} waits for the test; {@code /big} answers 20,000 bytes. */
    private final class Routes implements Handler {
        @Override
        public void handle(Request request, Response response, Callback callback) {
            response.fields().add(TEXT_PLAIN);
            String path = request.path();
            if (path.equals("/later")) {
                later.add(() -> response.write(true, ascii("later"), callback));
            } else if (path.equals("/big")) {
                response.write(true, ByteBuffer.wrap("b".repeat(20_000).getBytes(StandardCharsets.US_ASCII)), callback);
            } else {
                response.write(true, ascii(path.substring(1)), callback);
            }
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }
    }

    private final List<Runnable> later = new ArrayList<>();
    private final ScriptedEndPoint endPoint = new ScriptedEndPoint();
    private final HttpServer server = new HttpServer(HttpServer.Config.defaults().withSendDate(false), new Routes());
    private final HttpConnection connection = new HttpConnection(endPoint, server);

    PipelinedWritesTest() {
        endPoint.connection(connection);
        connection.fillInterested();
    }

    @AfterEach
    void everyBufferIsBackInThePool() {
        assertEquals(0, server.getOutputPool().getOutstanding(), "output buffers not released: " + connection);
    }

    @Test
    void sixteenPipelinedRequestsInOneReadLeaveInOneWrite() {
        endPoint.deliver(requests(1, 16));
        assertEquals(1, endPoint.writes.size(), "writes for 16 pipelined requests");
        assertEquals(bodies(1, 16), bodiesIn(endPoint.written()));
        assertTrue(endPoint.isOpen());
        // The next batch is answered too: the connection went back to reading.
        endPoint.deliver(requests(17, 18));
        assertEquals(2, endPoint.writes.size());
        assertEquals(bodies(1, 18), bodiesIn(endPoint.written()));
    }

    @Test
    void aLoneRequestIsWrittenAtOnce() {
        endPoint.deliver(get("/n=1"));
        assertEquals(1, endPoint.writes.size());
        endPoint.deliver(get("/n=2"));
        assertEquals(2, endPoint.writes.size());
        assertEquals(List.of("n=1", "n=2"), bodiesIn(endPoint.written()));
    }

    @Test
    void aResponseIsNotKeptWaitingForTheRestOfAHalfReadRequest() {
        String second = get("/n=2");
        endPoint.deliver(get("/n=1") + second.substring(0, 10));
        assertEquals(List.of("n=1"), bodiesIn(endPoint.written()), "the first response waited for the second request");
        endPoint.deliver(second.substring(10));
        assertEquals(List.of("n=1", "n=2"), bodiesIn(endPoint.written()));
    }

    @Test
    void aResponseThatDoesNotFitIsGatheredBehindTheHeldOnes() {
        endPoint.deliver(get("/n=1") + get("/big") + get("/n=3"));
        String written = endPoint.written();
        assertEquals(List.of("n=1", "bbbb"), bodiesIn(written).subList(0, 2).stream().map(b -> b.substring(0, Math.min(4, b.length()))).toList());
        assertTrue(written.endsWith("\r\n\r\nn=3"), "the last response ends the output");
        assertEquals(2, endPoint.writes.size(), "held + big in one gather write, then the last one");
    }

    @Test
    void aLateHandlerIsAnsweredInOrderAndItsSuccessorsStillBatch() {
        endPoint.deliver(get("/n=1") + get("/later") + get("/n=3") + get("/n=4"));
        assertEquals(1, later.size());
        later.remove(0).run();
        assertEquals(List.of("n=1", "later", "n=3", "n=4"), bodiesIn(endPoint.written()));
        assertTrue(endPoint.writes.size() <= 2, "writes: " + endPoint.writes.size());
    }

    @Test
    void aRequestThatClosesSendsTheHeldResponsesFirst() {
        endPoint.deliver(get("/n=1") + get("/n=2") + "GET /n=3 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n" + get("/n=4"));
        assertEquals(List.of("n=1", "n=2", "n=3"), bodiesIn(endPoint.written()));
        assertEquals(1, endPoint.writes.size());
        assertTrue(endPoint.isOutputShutdown());
    }

    @Test
    void aBadRequestBehindGoodOnesIsAnsweredAfterThem() {
        endPoint.deliver(get("/n=1") + get("/n=2") + "GET /n=3 HTTP/1.1\r\nno colon here\r\n\r\n");
        String written = endPoint.written();
        assertTrue(written.indexOf("n=2") < written.indexOf("HTTP/1.1 400"), written.replace("\r\n", "|"));
        assertEquals(1, endPoint.writes.size());
        assertTrue(endPoint.isOutputShutdown());
    }

    @Test
    void theEndOfInputAfterAPipelineFlushesThenCloses() {
        endPoint.deliver(requests(1, 3));
        endPoint.deliverEndOfInput();
        assertEquals(bodies(1, 3), bodiesIn(endPoint.written()));
        assertFalse(endPoint.isOpen());
    }

    @Test
    void aBatchWhoseWriteWaitsForTheSocketReadsNothingMoreUntilItDrains() {
        endPoint.deliver(get("/n=1"));
        endPoint.holdWrites();
        endPoint.deliver(requests(2, 5) + get("/n=6").substring(0, 5));
        assertTrue(endPoint.isWriteWaiting());
        assertFalse(endPoint.isFillInterested(), "read interest while the batch's write waits for the socket");
        endPoint.drain();
        assertTrue(endPoint.isFillInterested());
        endPoint.deliver(get("/n=6").substring(5));
        assertEquals(bodies(1, 6), bodiesIn(endPoint.written()));
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n";
    }

    private static String requests(int from, int to) {
        StringBuilder pipeline = new StringBuilder();
        for (int i = from; i <= to; i++) {
            pipeline.append(get("/n=" + i));
        }
        return pipeline.toString();
    }

    private static List<String> bodies(int from, int to) {
        List<String> bodies = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            bodies.add("n=" + i);
        }
        return bodies;
    }

    private static List<String> bodiesIn(String written) {
        List<String> bodies = new ArrayList<>();
        Matcher m = BODY.matcher(written);
        while (m.find()) {
            bodies.add(m.group(1));
        }
        assertNotNull(bodies);
        return bodies;
    }

    private static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }
}
