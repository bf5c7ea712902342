package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.iocore.selector.SelectorManager;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An event loop opens its connections on its own selector: a connect that names the selector,
 * called from that selector's thread, does not block it, completes on it, and the connection's
 * reads and listeners run there too. The round-robin form spreads connections as before.
 */
class ConnectOnSelectorTest {

    private HttpClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.stop();
        }
    }

    private static HttpClient.Config twoSelectors(String name) {
        return TestClients.config(name).withSelectors(SelectorManager.Config.defaults().withSelectors(2).withMaxThreads(8));
    }

    /** What happened when a selector's own thread connected and sent a request. */
    private record Loop(Thread selectorThread, Thread connectCompletedOn, Thread listenerRanOn, int status) {
    }

    private Loop connectAndSendFrom(ManagedSelector selector, CannedServer server) throws Exception {
        CompletableFuture<Thread> loopThread = new CompletableFuture<>();
        CompletableFuture<Thread> connectedOn = new CompletableFuture<>();
        CompletableFuture<Thread> listenerOn = new CompletableFuture<>();
        CompletableFuture<Integer> status = new CompletableFuture<>();
        assertTrue(selector.submit(() -> {
            loopThread.complete(Thread.currentThread());
            client.connect(server.address(), null, selector).whenComplete((connection, failure) -> {
                connectedOn.complete(Thread.currentThread());
                if (failure != null) {
                    status.completeExceptionally(failure);
                    return;
                }
                // Sent from the loop too: the whole exchange stays on this selector.
                Admission admission = connection.send(HttpRequest.get("/hello"), exchange -> {
                    listenerOn.complete(Thread.currentThread());
                    status.complete(exchange.status());
                }, 0);
                if (admission != Admission.ACCEPTED) {
                    status.completeExceptionally(new AssertionError(admission));
                }
            });
        }));
        return new Loop(loopThread.get(10, TimeUnit.SECONDS), connectedOn.get(10, TimeUnit.SECONDS),
                listenerOn.get(10, TimeUnit.SECONDS), status.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aConnectFromASelectorsOwnThreadLivesOnThatSelector() throws Exception {
        try (CannedServer server = new CannedServer("loop-server")) {
            client = TestClients.start(twoSelectors("loop-client"));
            List<ManagedSelector> selectors = client.getSelectorManager().getSelectors();
            Set<Thread> loops = new HashSet<>();
            for (ManagedSelector selector : selectors) {
                Loop loop = connectAndSendFrom(selector, server);
                assertEquals(200, loop.status());
                assertEquals(loop.selectorThread(), loop.connectCompletedOn(), "the connect completes on the selector it names");
                assertEquals(loop.selectorThread(), loop.listenerRanOn(), "its response is read there");
                loops.add(loop.selectorThread());
            }
            assertEquals(2, loops.size(), "each selector its own thread");
            assertEquals(2, client.getConnectionCount());
        }
    }

    @Test
    void aSelectorOfAnotherManagerIsRefusedAndTheRoundRobinFormSpreads() throws Exception {
        try (CannedServer server = new CannedServer("spread-server")) {
            client = TestClients.start(twoSelectors("spread-client"));
            SelectorManager other = new SelectorManager(SelectorManager.Config.defaults().withName("other").withSelectors(1).withMaxThreads(4));
            other.start();
            try {
                assertThrows(IllegalArgumentException.class, () -> client.connect(server.address(), null, other.getSelectors().get(0)));
            } finally {
                other.stop();
            }
            Set<String> threads = new HashSet<>();
            for (int i = 0; i < 2; i++) {
                HttpClientConnection connection = TestClients.connect(client, server.address());
                CompletableFuture<String> ranOn = new CompletableFuture<>();
                connection.send(HttpRequest.get("/hello"), exchange -> ranOn.complete(Thread.currentThread().getName()), i);
                threads.add(ranOn.get(10, TimeUnit.SECONDS));
            }
            assertEquals(2, threads.size(), "two connections round-robin over two selectors: " + threads);
            assertNotEquals(List.of(), List.copyOf(threads));
        }
    }
}
