package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * In steady state the callback form allocates nothing per request, on any of the client's threads:
 * send, generate, write, read, parse, complete, send again. Counted with the JVM's per-thread
 * allocation counters over every thread of the client (selector, deadline checks), with requests
 * sent from the listener over pipelined keep-alive connections to a canned server whose threads
 * are not counted. The bound is far below one object per request; what the client's threads do
 * allocate here is periodic (a selector's idle sweep, the deadline check's iterator), not per request.
 */
class ClientAllocationTest {

    private static final int WARM_UP = 40_000;
    private static final int MEASURED = 40_000;
    /** Any object is at least 16 bytes: this is less than one every 4 requests. */
    private static final double BOUND_PER_REQUEST = 4.0;

    /** Keeps {@code depth} requests in flight on each connection until {@code total} have completed. */
    private static final class Loop implements HttpResponseListener {
        final HttpRequest hello = HttpRequest.get("/hello");
        final AtomicLong sent = new AtomicLong();
        final AtomicLong ok = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final long total;
        final CountDownLatch done = new CountDownLatch(1);

        Loop(long total) {
            this.total = total;
        }

        void send(HttpClientConnection connection) {
            if (sent.incrementAndGet() <= total) {
                if (connection.send(hello, this, 0) != Admission.ACCEPTED) {
                    failed.incrementAndGet();
                }
            }
        }

        @Override
        public void onComplete(HttpExchange exchange) {
            if (exchange.isSucceeded() && exchange.status() == 200 && exchange.contentBytes() == 5) {
                ok.incrementAndGet();
            } else {
                failed.incrementAndGet();
            }
            if (ok.get() + failed.get() == total) {
                done.countDown();
            } else {
                send(exchange.connection());
            }
        }
    }

    @Test
    void aRequestCostsNoAllocationInSteadyState() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(), "no allocation counter in this JVM");
        try (CannedServer server = new CannedServer("alloc-server")) {
            HttpClient client = TestClients.start(TestClients.config("alloc-client").withMaxRequestsInFlight(4));
            try {
                HttpClientConnection[] connections = new HttpClientConnection[4];
                for (int i = 0; i < connections.length; i++) {
                    connections[i] = TestClients.connect(client, server.address());
                }
                run(connections, WARM_UP);
                Map<Long, Long> before = allocated(threads);
                Loop measured = run(connections, MEASURED);
                Map<Long, Long> after = allocated(threads);
                long bytes = 0;
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().startsWith("alloc-client")) {
                        bytes += after.getOrDefault(t.threadId(), 0L) - before.getOrDefault(t.threadId(), 0L);
                    }
                }
                assertEquals(MEASURED, measured.ok.get(), "every request answered");
                double perRequest = (double) bytes / MEASURED;
                assertTrue(perRequest < BOUND_PER_REQUEST, bytes + " bytes allocated by the client's threads for " + MEASURED
                        + " requests: " + perRequest + " per request");
            } finally {
                client.stop();
            }
        }
    }

    private static Loop run(HttpClientConnection[] connections, int total) throws InterruptedException {
        Loop loop = new Loop(total);
        for (HttpClientConnection connection : connections) {
            for (int i = 0; i < connection.getMaxRequestsInFlight(); i++) {
                loop.send(connection);
            }
        }
        assertTrue(loop.done.await(60, TimeUnit.SECONDS), "stuck at " + loop.ok + " ok, " + loop.failed + " failed");
        assertEquals(0, loop.failed.get());
        return loop;
    }

    private static Map<Long, Long> allocated(com.sun.management.ThreadMXBean threads) {
        Map<Long, Long> bytes = new HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            bytes.put(t.threadId(), threads.getThreadAllocatedBytes(t.threadId()));
        }
        return bytes;
    }
}
