package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.selector.SelectorManager;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server's hot path allocates nothing per request: keep-alive clients send the request wrk
 * sends, a non-blocking handler answers {@code hello} in place, and the JVM's per-thread allocation
 * counter, read for the server's own threads only, stays flat over thousands of requests once
 * warm. What the threads may allocate is a little per selector round and per sweep, independent
 * of the number of requests: the tolerance is far below one object per request.
 */
class HotPathAllocationTest {

    private static final String PREFIX = "alloc-http";
    private static final byte[] WRK_REQUEST = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** Per connection, a view of the shared body, rewound per response: the way a handler avoids a buffer per request. */
    private static final class HelloHandler implements Handler {
        private final ByteBuffer body = ByteBuffer.allocateDirect(5).put("hello".getBytes(StandardCharsets.US_ASCII)).flip().asReadOnlyBuffer();

        @Override
        public void handle(Request request, Response response, Callback callback) {
            if (!"/hello".equals(request.path())) {
                callback.failed(new IllegalArgumentException(request.path()));
                return;
            }
            ByteBuffer view = (ByteBuffer) request.getConnection().getAttachment();
            if (view == null) {
                view = body.duplicate();
                request.getConnection().setAttachment(view);
            }
            response.fields().add(TestHandler.TEXT_PLAIN);
            response.write(true, view.clear(), callback);
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }
    }

    @Test
    void aWarmServerAllocatesNothingPerRequest() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(), "no allocation counter");
        HttpServer server = new HttpServer(HttpServer.Config.defaults().withSelectors(SelectorManager.Config.defaults()
                .withName(PREFIX).withSelectors(1).withMaxThreads(2)), new HelloHandler());
        server.start();
        try (RawClient a = new RawClient(server.getLocalPort()); RawClient b = new RawClient(server.getLocalPort())) {
            exchange(a, b, 20_000);
            Map<Long, Long> before = serverThreadAllocations(threads);
            int requests = 50_000;
            exchange(a, b, requests);
            Map<Long, Long> after = serverThreadAllocations(threads);
            long allocated = 0;
            for (Map.Entry<Long, Long> thread : after.entrySet()) {
                allocated += thread.getValue() - before.getOrDefault(thread.getKey(), 0L);
            }
            // A handful of bytes per selector round at most; one object per request would be 16 B x 2 x 50,000.
            assertTrue(allocated < 200_000, allocated + " bytes over " + 2 * requests + " requests: "
                    + (double) allocated / (2 * requests) + " B per request");
            assertEquals(0, server.getInputPool().getOutstanding() + server.getOutputPool().getOutstanding());
        } finally {
            server.stop();
        }
    }

    /** {@code count} requests on each of two connections, one at a time each, interleaved. */
    private static void exchange(RawClient a, RawClient b, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            a.send(WRK_REQUEST);
            b.send(WRK_REQUEST);
            if (!"hello".equals(a.read().body()) || !"hello".equals(b.read().body())) {
                throw new AssertionError("wrong answer");
            }
        }
    }

    private static Map<Long, Long> serverThreadAllocations(com.sun.management.ThreadMXBean threads) {
        Map<Long, Long> bytes = new HashMap<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(PREFIX)) {
                bytes.put(thread.threadId(), threads.getThreadAllocatedBytes(thread.threadId()));
            }
        }
        return bytes;
    }
}
