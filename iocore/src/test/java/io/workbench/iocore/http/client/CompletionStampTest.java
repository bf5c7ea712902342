package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A response's completion time ({@link HttpExchange#completedNanos()}) is read once per read,
 * right after the read returned and before any listener runs: every response that read completes
 * has it, however long the listeners before it take.
 */
class CompletionStampTest {

    private HttpClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.stop();
        }
    }

    /** Records when each listener started, and spends {@code slowMillis} in the first one. */
    private static final class SlowFirst extends Outcomes {
        final Map<Long, Long> listenerStarted = new ConcurrentHashMap<>();
        final long slowMillis;

        SlowFirst(long slowMillis) {
            this.slowMillis = slowMillis;
        }

        @Override
        public void onComplete(HttpExchange exchange) {
            listenerStarted.put(exchange.tag(), System.nanoTime());
            if (exchange.tag() == 0) {
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(slowMillis);
                while (System.nanoTime() - until < 0) {
                    Thread.onSpinWait();
                }
            }
            super.onComplete(exchange);
        }
    }

    @Test
    void responsesCompletedByOneReadShareItsStampWhateverTheListenersBeforeThemTake() throws Exception {
        CountDownLatch firstBatchDone = new CountDownLatch(1);
        CountDownLatch fourthDone = new CountDownLatch(1);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequests(3);
            // Three responses in one write: one read on the client.
            peer.write(HELLO + HELLO + HELLO);
            firstBatchDone.await();
            peer.readRequests(2);
            // Two responses in two reads: the second is written once the first is complete.
            peer.write(HELLO);
            fourthDone.await();
            peer.write(HELLO);
            peer.awaitClientClose();
        })) {
            client = TestClients.start(TestClients.config("completion-stamp").withMaxRequestsInFlight(3));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            SlowFirst outcomes = new SlowFirst(30);
            for (int i = 0; i < 3; i++) {
                assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/r" + i), outcomes, i));
            }
            outcomes.await(3);
            long completed = outcomes.get(0).completedNanos();
            assertEquals(completed, outcomes.get(1).completedNanos(), "request 1 does not carry request 0's listener time");
            assertEquals(completed, outcomes.get(2).completedNanos());
            assertTrue(outcomes.listenerStarted.get(0L) - completed >= 0, "stamped before the first listener ran");
            assertTrue(outcomes.listenerStarted.get(2L) - completed >= TimeUnit.MILLISECONDS.toNanos(30),
                    "the third listener started after the first one's 30 ms, and its stamp is from before");
            firstBatchDone.countDown();

            for (int i = 3; i < 5; i++) {
                assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/r" + i), outcomes, i));
            }
            outcomes.await(1);
            fourthDone.countDown();
            outcomes.await(1);
            outcomes.assertEachCompletedOnce(5);
            assertTrue(outcomes.get(4).completedNanos() - outcomes.get(3).completedNanos() > 0,
                    "responses completed by different reads have different stamps");
        }
    }
}
