package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpClientException.Kind;
import io.workbench.iocore.selector.SelectorManager;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The client as a component: a real server (the JDK's), source addresses, requests sent from the
 * listener itself, and a stop that ends every request, closes every connection and gives back
 * every file descriptor, thread and buffer.
 */
class HttpClientLifecycleTest {

    @Test
    void keepAliveRoundTripsWithTheJdkHttpServer() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 50);
        Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
        AtomicInteger served = new AtomicInteger();
        server.createContext("/hello", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            byte[] body = ("hello " + served.getAndIncrement() + " " + exchange.getRequestURI().getQuery())
                    .getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().add("Content-Type", "text/plain");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        HttpClient client = TestClients.start(TestClients.config("jdk-server"));
        try {
            HttpClientConnection connection = TestClients.connect(client,
                    new InetSocketAddress("127.0.0.1", server.getAddress().getPort()));
            for (int i = 0; i < 5; i++) {
                HttpResponse response = connection.send(HttpRequest.get("/hello?n=" + i)).get(10, TimeUnit.SECONDS);
                assertEquals(200, response.status());
                assertEquals("text/plain", response.fields().get("Content-Type"));
                assertEquals("hello " + i + " n=" + i, response.bodyAsString());
            }
            assertEquals(Set.of(connection.getLocalAddress().getPort()), clientPorts, "all five on one connection");
        } finally {
            client.stop();
            server.stop(0);
        }
    }

    @Test
    void aOneShotSendOpensAndClosesItsOwnConnection() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(HELLO);
            assertEquals(0, peer.awaitClientClose());
        })) {
            HttpClient client = TestClients.start(TestClients.config("one-shot"));
            try {
                for (int i = 1; i <= 3; i++) {
                    assertEquals("hello", client.send(server.address(), HttpRequest.get("/once")).get(10, TimeUnit.SECONDS).bodyAsString());
                    int sent = i;
                    assertTrue(TestClients.await(() -> client.getConnectionCount() == 0 && server.accepted() == sent, 10));
                }
            } finally {
                client.stop();
            }
        }
    }

    @Test
    void connectionsFromSourceAddresses2To9() throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        try (ScriptedServer server = new ScriptedServer(peer -> {
            seen.add(peer.remote().getAddress().getHostAddress());
            peer.readRequest();
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClient client = TestClients.start(TestClients.config("sources"));
            try {
                for (int host = 2; host <= 9; host++) {
                    InetSocketAddress local = new InetSocketAddress("127.0.0." + host, 0);
                    HttpClientConnection connection = client.connect(server.address(), local).get(10, TimeUnit.SECONDS);
                    assertEquals("127.0.0." + host, connection.getLocalAddress().getAddress().getHostAddress());
                    assertEquals("hello", connection.send(HttpRequest.get("/from/" + host)).get(10, TimeUnit.SECONDS).bodyAsString());
                }
                Set<String> expected = new TreeSet<>();
                for (int host = 2; host <= 9; host++) {
                    expected.add("127.0.0." + host);
                }
                assertEquals(expected, new TreeSet<>(seen));
                assertEquals(8, client.getConnectionCount());
            } finally {
                client.stop();
            }
        }
    }

    @Test
    void aListenerSendsTheNextRequestFromItsCompletion() throws Exception {
        int requests = 2_000;
        try (ScriptedServer server = new ScriptedServer(peer -> {
            for (int i = 0; i < requests; i++) {
                peer.readRequest();
                peer.write(HELLO);
            }
            peer.awaitClientClose();
        })) {
            HttpClient client = TestClients.start(TestClients.config("closed-loop"));
            try {
                HttpClientConnection connection = TestClients.connect(client, server.address());
                Outcomes outcomes = new Outcomes();
                HttpRequest hello = HttpRequest.get("/hello");
                List<Admission> refused = new ArrayList<>();
                HttpResponseListener loop = new HttpResponseListener() {
                    @Override
                    public void onComplete(HttpExchange exchange) {
                        outcomes.onComplete(exchange);
                        long next = exchange.tag() + 1;
                        // One request in flight at most: the credit is back before this call.
                        if (next < requests && exchange.connection().send(hello, this, next) != Admission.ACCEPTED) {
                            refused.add(Admission.FULL);
                        }
                    }
                };
                assertEquals(Admission.ACCEPTED, connection.send(hello, loop, 0));
                outcomes.await(requests);
                outcomes.assertEachCompletedOnce(requests);
                assertEquals(List.of(), refused);
                for (long tag = 0; tag < requests; tag++) {
                    assertTrue(outcomes.get(tag).succeeded());
                    assertEquals(tag, outcomes.get(tag).sequence());
                }
                assertEquals(1, server.accepted());
            } finally {
                client.stop();
            }
        }
    }

    @Test
    void stopEndsEveryRequestAndGivesBackEveryDescriptorThreadAndBuffer() throws Exception {
        int idle = 40;
        int busy = 40;
        try (ScriptedServer server = new ScriptedServer(peer -> {
            if (peer.readRequest().startsWith("GET /answered ")) {
                peer.write(HELLO);
            }
            peer.awaitClientClose();
        })) {
            int baseline = TestClients.openFds();
            HttpClient client = TestClients.start(TestClients.config("stop-me").withMaxRequestsInFlight(2));
            Outcomes outcomes = new Outcomes();
            List<HttpClientConnection> connections = new ArrayList<>();
            for (int i = 0; i < idle + busy; i++) {
                connections.add(TestClients.connect(client, server.address()));
            }
            for (int i = 0; i < idle; i++) {
                assertEquals("hello", connections.get(i).send(HttpRequest.get("/answered")).get(10, TimeUnit.SECONDS).bodyAsString());
            }
            for (int i = 0; i < busy; i++) {
                assertEquals(Admission.ACCEPTED, connections.get(idle + i).send(HttpRequest.get("/never"), outcomes, i));
            }
            assertTrue(TestClients.await(() -> server.accepted() == idle + busy, 10));
            assertEquals(idle + busy, client.getConnectionCount());
            assertTrue(TestClients.openFds() >= baseline + 2 * (idle + busy), "both ends of every connection are open");

            client.stop();

            outcomes.assertEachCompletedOnce(busy);
            for (long tag = 0; tag < busy; tag++) {
                HttpClientException failure = outcomes.get(tag).failure();
                assertEquals(Kind.ABORTED, failure.kind());
                assertTrue(failure.getMessage().contains("the client stopped"), failure.getMessage());
            }
            for (HttpClientConnection connection : connections) {
                assertTrue(connection.closed().isDone());
                assertFalse(connection.isOpen());
                assertEquals(Admission.CLOSED, connection.send(HttpRequest.get("/late"), outcomes, -1));
            }
            assertEquals(0, client.getConnectionCount());
            assertEquals(0, client.getBufferPool().getOutstanding(), client.getBufferPool().toString());
            assertFalse(threadsAlive("stop-me"), "a client thread outlived stop()");
            // The server's ends close once they see ours close.
            assertTrue(TestClients.await(() -> TestClients.openFds() == baseline, 10),
                    "descriptors: " + TestClients.openFds() + " after stop, " + baseline + " before the client");
            ExecutionException x = assertThrows(ExecutionException.class,
                    () -> client.connect(server.address()).get(10, TimeUnit.SECONDS));
            assertEquals(Kind.CONNECT_FAILED, assertInstanceOf(HttpClientException.class, x.getCause()).kind());
        }
    }

    @Test
    void aBorrowedSelectorManagerOutlivesTheClient() throws Exception {
        SelectorManager selectors = new SelectorManager(SelectorManager.Config.defaults().withName("borrowed").withSelectors(1).withMaxThreads(8));
        selectors.start();
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            HttpClient client = new HttpClient(TestClients.config("borrower"), selectors);
            client.start();
            HttpClientConnection connection = TestClients.connect(client, server.address());
            CompletableFuture<HttpResponse> response = connection.send(HttpRequest.get("/hello"));
            assertEquals("hello", response.get(10, TimeUnit.SECONDS).bodyAsString());
            client.stop();
            assertTrue(selectors.isRunning());
            assertTrue(TestClients.await(() -> selectors.getEndPointCount() == 0, 10), selectors.dump());
            assertFalse(threadsAlive("borrower"), "the client's own thread outlived stop()");
        } finally {
            selectors.stop();
        }
    }

    private static boolean threadsAlive(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.isAlive() && t.getName().startsWith(prefix));
    }
}
