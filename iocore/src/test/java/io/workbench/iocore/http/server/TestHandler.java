package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import io.workbench.iocore.selector.ManagedSelector;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A handler with one route per behaviour a test needs, counting what happened:
 * <ul>
 *   <li>{@code /hello}: {@code hello}, written in place;</li>
 *   <li>{@code /delay?ms=N}: the target as the body, written by a scheduler after N ms;</li>
 *   <li>{@code /echo}: the request content;</li>
 *   <li>{@code /big?bytes=N}: N bytes of a known pattern in one write;</li>
 *   <li>{@code /depth}: the handler's stack depth;</li>
 *   <li>{@code /thread}: {@code selector} or {@code worker}, where the handler ran;</li>
 *   <li>{@code /stream?pieces=N}: N pieces, each its own write, so chunked;</li>
 *   <li>{@code /block}: blocks its thread until {@link #release} is counted down;</li>
 *   <li>{@code /await}: returns at once and answers {@code awaited} when the test runs what it
 *       left in {@link #awaiting};</li>
 *   <li>{@code /nowrite}: completes the callback without writing;</li>
 *   <li>{@code /fail}: fails the callback before writing; {@code /throw}: throws.</li>
 * </ul>
 */
final class TestHandler implements Handler, AutoCloseable {

    static final HttpField TEXT_PLAIN = HttpField.of(HttpHeader.CONTENT_TYPE, "text/plain");
    private static final ByteBuffer BIG = pattern(16 * 1024 * 1024);

    final AtomicInteger handled = new AtomicInteger();
    final AtomicInteger writesCompleted = new AtomicInteger();
    final AtomicInteger writesFailed = new AtomicInteger();
    /** Writes of /big whose callback came after write() returned: they had to wait for the socket. */
    final AtomicInteger bigWritesPending = new AtomicInteger();
    final AtomicInteger minDepth = new AtomicInteger(Integer.MAX_VALUE);
    final AtomicInteger maxDepth = new AtomicInteger();
    final CountDownLatch blocked = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    /** What {@code /await} requests left to do: each answers its request when run. */
    final BlockingQueue<Runnable> awaiting = new LinkedBlockingQueue<>();
    private final InvocationType type;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private volatile HttpServer server;

    TestHandler(InvocationType type) {
        this.type = type;
    }

    void bind(HttpServer server) {
        this.server = server;
    }

    static ByteBuffer pattern(int size) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(size);
        for (int i = 0; i < size; i++) {
            buffer.put((byte) ('a' + i % 26));
        }
        return buffer.flip().asReadOnlyBuffer();
    }

    @Override
    public void handle(Request request, Response response, Callback callback) throws Exception {
        handled.incrementAndGet();
        String path = request.path();
        String query = request.query();
        response.fields().add(TEXT_PLAIN);
        switch (path) {
            case "/hello" -> respond(response, "hello", callback);
            case "/delay" -> scheduler.schedule(() -> respond(response, request.target(), callback),
                    Long.parseLong(query.substring("ms=".length())), TimeUnit.MILLISECONDS);
            case "/echo" -> write(response, true, request.content(), callback);
            case "/big" -> {
                int bytes = Integer.parseInt(query.substring("bytes=".length()));
                boolean[] returned = {false};
                response.write(true, BIG.duplicate().limit(bytes), new Counted(callback, () -> {
                    if (returned[0]) {
                        bigWritesPending.incrementAndGet();
                    }
                }));
                returned[0] = true;
            }
            case "/depth" -> {
                int depth = Thread.currentThread().getStackTrace().length;
                minDepth.accumulateAndGet(depth, Math::min);
                maxDepth.accumulateAndGet(depth, Math::max);
                respond(response, Integer.toString(depth), callback);
            }
            case "/thread" -> respond(response, onSelector() ? "selector" : "worker", callback);
            case "/stream" -> stream(response, Integer.parseInt(query.substring("pieces=".length())), 0, callback);
            case "/block" -> {
                // Blocks the calling thread until the test releases it (at most 20 s).
                blocked.countDown();
                release.await(20, TimeUnit.SECONDS);
                respond(response, "released", callback);
            }
            case "/await" -> awaiting.add(() -> respond(response, "awaited", callback));
            case "/nowrite" -> callback.succeeded();
            case "/fail" -> callback.failed(new IllegalStateException("the handler failed on purpose"));
            case "/throw" -> throw new IllegalStateException("the handler threw on purpose");
            default -> {
                response.setStatus(404);
                respond(response, "no route " + path, callback);
            }
        }
    }

    private boolean onSelector() {
        for (ManagedSelector selector : server.getSelectorManager().getSelectors()) {
            if (selector.isSelectorThread()) {
                return true;
            }
        }
        return false;
    }

    private void stream(Response response, int pieces, int index, Callback callback) {
        if (index == pieces) {
            write(response, true, null, callback);
            return;
        }
        // Each piece written from the previous one's callback: fine here, the test streams a few.
        write(response, false, ByteBuffer.wrap(("piece" + index + ";").getBytes(StandardCharsets.US_ASCII)),
                Callback.from(InvocationType.NON_BLOCKING, () -> stream(response, pieces, index + 1, callback), callback::failed));
    }

    private void respond(Response response, String body, Callback callback) {
        write(response, true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
    }

    private void write(Response response, boolean last, ByteBuffer content, Callback callback) {
        response.write(last, content, new Counted(callback, null));
    }

    @Override
    public InvocationType getInvocationType() {
        return type;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }

    /** Counts the write, then completes the handler's callback. */
    private final class Counted implements Callback {
        private final Callback next;
        private final Runnable onSuccess;

        Counted(Callback next, Runnable onSuccess) {
            this.next = next;
            this.onSuccess = onSuccess;
        }

        @Override
        public void succeeded() {
            writesCompleted.incrementAndGet();
            if (onSuccess != null) {
                onSuccess.run();
            }
            next.succeeded();
        }

        @Override
        public void failed(Throwable cause) {
            writesFailed.incrementAndGet();
            next.failed(cause);
        }

        @Override
        public InvocationType getInvocationType() {
            return next.getInvocationType();
        }
    }
}
