package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The responses to the requests of one read leave in one write, in request order; a lone request
 * is never kept waiting; the held responses go out when the batch ends, when the next response
 * does not fit, before a response that closes, and the moment a handler goes asynchronous; a
 * failure writes them before it closes; and the held buffer goes back to the pool only once no
 * write uses it. Driven over a {@link ScriptedEndPoint}, which records each write as one
 * {@code write(2)} would send it.
 */
class PipelinedWritesTest {

    private static final HttpField TEXT_PLAIN = HttpField.of(HttpHeader.CONTENT_TYPE, "text/plain");
    private static final Pattern BODY = Pattern.compile("\r\n\r\n([a-z0-9=]+)");

    /**
     * {@code /n=K} answers {@code n=K} in place; {@code /later} waits for the test; {@code /big}
     * answers 20,000 bytes; {@code /size=N} answers N bytes in place; {@code /block} blocks its
     * thread until the test releases it. And the ways an exchange fails: {@code /short} declares
     * 10 bytes of content and writes 5 as its last write (the flusher refuses it); {@code
     * /wrotethenfail} writes its whole response, then fails its callback; {@code /hugehead} has a
     * head larger than the server allows; {@code /fail} fails its callback before writing (a 500);
     * {@code /bigthenlater} writes 20,000 bytes on its own callback and leaves the handler's
     * callback to the test (a timer that fails it, say).
     */
    private static final class Routes implements Handler {
        final List<Runnable> later = new ArrayList<>();
        final CountDownLatch blocked = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final InvocationType type;

        Routes(InvocationType type) {
            this.type = type;
        }

        @Override
        public void handle(Request request, Response response, Callback callback) throws Exception {
            response.fields().add(TEXT_PLAIN);
            String path = request.path();
            switch (path) {
                case "/later" -> later.add(() -> response.write(true, ascii("later"), callback));
                case "/big" -> response.write(true, ascii("b".repeat(20_000)), callback);
                case "/block" -> {
                    blocked.countDown();
                    assertTrue(release.await(10, TimeUnit.SECONDS), "the test did not release the blocked handler");
                    response.write(true, ascii("block"), callback);
                }
                case "/short" -> {
                    response.setContentLength(10);
                    response.write(true, ascii("short"), callback);
                }
                case "/wrotethenfail" -> {
                    response.write(true, ascii("w"), Callback.NOOP);
                    callback.failed(new IllegalStateException("failed after its last write, on purpose"));
                }
                case "/hugehead" -> {
                    response.fields().add("X-Huge", "h".repeat(70_000));
                    response.write(true, ascii("never"), callback);
                }
                case "/fail" -> callback.failed(new IllegalStateException("failed on purpose"));
                case "/laterthrows" -> later.add(() -> response.write(true, ascii("later"), new Callback() {
                    @Override
                    public void succeeded() {
                        callback.succeeded();
                        throw new IllegalStateException("thrown by the handler's write callback, on purpose");
                    }

                    @Override
                    public void failed(Throwable cause) {
                        callback.failed(cause);
                    }
                }));
                case "/bigthenlater" -> {
                    response.write(true, ascii("b".repeat(20_000)), Callback.NOOP);
                    later.add(() -> callback.failed(new TimeoutException("the handler's timer fired")));
                }
                default -> {
                    if (path.startsWith("/size=")) {
                        response.write(true, ascii("s".repeat(Integer.parseInt(path.substring("/size=".length())))), callback);
                    } else {
                        response.write(true, ascii(path.substring(1)), callback);
                    }
                }
            }
        }

        @Override
        public InvocationType getInvocationType() {
            return type;
        }
    }

    /** A connection over a scripted endpoint, with a server whose pools it uses. */
    private static final class Wired {
        final Routes routes;
        final ScriptedEndPoint endPoint = new ScriptedEndPoint();
        final HttpServer server;
        final HttpConnection connection;

        Wired(InvocationType type) {
            routes = new Routes(type);
            server = new HttpServer(HttpServer.Config.defaults().withSendDate(false), routes);
            connection = new HttpConnection(endPoint, server);
            endPoint.connection(connection);
            endPoint.watch(server.getOutputPool());
            connection.fillInterested();
        }

        long outstanding() {
            return server.getOutputPool().getOutstanding() + server.getInputPool().getOutstanding();
        }
    }

    private final Wired wired = new Wired(InvocationType.NON_BLOCKING);
    private final ScriptedEndPoint endPoint = wired.endPoint;
    private final HttpConnection connection = wired.connection;
    private final List<Runnable> later = wired.routes.later;

    @AfterEach
    void everyBufferIsBackInThePool() {
        assertEquals(0, wired.server.getOutputPool().getOutstanding(), "output buffers not released (or released twice): " + connection);
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
    void aResponseThatDoesNotFitWhatIsLeftOfTheHeldBufferLeavesWithTheHeldOnes_andHoldingStartsAgainBehindIt() {
        // 966 bytes each (900 of content, copied behind the head): 16 fit in the held buffer, the
        // 17th does not fit what is left.
        StringBuilder pipeline = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            pipeline.append(get("/size=900"));
        }
        endPoint.deliver(pipeline.toString());
        assertEquals(2, endPoint.writes.size(), "the held ones and the one that did not fit, then the rest of the batch");
        assertEquals(17, countResponses(endPoint.writes.get(0)));
        assertEquals(3, countResponses(endPoint.writes.get(1)));
        List<String> bodies = bodiesIn(endPoint.written());
        assertEquals(20, bodies.size());
        for (String body : bodies) {
            assertEquals("s".repeat(900), body);
        }
    }

    @Test
    void headInAPipelineIsHeldLikeAnyOtherResponse_withItsHeadOnly() {
        endPoint.deliver(get("/n=1") + "HEAD /n=2 HTTP/1.1\r\nHost: a\r\n\r\n" + get("/n=3"));
        assertEquals(1, endPoint.writes.size());
        String written = endPoint.written();
        String headResponse = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\n";
        int head = written.indexOf(headResponse, written.indexOf("n=1"));
        assertTrue(head > 0, written);
        assertTrue(written.startsWith("HTTP/1.1 200 OK", head + headResponse.length()),
                "the HEAD response's head is followed at once by the next response, no content: " + written);
        assertEquals(List.of("n=1", "n=3"), bodiesIn(written));
    }

    @Test
    void aLateHandlerIsAnsweredInOrder_itsOwnResponseIsNotHeld_andItsSuccessorsStillBatch() {
        endPoint.deliver(get("/n=1") + get("/later") + get("/n=3") + get("/n=4"));
        assertEquals(1, later.size());
        later.remove(0).run();
        assertEquals(List.of("n=1", "later", "n=3", "n=4"), bodiesIn(endPoint.written()));
        assertEquals(3, endPoint.writes.size(), "writes: " + endPoint.writes);
        assertEquals(List.of("later"), bodiesIn(endPoint.writes.get(1)), "the late handler's response was written alone, at once");
        assertEquals(List.of("n=3", "n=4"), bodiesIn(endPoint.writes.get(2)));
    }

    @Test
    void aHandlerThatGoesAsynchronousDoesNotHoldBackTheResponsesBeforeIt() {
        endPoint.deliver(get("/n=1") + get("/later") + get("/n=3"));
        assertEquals(List.of("n=1"), bodiesIn(endPoint.written()), "a finished response waited for the handler that is still out");
        assertEquals(0, wired.server.getOutputPool().getOutstanding(), "a buffer stays out of the pool while the handler is out");
        assertFalse(connection.onIdleExpired(new TimeoutException()), "a handler still working keeps its connection");
        later.remove(0).run();
        assertEquals(List.of("n=1", "later", "n=3"), bodiesIn(endPoint.written()));
    }

    @Test
    void aHandlerThatGoesAsynchronousLeavesTheHeldResponsesToTheIdleTimeoutIfTheClientDoesNotReadThem() {
        endPoint.holdWrites();
        endPoint.deliver(get("/n=1") + get("/n=2") + get("/later") + get("/n=4"));
        assertTrue(endPoint.isWriteWaiting(), "the responses before the late handler's are being written");
        assertTrue(connection.onIdleExpired(new TimeoutException()), "responses the client does not read expire the connection");
        endPoint.close(new TimeoutException("idle"));
        assertEquals(1, endPoint.outstandingWhenPendingWriteEnded(), "the held buffer was out until its write ended");
        later.remove(0).run();
        assertEquals(List.of("n=1", "n=2"), bodiesIn(endPoint.written()));
        assertFalse(endPoint.isOpen());
    }

    @Test
    void theLateHandlersWriteWaitsForTheHeldResponsesStillBeingWritten() {
        endPoint.holdWrites();
        endPoint.deliver(get("/n=1") + get("/later") + get("/n=3"));
        assertTrue(endPoint.isWriteWaiting());
        later.remove(0).run();
        assertEquals(1, endPoint.writes.size(), "the late response went out beside the waiting write");
        endPoint.drain();
        assertEquals(List.of("n=1", "later", "n=3"), bodiesIn(endPoint.written()));
        assertEquals(List.of("later"), bodiesIn(endPoint.writes.get(1)));
    }

    /**
     * The handler goes asynchronous behind a held response, and answers while the connection's
     * flush of the held one is in the endpoint's hands: its write waits for the flush, the flush's
     * completion wakes it, it completes in place, and its callback throws out of the flush. The
     * flush completes once (no second completion gives the held buffer back twice or masks the
     * exception), the thread still says the handler returned, and the next request is answered.
     */
    @Test
    void aWriteCallbackThatThrowsOutOfTheFlushOfTheHeldResponsesDoesNotStopTheConnection() {
        // System.Logger's default backend is java.util.logging: what the connection logged, captured.
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(HttpConnection.class.getName());
        List<Throwable> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                logged.add(record.getThrown());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        boolean parents = log.getUseParentHandlers();
        log.setUseParentHandlers(false);
        log.addHandler(capture);
        try {
            endPoint.beforeNextWrite(() -> later.remove(0).run());
            endPoint.deliver(get("/n=1") + get("/laterthrows") + get("/n=3"));
        } finally {
            log.removeHandler(capture);
            log.setUseParentHandlers(parents);
        }
        assertEquals(1, logged.size(), "logged: " + logged);
        assertEquals("thrown by the handler's write callback, on purpose", logged.getFirst().getMessage(),
                "the handler's exception, not one of a second completion of the flush that masks it");
        assertTrue(later.isEmpty(), "the late handler answered during the flush");
        assertEquals(List.of("n=1", "later", "n=3"), bodiesIn(endPoint.written()));
        assertEquals(List.of("n=1"), bodiesIn(endPoint.writes.get(0)), "the flush of the held response");
        assertEquals(List.of("later"), bodiesIn(endPoint.writes.get(1)), "the late response, woken by the flush");
        assertTrue(endPoint.isOpen(), "the connection goes on");
    }

    @Test
    void aBlockingHandlerNeverHoldsAResponseBehindTheNextHandler() throws Exception {
        Wired blocking = new Wired(InvocationType.BLOCKING);
        Thread reader = new Thread(() -> blocking.endPoint.deliver(get("/n=1") + get("/block") + get("/n=3")), "scripted-reader");
        reader.start();
        try {
            assertTrue(blocking.routes.blocked.await(10, TimeUnit.SECONDS));
            assertEquals(List.of("n=1"), bodiesIn(blocking.endPoint.written()), "a finished response waited for a blocked handler");
        } finally {
            blocking.routes.release.countDown();
            reader.join(10_000);
        }
        assertEquals(List.of("n=1", "block", "n=3"), bodiesIn(blocking.endPoint.written()));
        assertEquals(3, blocking.endPoint.writes.size());
        assertEquals(0, blocking.server.getOutputPool().getOutstanding());
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
    void aFailedHandlerBehindHeldResponsesIsAnswered500AfterThem() {
        endPoint.deliver(get("/n=1") + get("/n=2") + get("/fail") + get("/n=4"));
        String written = endPoint.written();
        assertEquals(List.of("n=1", "n=2", "internal"), bodiesIn(written));
        assertTrue(written.indexOf("n=2") < written.indexOf("HTTP/1.1 500"), written.replace("\r\n", "|"));
        assertEquals(1, endPoint.writes.size());
        assertTrue(endPoint.isOutputShutdown(), "a failed exchange ends the connection");
    }

    @Test
    void aResponseTheFlusherRefusesDoesNotLoseTheResponsesHeldBeforeIt() {
        endPoint.deliver(get("/n=1") + get("/n=2") + get("/short") + get("/n=4"));
        assertEquals(List.of("n=1", "n=2"), bodiesIn(endPoint.written()), "responses whose handlers were told they were written");
        assertClosesAfterTheClient();
    }

    @Test
    void aHandlerThatFailsAfterItsLastWriteDoesNotLoseTheResponsesHeldBeforeIt() {
        endPoint.deliver(get("/n=1") + get("/wrotethenfail") + get("/n=3"));
        assertEquals(List.of("n=1", "w"), bodiesIn(endPoint.written()), "responses whose writes were told they succeeded");
        assertClosesAfterTheClient();
    }

    @Test
    void aHeadTooLargeBehindHeldResponsesIsAnswered500AfterThem() {
        endPoint.deliver(get("/n=1") + get("/n=2") + get("/hugehead") + get("/n=4"));
        String written = endPoint.written();
        assertEquals(List.of("n=1", "n=2", "internal"), bodiesIn(written), written.replace("\r\n", "|"));
        assertFalse(written.contains("never"));
        assertTrue(endPoint.isOutputShutdown());
    }

    @Test
    void anExchangeFailedFromAnotherThreadWhileTheHeldResponsesAreInAPendingWriteLeavesTheirBufferToThatWrite() {
        endPoint.holdWrites();
        endPoint.deliver(get("/n=1") + get("/bigthenlater") + get("/n=3"));
        assertTrue(endPoint.isWriteWaiting(), "the held response and the big one are in one pending write");
        later.remove(0).run();
        assertFalse(endPoint.isOpen(), "a failed exchange closes the connection");
        assertEquals(2, endPoint.outstandingWhenPendingWriteEnded(),
                "the held buffer and the head buffer were still out when their write ended");
    }

    @Test
    void aCloseWhileAWriteCarryingHeldResponsesIsPendingReleasesTheirBufferOnce() {
        endPoint.holdWrites();
        endPoint.deliver(get("/n=1") + get("/big") + get("/n=3"));
        assertTrue(endPoint.isWriteWaiting());
        endPoint.close(new IOException("reset by the client"));
        assertEquals(2, endPoint.outstandingWhenPendingWriteEnded());
        assertFalse(endPoint.isOpen());
        assertEquals(1, endPoint.writes.size(), "nothing written after the close");
    }

    @Test
    void anIdleTimeoutWhileAWriteCarryingHeldResponsesIsPendingClosesAndReleasesTheirBufferOnce() {
        endPoint.holdWrites();
        endPoint.deliver(get("/n=1") + get("/big") + get("/n=3"));
        assertTrue(endPoint.isWriteWaiting());
        assertTrue(connection.onIdleExpired(new TimeoutException()), "a response the client does not read expires");
        endPoint.close(new TimeoutException("idle"));
        assertEquals(2, endPoint.outstandingWhenPendingWriteEnded());
        assertFalse(endPoint.isOpen());
    }

    @Test
    void theBatchFlushFailingClosesTheConnectionAndReleasesTheHeldBuffer() {
        endPoint.failNextWrite(new IOException("broken pipe"));
        endPoint.deliver(requests(1, 3));
        assertFalse(endPoint.isOpen());
        assertTrue(endPoint.writes.isEmpty());
        assertEquals(0, wired.outstanding());
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

    /** The connection shut its output and lingers until the client closes; then it closes too. */
    private void assertClosesAfterTheClient() {
        assertTrue(endPoint.isOutputShutdown(), "a failed exchange ends the connection");
        endPoint.deliverEndOfInput();
        assertFalse(endPoint.isOpen());
        assertSame(null, endPoint.closeCause());
        assertEquals(0, wired.outstanding());
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

    private static int countResponses(String written) {
        int count = 0;
        for (int i = written.indexOf("HTTP/1.1 "); i >= 0; i = written.indexOf("HTTP/1.1 ", i + 1)) {
            count++;
        }
        return count;
    }

    private static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }
}
