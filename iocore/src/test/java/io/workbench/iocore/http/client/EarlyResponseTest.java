package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.http.client.HttpClientException.Kind;
import io.workbench.iocore.selector.ManagedSelector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server that refuses an upload answers before it has read it ({@code 413} with
 * {@code Connection: close}) and closes with the rest unread, which resets the connection: the
 * client's pending write then fails, and the answer, already in the client's socket, must still
 * be read. Over a real socket: what matters is that the kernel keeps those bytes readable after the
 * reset.
 */
class EarlyResponseTest {

    private static final String TOO_LARGE = "HTTP/1.1 413 Content Too Large\r\nConnection: close\r\nContent-Length: 9\r\n\r\ntoo large";

    private HttpClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.stop();
        }
    }

    /**
     * Holds the client's selector while the server answers and resets, so that the answer and
     * the reset are both in the socket when the client looks: the failing write and the readable
     * answer are then handled in one round, the write first.
     */
    private static CountDownLatch holdTheSelector(HttpClient client, CountDownLatch release) throws InterruptedException {
        ManagedSelector selector = client.getSelectorManager().getSelectors().get(0);
        CountDownLatch held = new CountDownLatch(1);
        assertTrue(selector.submit(() -> {
            held.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
                // The reset follows the answer on loopback at once; give it a moment all the same.
                Thread.sleep(20);
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
        }));
        assertTrue(held.await(10, TimeUnit.SECONDS));
        return held;
    }

    @Test
    void an413SentBeforeTheResetOfAnUploadIsTheUploadsResponse() throws Exception {
        int size = 32 * 1024 * 1024;
        CountDownLatch uploadPending = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        CountDownLatch answeredAndReset = new CountDownLatch(1);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            // The head, and then not the 32 MiB: the client's write stays pending.
            byte[] head = new byte[200];
            int n = peer.socket.getInputStream().read(head);
            assertTrue(new String(head, 0, n).startsWith("POST /upload HTTP/1.1\r\n"));
            uploadPending.countDown();
            answer.await();
            peer.write(TOO_LARGE);
            peer.reset();
            answeredAndReset.countDown();
        })) {
            client = TestClients.start(TestClients.config("early-413").withRequestTimeoutMillis(0));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            HttpRequest upload = HttpRequest.builder(HttpMethod.POST, "/upload").body(new byte[size]).build();
            CompletableFuture<HttpResponse> response = connection.send(upload);
            assertTrue(uploadPending.await(10, TimeUnit.SECONDS));
            // Let the socket buffers fill: the write is pending, the selector waits for OP_WRITE.
            Thread.sleep(100);
            holdTheSelector(client, answeredAndReset);
            answer.countDown();
            HttpResponse refused = response.get(20, TimeUnit.SECONDS);
            assertEquals(413, refused.status());
            assertEquals("too large", refused.bodyAsString());
            assertEquals("close", refused.fields().get(HttpHeader.CONNECTION));
            assertEquals(0, refused.sentNanos(), "the socket never took the upload's last byte");
            connection.closed().get(10, TimeUnit.SECONDS);
            assertEquals(Admission.CLOSED, connection.send(HttpRequest.get("/after"), new Outcomes(), 0));
        }
    }

    @Test
    void aWriteThatFailsWithNoAnswerInTheSocketFailsTheRequestsWithTheReset() throws Exception {
        int size = 32 * 1024 * 1024;
        CountDownLatch uploadPending = new CountDownLatch(1);
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(HttpClientResponsesTest.HELLO);
            byte[] head = new byte[200];
            int n = peer.socket.getInputStream().read(head);
            assertTrue(new String(head, 0, n).startsWith("POST /upload HTTP/1.1\r\n"));
            uploadPending.countDown();
            // No answer: a reset in the middle of the upload.
            Thread.sleep(100);
            peer.reset();
        })) {
            client = TestClients.start(TestClients.config("reset-upload").withRequestTimeoutMillis(0).withMaxRequestsInFlight(2));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            assertEquals(200, connection.send(HttpRequest.get("/first")).get(10, TimeUnit.SECONDS).status());
            Outcomes outcomes = new Outcomes();
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.builder(HttpMethod.POST, "/upload")
                    .body(new byte[size]).build(), outcomes, 0));
            // Pipelined behind the upload, never written.
            assertEquals(Admission.ACCEPTED, connection.send(HttpRequest.get("/behind"), outcomes, 1));
            assertTrue(uploadPending.await(10, TimeUnit.SECONDS));
            outcomes.await(2);
            outcomes.assertEachCompletedOnce(2);
            // The upload was written in part when the reset came: the server read some of it, so it
            // fails with the reset as the write or the read found it (a reset, or the end of the
            // stream after it), never as a request that could be sent again.
            Kind upload = outcomes.get(0).failure().kind();
            assertTrue(upload == Kind.RESET || upload == Kind.CLOSED, outcomes.get(0).failure().getMessage());
            assertTrue(outcomes.get(0).anyByteWritten());
            assertFalse(outcomes.get(0).sent());
            // The request behind it never left: not written, and it may be sent again.
            assertEquals(Kind.NOT_WRITTEN, outcomes.get(1).failure().kind(), outcomes.get(1).failure().getMessage());
            assertFalse(outcomes.get(1).anyByteWritten());
            assertFalse(outcomes.get(1).sent());
        }
    }
}
