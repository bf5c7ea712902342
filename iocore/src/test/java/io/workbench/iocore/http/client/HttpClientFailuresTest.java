package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpClientException.Kind;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every way a request can fail, each over a real socket: it ends exactly once, with the kind of
 * failure that says what happened, and the connection is closed when it must be.
 */
class HttpClientFailuresTest {

    private HttpClient client;

    private HttpClientConnection connect(HttpClient.Config config, ScriptedServer server) throws Exception {
        client = TestClients.start(config);
        return TestClients.connect(client, server.address());
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.stop();
        }
    }

    private static HttpClientException failureOf(CompletableFuture<HttpResponse> future) {
        ExecutionException x = assertThrows(ExecutionException.class, () -> future.get(20, TimeUnit.SECONDS));
        return assertInstanceOf(HttpClientException.class, x.getCause());
    }

    @Test
    void aResetWithPipelinedRequestsOutstandingEndsEachRequestExactlyOnce() throws Exception {
        int depth = 16;
        Outcomes outcomes = new Outcomes();
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequests(depth);
            StringBuilder five = new StringBuilder();
            for (int i = 0; i < 5; i++) {
                five.append(HELLO);
            }
            peer.write(five.toString());
            // Let the client take those five before half of the sixth and the reset.
            assertTrue(TestClients.await(() -> outcomes.completedCount() == 5, 10));
            peer.write(HELLO.substring(0, HELLO.length() - 2));
            Thread.sleep(20);
            peer.reset();
        })) {
            HttpClientConnection connection = connect(TestClients.config("reset").withMaxRequestsInFlight(depth), server);
            for (int i = 0; i < depth; i++) {
                assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/r" + i), outcomes, i));
            }
            outcomes.await(depth);
            HttpClientException closedWith = connection.closed().get(10, TimeUnit.SECONDS);
            assertEquals(Kind.RESET, closedWith.kind(), closedWith.getMessage());
            // Anything late would have come by now.
            Thread.sleep(100);
            outcomes.assertEachCompletedOnce(depth);
            for (long tag = 0; tag < depth; tag++) {
                Outcomes.Outcome outcome = outcomes.get(tag);
                if (tag < 5) {
                    assertTrue(outcome.succeeded(), "request " + tag);
                    assertEquals("hello", outcome.body());
                } else {
                    assertFalse(outcome.succeeded(), "request " + tag);
                    assertEquals(Kind.RESET, outcome.failure().kind(), outcome.failure().getMessage());
                    assertTrue(outcome.failure().getMessage().contains("11 request(s) outstanding"), outcome.failure().getMessage());
                }
            }
            assertEquals(Admission.CLOSED, connection.send(HttpRequest.get("/after"), outcomes, 99));
        }
    }

    @Test
    void connectionCloseFromTheServerFailsThePipelinedRequestsAfterIt() throws Exception {
        Outcomes outcomes = new Outcomes();
        AtomicReference<Admission> sentFromTheListener = new AtomicReference<>();
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequests(4);
            peer.write("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello");
            peer.close();
        })) {
            HttpClientConnection connection = connect(TestClients.config("server-close").withMaxRequestsInFlight(4), server);
            HttpResponseListener first = new HttpResponseListener() {
                @Override
                public void onComplete(HttpExchange exchange) {
                    // The head said close: the connection takes nothing more, even from here.
                    sentFromTheListener.set(exchange.connection().send(HttpRequest.get("/late"), outcomes, 100));
                    outcomes.onComplete(exchange);
                }
            };
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/0"), first, 0));
            for (int i = 1; i < 4; i++) {
                assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/" + i), outcomes, i));
            }
            outcomes.await(4);
            outcomes.assertEachCompletedOnce(4);
            assertTrue(outcomes.get(0).succeeded());
            assertEquals(Admission.CLOSING, sentFromTheListener.get());
            for (long tag = 1; tag < 4; tag++) {
                HttpClientException failure = outcomes.get(tag).failure();
                assertEquals(Kind.CLOSED, failure.kind());
                assertTrue(failure.getMessage().contains("Connection: close") && failure.getMessage().contains("3 later request(s)"),
                        failure.getMessage());
            }
        }
    }

    @Test
    void connectionCloseFromTheClientEndsTheConnectionAfterItsResponse() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            assertTrue(peer.readRequest().endsWith("\r\nConnection: close\r\n\r\n"));
            // The server keeps the connection open: the client closes it.
            peer.write(HELLO);
            assertEquals(0, peer.awaitClientClose());
        })) {
            HttpClientConnection connection = connect(TestClients.config("client-close").withMaxRequestsInFlight(2), server);
            CompletableFuture<HttpResponse> last = connection.send(HttpRequest.builder(io.workbench.iocore.http.HttpMethod.GET, "/bye").close().build());
            assertEquals(Admission.CLOSING, connection.send(HttpRequest.get("/more"), new Outcomes(), 1));
            assertEquals("hello", last.get(10, TimeUnit.SECONDS).bodyAsString());
            assertNull(connection.closed().get(10, TimeUnit.SECONDS));
            assertFalse(connection.isOpen());
        }
    }

    @Test
    void garbageAndRequestSmugglingVectorsAreBadResponses() throws Exception {
        for (String response : List.of(
                "garbage\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
                "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-Folded: a\r\n b\r\n\r\nhello",
                "HTTP/1.1 200 OK\r\nContent-Length : 5\r\n\r\nhello",
                "HTTP/2.0 200 OK\r\nContent-Length: 5\r\n\r\nhello",
                "HTTP/1.1 200 OK\nContent-Length: 5\n\nhello",
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: upgrade\r\n\r\n")) {
            try (ScriptedServer server = new ScriptedServer(peer -> {
                peer.readRequest();
                peer.write(response);
                peer.awaitClientClose();
            })) {
                HttpClientConnection connection = connect(TestClients.config("bad"), server);
                HttpClientException failure = failureOf(connection.send(HttpRequest.get("/bad")));
                assertEquals(Kind.BAD_RESPONSE, failure.kind(), response + " -> " + failure.getMessage());
                assertTrue(failure.getMessage().contains("GET /bad"), failure.getMessage());
                assertEquals(Kind.BAD_RESPONSE, connection.closed().get(10, TimeUnit.SECONDS).kind());
                client.stop();
            }
        }
    }

    @Test
    void bytesThatAnswerNoRequestAreABadResponse() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = connect(TestClients.config("unsolicited"), server);
            HttpClientException closedWith = connection.closed().get(10, TimeUnit.SECONDS);
            assertEquals(Kind.BAD_RESPONSE, closedWith.kind());
            assertTrue(closedWith.getMessage().contains("no request was outstanding"), closedWith.getMessage());
        }
    }

    @Test
    void aServerThatClosesWithoutAnsweringOrInTheMiddleOfABody() throws Exception {
        for (String partial : List.of("", "HTTP/1.1 200 OK\r\nContent-Le", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello")) {
            try (ScriptedServer server = new ScriptedServer(peer -> {
                peer.readRequest();
                peer.write(partial);
                peer.shutdownOutput();
                peer.awaitClientClose();
            })) {
                HttpClientConnection connection = connect(TestClients.config("server-closed"), server);
                HttpClientException failure = failureOf(connection.send(HttpRequest.get("/cut")));
                if (partial.isEmpty()) {
                    // No byte of the response, but the server read the request: it may have acted on it,
                    // so it is closed, not a request that could be sent again.
                    assertEquals(Kind.CLOSED, failure.kind(), failure.getMessage());
                    assertTrue(failure.getMessage().contains("with 1 request(s) outstanding"), failure.getMessage());
                } else {
                    assertEquals(Kind.CLOSED, failure.kind(), failure.getMessage());
                    assertTrue(failure.getMessage().contains("in the middle of the response to GET /cut"), failure.getMessage());
                }
                client.stop();
            }
        }
    }

    @Test
    void aServerThatNeverAnswersTimesOutAndTheOthersOnTheConnectionAreAborted() throws Exception {
        CountDownLatch clientClosed = new CountDownLatch(1);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequests(3);
            peer.awaitClientClose();
            clientClosed.countDown();
        })) {
            HttpClientConnection connection = connect(TestClients.config("timeout").withMaxRequestsInFlight(3), server);
            Outcomes outcomes = new Outcomes();
            long timeout = 300;
            connection.send(HttpRequest.builder(io.workbench.iocore.http.HttpMethod.GET, "/slow").timeoutMillis(timeout).build(), outcomes, 0);
            connection.send(HttpRequest.get("/default-timeout"), outcomes, 1);
            connection.send(HttpRequest.builder(io.workbench.iocore.http.HttpMethod.GET, "/no-timeout")
                    .timeoutMillis(HttpRequest.NO_TIMEOUT).build(), outcomes, 2);
            outcomes.await(3);
            outcomes.assertEachCompletedOnce(3);
            Outcomes.Outcome slow = outcomes.get(0);
            assertEquals(Kind.TIMEOUT, slow.failure().kind());
            assertTrue(slow.failure().getMessage().contains("no complete response within 300 ms"), slow.failure().getMessage());
            // The timeout counts from send(), when the request was queued.
            assertTrue(slow.completedNanos() - slow.queuedNanos() >= TimeUnit.MILLISECONDS.toNanos(timeout), "timed out early");
            assertTrue(slow.sent(), "it was written");
            for (long tag = 1; tag < 3; tag++) {
                HttpClientException failure = outcomes.get(tag).failure();
                assertEquals(Kind.ABORTED, failure.kind());
                assertTrue(failure.getMessage().contains("closed because a request timed out"), failure.getMessage());
            }
            assertTrue(clientClosed.await(10, TimeUnit.SECONDS), "the timed-out connection is closed");
            assertEquals(Kind.ABORTED, connection.closed().get(10, TimeUnit.SECONDS).kind());
        }
    }

    @Test
    void closingTheConnectionAbortsWhatIsOutstanding() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = connect(TestClients.config("close"), server);
            CompletableFuture<HttpResponse> pending = connection.send(HttpRequest.get("/pending"));
            assertTrue(TestClients.await(() -> server.accepted() == 1, 10));
            connection.close();
            HttpClientException failure = failureOf(pending);
            assertEquals(Kind.ABORTED, failure.kind());
            assertTrue(failure.getMessage().contains("closed by the client with 1 request(s) outstanding"), failure.getMessage());
        }
    }

    @Test
    void aFullConnectionRejectsAtOnce() throws Exception {
        // The server answers only after the second send was tried: an earlier answer would free the slot.
        CountDownLatch secondSent = new CountDownLatch(1);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            secondSent.await();
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = connect(TestClients.config("full"), server);
            CompletableFuture<HttpResponse> first = connection.send(HttpRequest.get("/first"));
            CompletableFuture<HttpResponse> second = connection.send(HttpRequest.get("/second"));
            secondSent.countDown();
            HttpClientException rejected = failureOf(second);
            assertEquals(Kind.REJECTED, rejected.kind());
            assertTrue(rejected.getMessage().contains("FULL"), rejected.getMessage());
            assertEquals("hello", first.get(10, TimeUnit.SECONDS).bodyAsString());
        }
    }

    @Test
    void connectingToAPortNobodyListensOnFails() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        client = TestClients.start(TestClients.config("refused"));
        ExecutionException x = assertThrows(ExecutionException.class,
                () -> client.connect(new InetSocketAddress("127.0.0.1", port)).get(10, TimeUnit.SECONDS));
        HttpClientException failure = assertInstanceOf(HttpClientException.class, x.getCause());
        assertEquals(Kind.CONNECT_FAILED, failure.kind());
        assertInstanceOf(ConnectException.class, failure.getCause());
        assertEquals(0, client.getConnectionCount());
    }

    @Test
    void aListenerThatThrowsLeavesTheConnectionWorking() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            for (int i = 0; i < 2; i++) {
                peer.readRequest();
                peer.write(HELLO);
            }
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = connect(TestClients.config("throwing"), server);
            CountDownLatch called = new CountDownLatch(1);
            connection.send(HttpRequest.get("/throws"), exchange -> {
                called.countDown();
                throw new IllegalStateException("a listener bug (expected by the test)");
            }, 0);
            assertTrue(called.await(10, TimeUnit.SECONDS));
            assertEquals("hello", connection.send(HttpRequest.get("/works")).get(10, TimeUnit.SECONDS).bodyAsString());
        }
    }

    @Test
    void anIdleTimeoutClosesOnlyAConnectionWithNothingOutstanding() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            // Longer than the idle timeout, with a request outstanding: the connection must stay.
            Thread.sleep(600);
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClientConnection connection = connect(TestClients.config("idle").withIdleTimeoutMillis(150)
                    .withSelectors(io.workbench.iocore.selector.SelectorManager.Config.defaults().withSelectors(1).withMaxThreads(8)
                            .withIdleTimeoutMillis(150)), server);
            assertEquals("hello", connection.send(HttpRequest.get("/slow")).get(10, TimeUnit.SECONDS).bodyAsString());
            HttpClientException closedWith = connection.closed().get(10, TimeUnit.SECONDS);
            assertEquals(Kind.TIMEOUT, closedWith.kind());
            assertTrue(closedWith.getMessage().contains("idle timeout with 0 request(s) outstanding"), closedWith.getMessage());
        }
    }
}
