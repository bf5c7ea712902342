package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every way a response can be framed, over real sockets against a server that answers with exact
 * bytes: Content-Length, chunked with extensions and trailers, the close, no body at all (HEAD,
 * 204, 304), interim responses, any split, pipelining; and requests with bodies.
 */
class HttpClientResponsesTest {

    static final String HELLO = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello";
    static final String CHUNKED = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
            + "5;name=value\r\nhello\r\n6 ; ext\r\n world\r\n0\r\nX-Checksum: abc\r\n\r\n";

    private HttpClient client;

    private HttpClient client(HttpClient.Config config) throws Exception {
        client = TestClients.start(config);
        return client;
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.stop();
        }
    }

    private static HttpResponse get(CompletableFuture<HttpResponse> future) throws Exception {
        return future.get(20, TimeUnit.SECONDS);
    }

    @Test
    void contentLengthResponsesKeepTheConnectionAlive() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            String expected = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:" + peer.socket.getLocalPort() + "\r\n\r\n";
            for (int i = 0; i < 3; i++) {
                // Exactly what wrk sends: a load generator on this client sends the same bytes.
                assertEquals(expected, peer.readRequest());
                peer.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 7\r\n\r\nhello " + i);
            }
            assertEquals(0, peer.awaitClientClose());
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("cl")), server.address());
            for (int i = 0; i < 3; i++) {
                HttpResponse response = get(connection.send(HttpRequest.get("/hello")));
                assertEquals(200, response.status());
                assertEquals(HttpVersion.HTTP_1_1, response.version());
                assertEquals("text/plain", response.fields().get(HttpHeader.CONTENT_TYPE));
                assertEquals("hello " + i, response.bodyAsString());
                assertTrue(response.completedNanos() - response.sentNanos() > 0);
            }
            assertEquals(1, server.accepted(), "one connection for three requests");
            assertTrue(connection.isOpen());
            assertEquals(0, connection.getRequestsOutstanding());
            client.stop();
            assertTrue(connection.closed().isDone());
        }
    }

    @Test
    void eachSendGivesTheNumberedFieldItsValueAndANegativeOneIsRefused() throws Exception {
        HttpRequest request = HttpRequest.builder(HttpMethod.GET, "/hello").numberedField("X-Id").build();
        try (ScriptedServer server = new ScriptedServer(peer -> {
            String host = "Host: 127.0.0.1:" + peer.socket.getLocalPort() + "\r\n";
            assertEquals("GET /hello HTTP/1.1\r\n" + host + "X-Id: 0000000000000000007\r\n\r\n", peer.readRequest());
            peer.write(HELLO);
            assertEquals("GET /hello HTTP/1.1\r\n" + host + "X-Id: 0000000000000000000\r\n\r\n", peer.readRequest());
            peer.write(HELLO);
            assertEquals(0, peer.awaitClientClose());
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("numbered")), server.address());
            ResponseCollector seven = new ResponseCollector();
            assertEquals(HttpClientConnection.Admission.ACCEPTED, connection.send(request, seven, 0, 7));
            assertEquals(200, get(seven).status());
            IllegalArgumentException negative = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> connection.send(request, new ResponseCollector(), 0, -1));
            assertTrue(negative.getMessage().contains("must be >= 0, was -1"), negative.getMessage());
            assertEquals(200, get(connection.send(request)).status());
            client.stop();
        }
    }

    @Test
    void chunkedBodiesWithExtensionsAndTrailers() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(CHUNKED);
            peer.readRequest();
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("chunked")), server.address());
            HttpResponse chunked = get(connection.send(HttpRequest.get("/chunked")));
            assertEquals("hello world", chunked.bodyAsString());
            assertEquals("abc", chunked.trailers().get("X-Checksum"));
            assertEquals("chunked", chunked.fields().get(HttpHeader.TRANSFER_ENCODING));
            // The chunked body ended where it should: the next response on the connection is whole.
            assertEquals("hello", get(connection.send(HttpRequest.get("/next"))).bodyAsString());
            assertEquals(1, server.accepted());
        }
    }

    @Test
    void aBodyDelimitedByTheCloseEndsWithTheConnection() throws Exception {
        for (String response : List.of("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the close",
                "HTTP/1.0 200 OK\r\n\r\nuntil the close",
                // A transfer coding that does not end with chunked leaves only the close to end the body (RFC 9112 6.3).
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nuntil the close")) {
            try (ScriptedServer server = new ScriptedServer(peer -> {
                peer.readRequest();
                peer.write(response);
                peer.shutdownOutput();
                assertEquals(0, peer.awaitClientClose());
            })) {
                HttpClient c = client(TestClients.config("until-close"));
                HttpClientConnection connection = TestClients.connect(c, server.address());
                HttpResponse answer = get(connection.send(HttpRequest.get("/stream")));
                assertEquals("until the close", answer.bodyAsString());
                assertNull(connection.closed().get(10, TimeUnit.SECONDS), "an orderly close");
                assertEquals(HttpClientConnection.Admission.CLOSED, connection.send(HttpRequest.get("/more"), new Outcomes(), 0));
                c.stop();
            }
        }
    }

    @Test
    void responsesWithoutContentAreFramedByTheirStatusAndTheMethod() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            assertTrue(peer.readRequest().startsWith("HEAD /head HTTP/1.1\r\n"));
            // A response to HEAD announces the length of the body a GET would get, and sends none.
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n");
            peer.readRequest();
            peer.write("HTTP/1.1 204 No Content\r\n\r\n");
            peer.readRequest();
            peer.write("HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\nETag: \"x\"\r\n\r\n");
            peer.readRequest();
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("no-content")), server.address());
            HttpResponse head = get(connection.send(HttpRequest.builder(HttpMethod.HEAD, "/head").build()));
            assertEquals(200, head.status());
            assertEquals("5", head.fields().get(HttpHeader.CONTENT_LENGTH));
            assertEquals(0, head.body().length);
            HttpResponse noContent = get(connection.send(HttpRequest.get("/204")));
            assertEquals(204, noContent.status());
            assertEquals(0, noContent.body().length);
            HttpResponse notModified = get(connection.send(HttpRequest.get("/304")));
            assertEquals(304, notModified.status());
            assertEquals(0, notModified.body().length);
            assertEquals("hello", get(connection.send(HttpRequest.get("/hello"))).bodyAsString());
        }
    }

    @Test
    void interimResponsesAreSkipped() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n" + HELLO);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("interim")), server.address());
            Outcomes outcomes = new Outcomes();
            assertEquals(HttpClientConnection.Admission.ACCEPTED, connection.send(HttpRequest.get("/hello"), outcomes, 0));
            outcomes.await(1);
            outcomes.assertEachCompletedOnce(1);
            assertEquals(200, outcomes.get(0).status());
            assertEquals("hello", outcomes.get(0).body());
            assertEquals(1, outcomes.heads(0), "only the final head is reported");
        }
    }

    @Test
    void aResponseSplitAtEveryByteAndSentByteByByte() throws Exception {
        String response = CHUNKED.replace("\r\n\r\n5;", "\r\nX-Padding: " + "p".repeat(40) + "\r\n\r\n5;");
        try (ScriptedServer server = new ScriptedServer(peer -> {
            for (int at = 1; at < response.length(); at++) {
                peer.readRequest();
                peer.writeSplit(response, at);
            }
            peer.readRequest();
            peer.writeEachByte(response);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("split")), server.address());
            for (int at = 1; at <= response.length(); at++) {
                HttpResponse answer = get(connection.send(HttpRequest.get("/split/" + at)));
                assertEquals("hello world", answer.bodyAsString(), "split at " + at);
                assertEquals("abc", answer.trailers().get("X-Checksum"), "split at " + at);
                assertEquals("p".repeat(40), answer.fields().get("X-Padding"), "split at " + at);
            }
            assertEquals(1, server.accepted());
        }
    }

    @Test
    void pipelinedResponsesGoToTheirRequestsInOrder() throws Exception {
        int depth = 16;
        // The server answers a round only after the client tried one request too many: an earlier
        // answer would free a slot and let that request in.
        Semaphore overTried = new Semaphore(0);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            for (int round = 0; round < 2; round++) {
                List<String> requests = peer.readRequests(depth);
                overTried.acquire();
                StringBuilder answers = new StringBuilder();
                for (int i = 0; i < depth; i++) {
                    String target = requests.get(i).substring(4, requests.get(i).indexOf(" HTTP/1.1"));
                    assertEquals("/r" + (round * depth + i), target, "requests arrive in the order sent");
                    String body = target.substring(1);
                    answers.append("HTTP/1.1 200 OK\r\nContent-Length: ").append(body.length()).append("\r\n\r\n").append(body);
                }
                // All the answers in one write: the client must cut them apart.
                peer.write(answers.toString());
            }
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("pipeline").withMaxRequestsInFlight(depth)),
                    server.address());
            Outcomes outcomes = new Outcomes();
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < depth; i++) {
                    long tag = round * depth + i;
                    assertEquals(HttpClientConnection.Admission.ACCEPTED, connection.send(HttpRequest.get("/r" + tag), outcomes, tag));
                }
                assertEquals(HttpClientConnection.Admission.FULL, connection.send(HttpRequest.get("/over"), outcomes, -1));
                overTried.release();
                outcomes.await(depth);
            }
            outcomes.assertEachCompletedOnce(2 * depth);
            for (long tag = 0; tag < 2 * depth; tag++) {
                Outcomes.Outcome outcome = outcomes.get(tag);
                assertTrue(outcome.succeeded());
                assertEquals("r" + tag, outcome.body());
                assertEquals(tag, outcome.sequence());
                assertTrue(outcome.queuedNanos() - outcome.sentNanos() <= 0 && outcome.sentNanos() - outcome.completedNanos() < 0,
                        "queued <= sent < completed");
                assertTrue(outcome.thread().startsWith("pipeline"), "listeners run on the client's selector: " + outcome.thread());
            }
        }
    }

    @Test
    void aLargeBodyIsCountedWithoutACopy() throws Exception {
        int size = 4 * 1024 * 1024;
        byte[] body = new byte[size];
        Arrays.fill(body, (byte) 'x');
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(("HTTP/1.1 200 OK\r\nContent-Length: " + size + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            peer.write(body);
            peer.readRequest();
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("large")), server.address());
            CompletableFuture<Long> counted = new CompletableFuture<>();
            // The default onContent drops each piece: the body is counted, never copied.
            HttpResponseListener discarding = exchange -> counted.complete(exchange.isSucceeded() ? exchange.contentBytes() : -1);
            assertEquals(HttpClientConnection.Admission.ACCEPTED, connection.send(HttpRequest.get("/large"), discarding, 0));
            assertEquals(size, counted.get(20, TimeUnit.SECONDS));
            assertEquals("hello", get(connection.send(HttpRequest.get("/hello"))).bodyAsString());
        }
    }

    @Test
    void requestBodiesGoOutWithTheirLengthThroughAnyBufferSize() throws Exception {
        byte[] upload = new byte[10_000];
        for (int i = 0; i < upload.length; i++) {
            upload[i] = (byte) ('a' + i % 26);
        }
        try (ScriptedServer server = new ScriptedServer(peer -> {
            for (int i = 0; i < 2; i++) {
                String request = peer.readRequest();
                assertTrue(request.startsWith("POST /upload HTTP/1.1\r\nHost: example.test\r\nX-Trace: t1\r\nContent-Length: 10000\r\n\r\n"),
                        request.substring(0, 120));
                assertArrayEquals(upload, request.substring(request.indexOf("\r\n\r\n") + 4).getBytes(StandardCharsets.ISO_8859_1));
                peer.write(HELLO);
            }
            peer.awaitClientClose();
        })) {
            // A 4 KiB output buffer: the body goes out over several writes.
            HttpClientConnection connection = TestClients.connect(client(TestClients.config("upload").withMaxRequestsInFlight(2)),
                    server.address());
            HttpRequest request = HttpRequest.builder(HttpMethod.POST, "/upload").host("example.test").field("X-Trace", "t1")
                    .body(upload).build();
            // Two at once: the second head waits behind the first body.
            CompletableFuture<HttpResponse> first = connection.send(request);
            CompletableFuture<HttpResponse> second = connection.send(request);
            assertEquals("hello", get(first).bodyAsString());
            assertEquals("hello", get(second).bodyAsString());
        }
    }
}
