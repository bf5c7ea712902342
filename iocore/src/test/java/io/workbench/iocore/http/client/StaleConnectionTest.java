package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpClientException.Kind;
import io.workbench.iocore.selector.ManagedSelector;
import java.net.InetSocketAddress;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request is failed as {@link Kind#NOT_WRITTEN}, which a caller may send again, only when no byte
 * of it was written before the server closed or reset the connection; a request of which a byte was
 * written fails as closed or reset, whether or not the server read it, so that no request is ever
 * sent twice. Over real sockets: the point is what the kernel reports when a request goes out just
 * as the server's FIN or RST comes in.
 */
class StaleConnectionTest {

    private HttpClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.stop();
        }
    }

    /**
     * Runs {@code send} on the client's selector thread once {@code ready} holds: the reader,
     * which runs on that thread too, cannot see the server's close before the request goes out,
     * as when a request leaves in the instant the close is on its way.
     */
    private static Admission sendFromTheSelectorOnce(HttpClient client, CheckedCondition ready, HttpClientConnection connection,
                                                     HttpRequest request, HttpResponseListener listener, long tag) throws Exception {
        ManagedSelector selector = client.getSelectorManager().getSelectors().get(0);
        CompletableFuture<Admission> admission = new CompletableFuture<>();
        assertTrue(selector.submit(() -> {
            try {
                if (!ready.holds()) {
                    throw new AssertionError("the server did not close the connection in time");
                }
                admission.complete(connection.send(request, listener, tag));
            } catch (Throwable x) {
                admission.completeExceptionally(x);
            }
        }));
        return admission.get(20, TimeUnit.SECONDS);
    }

    @FunctionalInterface
    private interface CheckedCondition {
        boolean holds() throws Exception;
    }

    @Test
    void aRequestWrittenAsTheServerClosesTheIdleConnectionIsClosedNotNotWritten() throws Exception {
        try (IdleClosingServer server = new IdleClosingServer(100)) {
            client = TestClients.start(TestClients.config("stale-fin"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            HttpResponse first = connection.send(HttpRequest.get("/hello")).get(10, TimeUnit.SECONDS);
            assertEquals(200, first.status());
            Outcomes outcomes = new Outcomes();
            // The server closes the connection 100 to 125 ms after that response: its FIN is in the
            // client's socket once the server's endpoint is gone. A FIN does not stop this side from
            // writing: the request goes out, and from here nothing tells whether the server read it.
            assertEquals(Admission.ACCEPTED, sendFromTheSelectorOnce(client, () -> TestClients.await(() -> server.openConnections() == 0, 10),
                    connection, HttpRequest.get("/again"), outcomes, 1));
            outcomes.await(1);
            Outcomes.Outcome again = outcomes.get(1);
            assertTrue(again.anyByteWritten(), "the socket took the request");
            assertTrue(again.failure().kind() == Kind.CLOSED || again.failure().kind() == Kind.RESET, again.failure().getMessage());
            assertNotNull(connection.closed().get(10, TimeUnit.SECONDS));
            assertEquals(1, server.requests(), "the server had closed: it never read the second request");
        }
    }

    @Test
    void aRequestSentAfterTheServerResetTheIdleConnectionIsNotWrittenAndAnsweredWhenSentAgain() throws Exception {
        CountDownLatch resetNow = new CountDownLatch(1);
        CountDownLatch resetDone = new CountDownLatch(1);
        AtomicInteger served = new AtomicInteger();
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            // Counted before the answer: the client may read `served` as soon as it has the response.
            int number = served.incrementAndGet();
            peer.write(HELLO);
            if (number == 1) {
                resetNow.await();
                peer.reset();
                resetDone.countDown();
            } else {
                peer.awaitClientClose();
            }
        })) {
            client = TestClients.start(TestClients.config("stale-rst"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            assertEquals(200, connection.send(HttpRequest.get("/hello")).get(10, TimeUnit.SECONDS).status());
            Outcomes outcomes = new Outcomes();
            assertEquals(Admission.ACCEPTED, sendFromTheSelectorOnce(client, () -> {
                resetNow.countDown();
                // On loopback the RST is in the client's socket once the server's close returned.
                return resetDone.await(10, TimeUnit.SECONDS);
            }, connection, HttpRequest.get("/again"), outcomes, 1));
            outcomes.await(1);
            Outcomes.Outcome again = outcomes.get(1);
            // The write fails on the reset socket and takes nothing: the server never saw the request.
            assertEquals(Kind.NOT_WRITTEN, again.failure().kind(), again.failure().getMessage());
            assertFalse(again.anyByteWritten());
            assertFalse(again.sent());
            assertTrue(again.failure().getMessage().contains("can be sent again on another connection"), again.failure().getMessage());
            Kind cause = ((HttpClientException) again.failure().getCause()).kind();
            assertTrue(cause == Kind.RESET || cause == Kind.CLOSED, again.failure().getCause().getMessage());

            // Sent again on a fresh connection, it is answered.
            HttpClientConnection fresh = TestClients.connect(client, server.address());
            assertEquals(200, fresh.send(HttpRequest.get("/again")).get(10, TimeUnit.SECONDS).status());
            assertEquals(2, served.get(), "the server read the first request and the one sent again: nothing twice");
        }
    }

    @Test
    void requestsTheServerReadAndClosedWithoutAByteOfAnswerAreClosedNotNotWritten() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            // Two requests pipelined on an idle connection, read, and the server closes without a byte:
            // it may have acted on both.
            peer.readRequests(2);
            peer.shutdownOutput();
            peer.awaitClientClose();
        })) {
            client = TestClients.start(TestClients.config("read-then-closed").withMaxRequestsInFlight(2));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            Outcomes outcomes = new Outcomes();
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/first"), outcomes, 0));
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/second"), outcomes, 1));
            outcomes.await(2);
            outcomes.assertEachCompletedOnce(2);
            for (long tag = 0; tag < 2; tag++) {
                assertEquals(Kind.CLOSED, outcomes.get(tag).failure().kind(), outcomes.get(tag).failure().getMessage());
                assertTrue(outcomes.get(tag).anyByteWritten());
            }
        }
    }

    @Test
    void aNonIdempotentRequestThatWasNotWrittenSaysSoAndTheIdempotentMethodsAreRfc9110s() throws Exception {
        for (HttpMethod method : HttpMethod.values()) {
            if (method == HttpMethod.CONNECT) {
                // A tunnel: this client refuses to build it.
                continue;
            }
            boolean idempotent = switch (method) {
                case GET, HEAD, PUT, DELETE, OPTIONS, TRACE -> true;
                default -> false;
            };
            assertEquals(idempotent, HttpRequest.builder(method, "/m").build().isIdempotent(), method.name());
        }
        CountDownLatch resetNow = new CountDownLatch(1);
        CountDownLatch resetDone = new CountDownLatch(1);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(HELLO);
            resetNow.await();
            peer.reset();
            resetDone.countDown();
        })) {
            client = TestClients.start(TestClients.config("not-written-post"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            assertEquals(200, connection.send(HttpRequest.get("/hello")).get(10, TimeUnit.SECONDS).status());
            Outcomes outcomes = new Outcomes();
            assertEquals(Admission.ACCEPTED, sendFromTheSelectorOnce(client, () -> {
                resetNow.countDown();
                return resetDone.await(10, TimeUnit.SECONDS);
            }, connection, HttpRequest.builder(HttpMethod.POST, "/order").body(new byte[] {1}).build(), outcomes, 1));
            outcomes.await(1);
            HttpClientException failure = outcomes.get(1).failure();
            assertEquals(Kind.NOT_WRITTEN, failure.kind(), failure.getMessage());
            assertTrue(failure.getMessage().contains("its method is not idempotent"), failure.getMessage());
        }
    }

    @Test
    void aCloseAfterAByteOfTheResponseOrAfterAnEarlierRequestIsClosed() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(HELLO);
            // The second request is answered in part, the third not at all: both were read.
            peer.readRequests(2);
            peer.write(HELLO.substring(0, 10));
            peer.shutdownOutput();
            peer.awaitClientClose();
        })) {
            client = TestClients.start(TestClients.config("not-stale").withMaxRequestsInFlight(2));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            assertEquals(200, connection.send(HttpRequest.get("/hello")).get(10, TimeUnit.SECONDS).status());
            Outcomes outcomes = new Outcomes();
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/partly"), outcomes, 0));
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/behind"), outcomes, 1));
            outcomes.await(2);
            for (long tag = 0; tag < 2; tag++) {
                HttpClientException failure = outcomes.get(tag).failure();
                assertEquals(Kind.CLOSED, failure.kind(), failure.getMessage());
            }
            assertTrue(outcomes.get(0).failure().getMessage().contains("in the middle of the response"));
        }
    }

    @Test
    void aConnectionSeenClosedBeforeTheSendTakesNoRequest() throws Exception {
        try (IdleClosingServer server = new IdleClosingServer(100)) {
            client = TestClients.start(TestClients.config("seen-closed"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            assertEquals(200, connection.send(HttpRequest.get("/hello")).get(10, TimeUnit.SECONDS).status());
            // The reader sees the FIN: an orderly close, and nothing to fail.
            assertEquals(null, connection.closed().get(10, TimeUnit.SECONDS));
            assertEquals(Admission.CLOSED, connection.send(HttpRequest.get("/late"), new Outcomes(), 0));
        }
    }

    /**
     * The generator's case on a small scale: requests at random gaps around the server's
     * keep-alive timeout of 100 ms, a new connection whenever the old one is seen closed, and a
     * request that was not written sent once more on a fresh one. No request reaches the server
     * twice: the server answers exactly the requests that were answered, and a request written on a
     * connection the server had closed (its FIN not yet seen) fails as closed or reset, and is not
     * sent again.
     */
    @Test
    void requestsAroundTheServersKeepAliveTimeoutReachTheServerAtMostOnce() throws Exception {
        Random random = new Random(42);
        try (IdleClosingServer server = new IdleClosingServer(100)) {
            client = TestClients.start(TestClients.config("keep-alive-loop"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            int reconnects = 0;
            int answered = 0;
            for (int i = 0; i < 30; i++) {
                Thread.sleep(60 + random.nextInt(80));
                if (!connection.isOpen()) {
                    connection = TestClients.connect(client, server.address());
                    reconnects++;
                }
                CompletableFuture<HttpResponse> response = connection.send(HttpRequest.get("/r" + i));
                try {
                    assertEquals(200, response.get(10, TimeUnit.SECONDS).status());
                    answered++;
                } catch (ExecutionException x) {
                    HttpClientException failure = assertInstanceOf(HttpClientException.class, x.getCause());
                    connection = TestClients.connect(client, server.address());
                    if (failure.kind() == Kind.NOT_WRITTEN || failure.kind() == Kind.REJECTED) {
                        // Never on the wire (REJECTED: the connection closed between isOpen() and send(), not taken).
                        assertEquals(200, connection.send(HttpRequest.get("/r" + i)).get(10, TimeUnit.SECONDS).status());
                        answered++;
                    } else {
                        assertTrue(failure.kind() == Kind.CLOSED || failure.kind() == Kind.RESET, failure.getMessage());
                    }
                }
            }
            assertTrue(reconnects > 0, "the server closed idle connections during the run");
            assertEquals(answered, server.requests(), "the server read each answered request once, and no other");
        }
    }

    @Test
    void theServerForStaleConnectionsClosesIdleConnectionsOnlyOnceTheyAreIdle() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> new IdleClosingServer(0));
        try (IdleClosingServer server = new IdleClosingServer(100)) {
            client = TestClients.start(TestClients.config("idle-server"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            long start = System.nanoTime();
            long lastAnswer = start;
            // Busy for 500 ms, a request every 20 ms: never idle for 100 ms, never closed.
            while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(500)) {
                assertTrue(connection.isOpen(), "closed while busy");
                assertEquals(200, connection.send(HttpRequest.get("/busy")).get(10, TimeUnit.SECONDS).status());
                lastAnswer = System.nanoTime();
                Thread.sleep(20);
            }
            assertEquals(null, connection.closed().get(10, TimeUnit.SECONDS));
            long idleNanos = System.nanoTime() - lastAnswer;
            // Its last write was just before the last answer arrived: 100 ms after it at the earliest,
            // less whatever the answer took to arrive; half of that is a generous bound.
            assertTrue(idleNanos >= TimeUnit.MILLISECONDS.toNanos(50), "closed once idle, not before: " + idleNanos / 1000 + " us");
            assertTrue(TestClients.await(() -> server.openConnections() == 0, 10));
            InetSocketAddress address = server.address();
            assertEquals("127.0.0.1", address.getHostString());
        }
    }
}
