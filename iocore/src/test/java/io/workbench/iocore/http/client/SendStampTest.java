package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.io.ByteBufferPool;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A request counts as sent ({@link HttpExchange#sentNanos()}) when the socket took its last byte:
 * not when it was copied into the output buffer, and each request of a batch sharing one buffer
 * on its own, across partial writes.
 */
class SendStampTest {

    private static final String AUTHORITY = "127.0.0.1:8080";

    /** Claims, fills and publishes request {@code request} as a connection's send() does, without writing it. */
    private static long publish(ExchangeQueue queue, HttpRequest request) {
        long seq = queue.claim(false);
        HttpExchange slot = queue.slot(seq);
        slot.prepare(seq, request, exchange -> { }, seq, System.nanoTime(), 0);
        slot.publish(seq);
        return seq;
    }

    @Test
    void eachRequestOfABatchIsStampedByTheFlushThatTookItsLastByte() throws Exception {
        ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
        ExchangeQueue queue = new ExchangeQueue(8, () -> new HttpExchange(null));
        ByteBufferPool pool = new ByteBufferPool();
        RequestFlusher flusher = new RequestFlusher(queue, endPoint, null, AUTHORITY, pool, 4096);
        HttpRequest zero = HttpRequest.get("/zero");
        HttpRequest one = HttpRequest.get("/one");
        HttpRequest two = HttpRequest.get("/two");
        publish(queue, zero);
        publish(queue, one);
        publish(queue, two);
        // The socket takes request 0 and three bytes of request 1: one buffer, cut inside request 1.
        endPoint.budget = zero.headBytes(AUTHORITY) + 3;
        long beforeFirst = System.nanoTime();
        flusher.iterate();
        long afterFirst = System.nanoTime();
        assertTrue(endPoint.writtenText().startsWith("GET /zero HTTP/1.1\r\n") && endPoint.writtenText().endsWith("GET"),
                endPoint.writtenText());
        HttpExchange first = queue.slot(0);
        assertTrue(first.isSent(), "request 0 is in the socket");
        assertTrue(first.sentNanos() - beforeFirst >= 0 && afterFirst - first.sentNanos() >= 0, "stamped by that flush");
        assertFalse(queue.slot(1).isSent(), "three bytes of request 1 are not request 1");
        assertFalse(queue.slot(2).isSent(), "request 2 waits in the buffer");

        Thread.sleep(5);
        long beforeSecond = System.nanoTime();
        endPoint.budget = Integer.MAX_VALUE;
        endPoint.writable();
        long afterSecond = System.nanoTime();
        long oneSent = queue.slot(1).sentNanos();
        assertTrue(oneSent - beforeSecond >= 0 && afterSecond - oneSent >= 0, "request 1 stamped by the flush that finished it");
        assertEquals(oneSent, queue.slot(2).sentNanos(), "requests finished by one flush share its stamp");
        assertEquals(first.sentNanos(), queue.slot(0).sentNanos(), "a later flush does not restamp request 0");
        assertEquals(0, pool.getOutstanding(), "the output buffer is back");
    }

    /**
     * Whether any byte of a request was written, the mark a close reads to tell a request the server
     * cannot have seen ({@code NOT_WRITTEN}, which may be sent again) from one it may have: set for
     * every request whose first byte a flush may take, kept for those whose first byte it took, even
     * three bytes of it, and cleared for the others, which wait in the buffer.
     */
    @Test
    void aRequestIsWrittenOnceAFlushTookItsFirstByteAndNotBefore() {
        ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
        ExchangeQueue queue = new ExchangeQueue(8, () -> new HttpExchange(null));
        ByteBufferPool pool = new ByteBufferPool();
        RequestFlusher flusher = new RequestFlusher(queue, endPoint, null, AUTHORITY, pool, 4096);
        HttpRequest zero = HttpRequest.get("/zero");
        publish(queue, zero);
        publish(queue, HttpRequest.get("/one"));
        publish(queue, HttpRequest.get("/two"));
        for (int i = 0; i < 3; i++) {
            assertFalse(queue.slot(i).isAnyByteWritten(), "published, not yet flushed: request " + i);
        }
        // The socket takes request 0 and three bytes of request 1.
        endPoint.budget = zero.headBytes(AUTHORITY) + 3;
        flusher.iterate();
        assertTrue(queue.slot(0).isAnyByteWritten());
        assertTrue(queue.slot(1).isAnyByteWritten(), "three bytes of request 1 reached the socket: the server may read them");
        assertFalse(queue.slot(1).isSent());
        assertFalse(queue.slot(2).isAnyByteWritten(), "request 2 waits in the buffer: no byte of it left");
        // A flush that takes nothing changes nothing.
        endPoint.budget = 0;
        endPoint.writable();
        assertTrue(queue.slot(1).isAnyByteWritten());
        assertFalse(queue.slot(2).isAnyByteWritten());
        endPoint.budget = Integer.MAX_VALUE;
        endPoint.writable();
        assertTrue(queue.slot(2).isAnyByteWritten() && queue.slot(2).isSent());
        assertEquals(0, pool.getOutstanding(), "the output buffer is back");
    }

    @Test
    void aRequestWhoseBodySpansManyWritesIsSentByTheLastOne() {
        ScriptedClientEndPoint endPoint = new ScriptedClientEndPoint();
        ExchangeQueue queue = new ExchangeQueue(2, () -> new HttpExchange(null));
        RequestFlusher flusher = new RequestFlusher(queue, endPoint, null, AUTHORITY, new ByteBufferPool(), 4096);
        byte[] body = new byte[10_000];
        HttpRequest upload = HttpRequest.builder(HttpMethod.POST, "/upload").body(body).build();
        int total = upload.headBytes(AUTHORITY) + body.length;
        endPoint.budget = 1000;
        publish(queue, upload);
        flusher.iterate();
        int flushes = 1;
        while (!queue.slot(0).isSent()) {
            assertTrue(endPoint.written.size() < total, "sent only once every byte is written: " + endPoint.written.size());
            endPoint.writable();
            flushes++;
        }
        assertEquals(total, endPoint.written.size(), "stamped by the flush of its last byte");
        assertTrue(flushes > 3, "over many flushes of several buffers: " + flushes);
    }

    /**
     * Over a real socket whose server stops reading: the client pipelines more than the socket
     * buffers hold, then closes. The server then reads what reached it: exactly the requests the
     * client counted as sent. (Counting a request sent when it is copied into the output buffer
     * counts those waiting in that buffer too.)
     */
    @Test
    void aServerThatStopsReadingReceivesExactlyTheRequestsCountedAsSent() throws Exception {
        int requests = 1024;
        // 8 MiB in all: more than the socket buffers hold (the client's send buffer grows to 4 MiB).
        HttpRequest padded = HttpRequest.builder(HttpMethod.GET, "/pad").field("X-Pad", "p".repeat(8000)).build();
        CountDownLatch readNow = new CountDownLatch(1);
        CompletableFuture<Integer> received = new CompletableFuture<>();
        // Eight requests per output buffer: the writes are batches, and a partial write cuts one.
        HttpClient client = TestClients.start(TestClients.config("stops-reading").withMaxRequestsInFlight(requests)
                .withRequestTimeoutMillis(0).withOutputBufferSize(64 * 1024));
        try (ServerSocket serverSocket = new ServerSocket()) {
            // A small receive buffer: the socket fills up after a few requests.
            serverSocket.setReceiveBufferSize(4096);
            serverSocket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            Thread server = new Thread(() -> {
                try (Socket socket = serverSocket.accept()) {
                    readNow.await();
                    received.complete(countRequests(socket.getInputStream()));
                } catch (Throwable x) {
                    received.completeExceptionally(x);
                }
            }, "stops-reading-server");
            server.start();
            HttpClientConnection connection = TestClients.connect(client,
                    new InetSocketAddress("127.0.0.1", serverSocket.getLocalPort()));
            Outcomes outcomes = new Outcomes();
            for (int i = 0; i < requests; i++) {
                assertEquals(Admission.ACCEPTED, connection.send(padded, outcomes, i));
            }
            // Let the writes go as far as the socket takes them, then stop where they are.
            Thread.sleep(300);
            connection.close();
            outcomes.await(requests);
            outcomes.assertEachCompletedOnce(requests);
            int sent = 0;
            for (long tag = 0; tag < requests; tag++) {
                if (outcomes.get(tag).sent()) {
                    sent++;
                }
            }
            readNow.countDown();
            int atServer = received.get(20, TimeUnit.SECONDS);
            server.join(10_000);
            assertTrue(atServer > 0 && atServer < requests, "the socket took some requests, not all: " + atServer);
            assertEquals(atServer, sent, "requests counted as sent");
        } finally {
            client.stop();
        }
    }

    /**
     * Sent from a thread that is not the selector's, against a server that answers at once: the
     * server may answer, and the selector read the answer, before the sending thread is back from
     * the write. The stamp is published before the write, so no answered request lacks it, and none
     * is stamped after its answer was read.
     */
    @Test
    void noAnswerIsReadBeforeItsRequestIsStampedWhenAnotherThreadSends() throws Exception {
        int total = 4000;
        java.util.concurrent.atomic.AtomicInteger unstamped = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger stampedLate = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.Semaphore completed = new java.util.concurrent.Semaphore(0);
        HttpResponseListener check = exchange -> {
            if (exchange.isSucceeded()) {
                if (!exchange.isSent()) {
                    unstamped.incrementAndGet();
                } else if (exchange.completedNanos() - exchange.sentNanos() < 0) {
                    stampedLate.incrementAndGet();
                }
            }
            completed.release();
        };
        try (CannedServer server = new CannedServer("stamp-race-server")) {
            HttpClient client = TestClients.start(TestClients.config("stamp-race"));
            try {
                HttpClientConnection[] connections = new HttpClientConnection[4];
                for (int i = 0; i < connections.length; i++) {
                    connections[i] = TestClients.connect(client, server.address());
                }
                HttpRequest hello = HttpRequest.get("/hello");
                int sent = 0;
                while (sent < total) {
                    for (HttpClientConnection connection : connections) {
                        if (sent < total && connection.send(hello, check, sent) == Admission.ACCEPTED) {
                            sent++;
                        }
                    }
                    Thread.onSpinWait();
                }
                assertTrue(completed.tryAcquire(total, 30, TimeUnit.SECONDS));
                assertEquals(0, unstamped.get(), "answered requests that were not stamped as sent");
                assertEquals(0, stampedLate.get(), "answered requests stamped after their answer was read");
            } finally {
                client.stop();
            }
        }
    }

    /** @return how many whole request heads (the requests have no body) arrive before the end of the stream */
    private static int countRequests(InputStream in) throws java.io.IOException {
        int heads = 0;
        int matched = 0;
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            for (int i = 0; i < n; i++) {
                byte b = buffer[i];
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                if (matched == 4) {
                    heads++;
                    matched = 0;
                }
            }
        }
        return heads;
    }
}
