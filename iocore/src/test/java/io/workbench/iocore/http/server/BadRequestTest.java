package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.selector.SelectorManager;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input of RFC 9112's strict reading, sent over a real socket: the server answers the
 * status the parser chose, with a body saying why and {@code Connection: close}, closes the
 * connection (a request pipelined behind is never answered: where it starts is unknown), and the
 * handler never sees the request. Limits are small here (1 KiB request line and header section,
 * 64 KiB content) so that a test can exceed them cheaply.
 */
class BadRequestTest {

    private static final HttpLimits LIMITS = HttpLimits.DEFAULT.withMaxStartLineLength(1024).withMaxHeaderBytes(1024)
            .withMaxContentLength(64 * 1024);
    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = new TestServer(InvocationType.NON_BLOCKING,
                SelectorManager.Config.defaults().withName("test-bad").withSelectors(1).withMaxThreads(4), LIMITS);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Stream<Arguments> badRequests() {
        String host = "Host: h\r\n";
        return Stream.of(
                Arguments.of("malformed request line: no version", "GET /hello\r\n" + host + "\r\n", 400),
                Arguments.of("malformed request line: two spaces", "GET  /hello HTTP/1.1\r\n" + host + "\r\n", 400),
                Arguments.of("malformed request line: garbage", "\u0001\u0002\u0003 garbage\r\n\r\n", 400),
                Arguments.of("Content-Length with Transfer-Encoding",
                        "POST /echo HTTP/1.1\r\n" + host + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
                Arguments.of("two different Content-Lengths",
                        "POST /echo HTTP/1.1\r\n" + host + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", 400),
                Arguments.of("obs-fold", "GET /hello HTTP/1.1\r\n" + host + "X-Folded: a\r\n  b\r\n\r\n", 400),
                Arguments.of("whitespace before the colon", "GET /hello HTTP/1.1\r\nHost : h\r\n\r\n", 400),
                Arguments.of("request line over the limit", "GET /" + "x".repeat(2000) + " HTTP/1.1\r\n" + host + "\r\n", 414),
                Arguments.of("headers over the limit", "GET /hello HTTP/1.1\r\n" + host + "X-Big: " + "y".repeat(3000) + "\r\n\r\n", 431),
                Arguments.of("Content-Length over the limit",
                        "POST /echo HTTP/1.1\r\n" + host + "Content-Length: 100000\r\n\r\n" + "z".repeat(1000), 413),
                Arguments.of("chunked content over the limit",
                        "POST /echo HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\n10001\r\n" + "z".repeat(1000), 413),
                Arguments.of("chunked not the final transfer coding",
                        "POST /echo HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked, gzip\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 400),
                Arguments.of("a final coding that is not chunked", "POST /echo HTTP/1.1\r\n" + host + "Transfer-Encoding: gzip\r\n\r\n", 400),
                Arguments.of("unknown transfer coding before a final chunked",
                        "POST /echo HTTP/1.1\r\n" + host + "Transfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 501),
                Arguments.of("HTTP/2.0", "GET /hello HTTP/2.0\r\n" + host + "\r\n", 505),
                Arguments.of("garbage version", "GET /hello HTTP/x.y\r\n" + host + "\r\n", 505));
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("badRequests")
    void isAnsweredWithItsStatusAndClosed(String what, String request, int status) throws Exception {
        int handled = server.handler.handled.get();
        try (RawClient client = server.client()) {
            client.send(request + RawClient.get("/hello"));
            RawClient.Reply reply = client.read();
            assertEquals(status, reply.status(), what);
            assertEquals("close", reply.header("connection"), what);
            assertFalse(reply.body().isBlank(), "the body says why");
            assertTrue(client.closedByServer(), "closed after the answer; the pipelined request is not answered");
        }
        assertEquals(handled, server.handler.handled.get(), "the handler never saw it");
        TestServer.await(() -> server.outstandingBuffers() == 0, "every buffer back: " + server.outstandingBuffers());
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("badRequests")
    void isAnsweredEvenWhenItArrivesAByteAtATime(String what, String request, int status) throws Exception {
        if (request.length() > 200) {
            return; // the limits cases: a byte per write would take thousands of round trips for nothing new
        }
        try (RawClient client = server.client()) {
            for (byte b : request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)) {
                client.send(new byte[]{b});
                if (client.socket.getInputStream().available() > 0) {
                    break; // answered already: the rest would only meet a closed socket
                }
            }
            assertEquals(status, client.read().status(), what);
            assertTrue(client.closedByServer());
        }
    }
}
