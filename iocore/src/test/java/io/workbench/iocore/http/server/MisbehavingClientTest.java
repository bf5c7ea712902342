package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.selector.SelectorManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Clients that stall, vanish, never read, or come and go by the thousand, over real sockets: the
 * server closes what it must, keeps what it buffers bounded, and gives back every file descriptor
 * and every pooled buffer.
 */
class MisbehavingClientTest {

    private static SelectorManager.Config selectors(long idleTimeoutMillis) {
        return SelectorManager.Config.defaults().withName("test-misbehaving").withSelectors(2).withMaxThreads(8)
                .withIdleTimeoutMillis(idleTimeoutMillis);
    }

    @Test
    void halfARequestThenSilenceIsClosedByTheIdleTimeout() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING, selectors(300), HttpLimits.DEFAULT);
             RawClient idle = server.client(); RawClient half = server.client(); RawClient halfBody = server.client()) {
            half.send("GET /hello HTTP/1.1\r\nHo");
            halfBody.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc");
            assertTrue(half.closedByServer(), "closed without an answer");
            assertTrue(halfBody.closedByServer(), "closed without an answer");
            assertTrue(idle.closedByServer(), "a connection that never sent a byte expires too");
            assertEquals(0, server.handler.handled.get());
            TestServer.await(() -> server.server.getSelectorManager().getEndPointCount() == 0, "every endpoint closed");
            assertEquals(0, server.outstandingBuffers());
        }
    }

    @Test
    void aRequestWithTheHandlerOutlivesTheIdleTimeout() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING, selectors(500), HttpLimits.DEFAULT);
             RawClient client = server.client()) {
            // A first exchange, so that the connection is surely up and read when the slow one starts.
            assertEquals("hello", client.send(RawClient.get("/hello")).read().body());
            assertEquals("/delay?ms=2000", client.send(RawClient.get("/delay?ms=2000")).read().body(),
                    "the handler's own wait, four idle timeouts long, is not idleness");
        }
    }

    @Test
    void aClientThatStopsReadingItsResponseIsClosedByTheIdleTimeout() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING, selectors(300), HttpLimits.DEFAULT);
             RawClient client = server.client()) {
            client.send(RawClient.get("/big?bytes=" + 16 * 1024 * 1024));
            TestServer.await(() -> server.handler.writesFailed.get() == 1, "the pending write failed when the idle timeout closed it");
            TestServer.await(() -> server.server.getSelectorManager().getEndPointCount() == 0, "the endpoint closed");
            TestServer.await(() -> server.outstandingBuffers() == 0, "every buffer back: " + server.outstandingBuffers());
        }
    }

    @Test
    void aClientThatResetsMidResponseFailsThatExchangeCleanly() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING)) {
            for (int i = 0; i < 5; i++) {
                RawClient client = server.client();
                client.send(RawClient.get("/big?bytes=" + 16 * 1024 * 1024));
                client.socket.getInputStream().readNBytes(64 * 1024);
                client.reset();
            }
            TestServer.await(() -> server.handler.writesFailed.get() == 5, "5 writes failed: " + server.handler.writesFailed.get());
            assertEquals(0, server.handler.writesCompleted.get());
            TestServer.await(() -> server.server.getSelectorManager().getEndPointCount() == 0, "every endpoint closed");
            TestServer.await(() -> server.outstandingBuffers() == 0, "every buffer back: " + server.outstandingBuffers());
            try (RawClient client = server.client()) {
                assertEquals("hello", client.send(RawClient.get("/hello")).read().body(), "the server goes on");
            }
        }
    }

    @Test
    void aClientThatNeverReadsGetsOnePendingWriteAndNothingMoreBuffered() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING)) {
            RawClient client = server.client();
            // 200 pipelined requests for 1 MB each: a server that read on would buffer 200 MB for this client.
            StringBuilder pipeline = new StringBuilder();
            for (int i = 0; i < 200; i++) {
                pipeline.append(RawClient.get("/big?bytes=" + 1024 * 1024));
            }
            Thread writer = Thread.ofPlatform().daemon().start(() -> {
                try {
                    client.send(pipeline.toString());
                } catch (IOException closed) {
                    // The test closes the client at the end.
                }
            });
            // The kernel's socket buffers take the first few megabytes; then one write waits. The
            // counts also read "one outstanding" while a response is still on its way into those
            // buffers, so wait until they stop moving, not merely until they match once.
            int handled = awaitStuckWrite(server);
            // Give a server that would read on plenty of chances to.
            Thread.sleep(500);
            assertEquals(handled, server.handler.handled.get(), "no request is read while a response is outstanding");
            assertEquals(handled - 1, server.handler.writesCompleted.get(), "exactly one write pending");
            assertTrue(handled < 20, handled + " responses of 1 MB taken by a client that never reads: kernel buffers, not ours");
            assertEquals(1, server.server.getOutputPool().getOutstanding(), "one head buffer, of the pending write");
            assertTrue(server.server.getInputPool().getOutstanding() <= 1, "one input buffer at most");
            client.reset();
            writer.join(10_000);
            TestServer.await(() -> server.handler.writesFailed.get() == 1, "the pending write failed on the reset");
            TestServer.await(() -> server.outstandingBuffers() == 0, "every buffer back: " + server.outstandingBuffers());
        }
    }

    /** @return the requests handled, once the counts show one write outstanding and have not moved for 200 ms */
    private static int awaitStuckWrite(TestServer server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int before = -1;
        while (System.nanoTime() - deadline < 0) {
            int handled = server.handler.handled.get();
            if (handled == before && handled >= 1 && handled == server.handler.writesCompleted.get() + 1) {
                return handled;
            }
            before = handled;
            Thread.sleep(200);
        }
        throw new AssertionError("timed out waiting for one write pending and no progress: handled "
                + server.handler.handled.get() + ", writes completed " + server.handler.writesCompleted.get());
    }

    @Test
    void tenThousandConnectionsOpenedAndDroppedLeaveNoDescriptorOrBufferBehind() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING)) {
            try (RawClient warm = server.client()) {
                warm.send(RawClient.get("/hello")).read();
            }
            TestServer.await(() -> server.server.getSelectorManager().getEndPointCount() == 0, "warm-up closed");
            int baselineFds = TestServer.openFds();
            long baselineBuffers = server.outstandingBuffers();
            int connections = 10_000;
            int threads = 4;
            ExecutorService clients = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int first = t;
                    done.add(clients.submit(() -> {
                        for (int i = first; i < connections; i += threads) {
                            dropOne(server.port(), i);
                        }
                        return null;
                    }));
                }
                for (Future<?> future : done) {
                    future.get(5, TimeUnit.MINUTES);
                }
            } finally {
                clients.shutdownNow();
            }
            TestServer.await(() -> server.server.getConnector().getAccepted() == connections + 1,
                    "every connection accepted: " + server.server.getConnector());
            TestServer.await(() -> server.server.getSelectorManager().getEndPointCount() == 0,
                    "every endpoint closed: " + server.server.getSelectorManager().getEndPointCount() + " open");
            TestServer.await(() -> TestServer.openFds() <= baselineFds,
                    "open descriptors back to " + baselineFds + ": " + TestServer.openFds());
            TestServer.await(() -> server.outstandingBuffers() == baselineBuffers,
                    "buffers back to " + baselineBuffers + ": " + server.outstandingBuffers());
        }
    }

    /** One of five ways to come and go: silent close, reset, a request then close, half a request then reset, a request unread then reset. */
    private static void dropOne(int port, int i) throws IOException {
        switch (i % 5) {
            case 0 -> {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                }
            }
            case 1 -> {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                socket.setSoLinger(true, 0);
                socket.close();
            }
            case 2 -> {
                try (RawClient client = new RawClient(port)) {
                    if (!"hello".equals(client.send(RawClient.get("/hello")).read().body())) {
                        throw new AssertionError("wrong answer");
                    }
                }
            }
            case 3 -> {
                RawClient client = new RawClient(port);
                client.send("GET /hello HTTP/1.1\r\nHost:");
                client.reset();
            }
            default -> {
                RawClient client = new RawClient(port);
                client.send(RawClient.get("/delay?ms=1"));
                client.reset();
            }
        }
    }
}
