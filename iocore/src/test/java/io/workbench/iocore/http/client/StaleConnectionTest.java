package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpClientException.Kind;
import io.workbench.iocore.selector.ManagedSelector;
import java.net.InetSocketAddress;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request sent on a connection the server closed while it was idle fails as
 * {@link Kind#STALE_CONNECTION}, told apart from a server that fails a request, so that it can be
 * sent again on a fresh connection. Over real sockets: the point is what the kernel reports when
 * a request goes out just as the server's FIN or RST comes in.
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
    void aRequestSentAsTheServerClosesTheIdleConnectionIsStaleAndARetryOnAFreshOneWorks() throws Exception {
        try (IdleClosingServer server = new IdleClosingServer(100)) {
            client = TestClients.start(TestClients.config("stale-fin"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            HttpResponse first = connection.send(HttpRequest.get("/hello")).get(10, TimeUnit.SECONDS);
            assertEquals(200, first.status());
            Outcomes outcomes = new Outcomes();
            // The server closes the connection 100 to 125 ms after that response: its FIN is in the
            // client's socket once the server's endpoint is gone.
            assertEquals(Admission.ACCEPTED, sendFromTheSelectorOnce(client, () -> TestClients.await(() -> server.openConnections() == 0, 10),
                    connection, HttpRequest.get("/again"), outcomes, 1));
            outcomes.await(1);
            Outcomes.Outcome again = outcomes.get(1);
            assertEquals(Kind.STALE_CONNECTION, again.failure().kind(), again.failure().getMessage());
            assertTrue(again.failure().getMessage().contains("the server closed the idle connection before any byte of the response"),
                    again.failure().getMessage());
            assertTrue(again.sent(), "the socket took the request: a FIN does not stop this side from writing");
            assertNotNull(connection.closed().get(10, TimeUnit.SECONDS));

            // Sent again on a fresh connection, it is answered.
            HttpClientConnection fresh = TestClients.connect(client, server.address());
            assertEquals(200, fresh.send(HttpRequest.get("/again")).get(10, TimeUnit.SECONDS).status());
        }
    }

    @Test
    void aRequestSentAfterTheServerResetTheIdleConnectionIsStale() throws Exception {
        CountDownLatch resetNow = new CountDownLatch(1);
        CountDownLatch resetDone = new CountDownLatch(1);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(HELLO);
            resetNow.await();
            peer.reset();
            resetDone.countDown();
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
            // The write fails (the socket is reset), or the read finds the reset, or the end of the
            // stream behind it (once the write took the error): stale, whichever came first.
            assertEquals(Kind.STALE_CONNECTION, again.failure().kind(), again.failure().getMessage());
            Kind cause = ((HttpClientException) again.failure().getCause()).kind();
            assertTrue(cause == Kind.RESET || cause == Kind.CLOSED, again.failure().getCause().getMessage());
        }
    }

    @Test
    void onlyTheRequestThatFoundTheConnectionIdleIsStale() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            // Two requests pipelined on an idle connection, and the server closes without a byte.
            peer.readRequests(2);
            peer.shutdownOutput();
            peer.awaitClientClose();
        })) {
            client = TestClients.start(TestClients.config("stale-pipelined").withMaxRequestsInFlight(2));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            Outcomes outcomes = new Outcomes();
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/first"), outcomes, 0));
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/second"), outcomes, 1));
            outcomes.await(2);
            outcomes.assertEachCompletedOnce(2);
            assertEquals(Kind.STALE_CONNECTION, outcomes.get(0).failure().kind(), outcomes.get(0).failure().getMessage());
            // The second was sent while the first was outstanding: not on an idle connection.
            assertEquals(Kind.CLOSED, outcomes.get(1).failure().kind(), outcomes.get(1).failure().getMessage());
        }
    }

    @Test
    void aCloseAfterAByteOfTheResponseOrAfterAnEarlierRequestIsNotStale() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(HELLO);
            // The second request is answered in part, the third not at all: the server was busy
            // with this connection, it did not close an idle one.
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
     * stale request sent once more on a fresh one. Every request ends answered; nothing fails but
     * a stale request, which its retry makes good.
     */
    @Test
    void requestsAroundTheServersKeepAliveTimeoutAllSucceedWithOneRetryForAStaleOne() throws Exception {
        Random random = new Random(42);
        try (IdleClosingServer server = new IdleClosingServer(100)) {
            client = TestClients.start(TestClients.config("keep-alive-loop"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            int reconnects = 0;
            int stale = 0;
            for (int i = 0; i < 30; i++) {
                Thread.sleep(60 + random.nextInt(80));
                if (!connection.isOpen()) {
                    connection = TestClients.connect(client, server.address());
                    reconnects++;
                }
                CompletableFuture<HttpResponse> response = connection.send(HttpRequest.get("/r" + i));
                try {
                    assertEquals(200, response.get(10, TimeUnit.SECONDS).status());
                } catch (ExecutionException x) {
                    HttpClientException failure = assertInstanceOf(HttpClientException.class, x.getCause());
                    // REJECTED: the connection closed between isOpen() and send(): not taken, nothing failed.
                    assertTrue(failure.kind() == Kind.STALE_CONNECTION || failure.kind() == Kind.REJECTED, failure.getMessage());
                    stale += failure.kind() == Kind.STALE_CONNECTION ? 1 : 0;
                    connection = TestClients.connect(client, server.address());
                    assertEquals(200, connection.send(HttpRequest.get("/r" + i)).get(10, TimeUnit.SECONDS).status());
                }
            }
            assertTrue(reconnects + stale > 0, "the server closed idle connections during the run");
            // A stale request never reached the server's reader (the server had closed, its kernel reset it).
            assertEquals(30, server.requests(), "each request was answered once");
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
