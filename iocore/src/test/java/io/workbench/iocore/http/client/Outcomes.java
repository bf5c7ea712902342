package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listener that records what every request (by tag) heard, and every call that breaks the
 * listener's contract: a second completion, content or a head after completion.
 */
class Outcomes implements HttpResponseListener {

    /** What one request ended with. */
    record Outcome(long tag, boolean succeeded, int status, long contentBytes, String body, HttpClientException failure,
                   long sequence, boolean sent, long queuedNanos, long sentNanos, long completedNanos, String thread,
                   boolean anyByteWritten) {
    }

    private final Map<Long, AtomicInteger> completions = new ConcurrentHashMap<>();
    private final Map<Long, Outcome> outcomes = new ConcurrentHashMap<>();
    private final Map<Long, ByteArrayOutputStream> bodies = new ConcurrentHashMap<>();
    private final Map<Long, AtomicInteger> heads = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    private final Semaphore completed = new Semaphore(0);

    @Override
    public void onHead(HttpExchange exchange) {
        if (completions.containsKey(exchange.tag())) {
            violations.add("head after completion of " + exchange.tag());
        }
        heads.computeIfAbsent(exchange.tag(), t -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void onContent(HttpExchange exchange, ByteBuffer content) {
        if (completions.containsKey(exchange.tag())) {
            violations.add("content after completion of " + exchange.tag());
        }
        if (!content.isReadOnly()) {
            violations.add("content handed out writable");
        }
        byte[] bytes = new byte[content.remaining()];
        content.get(bytes);
        bodies.computeIfAbsent(exchange.tag(), t -> new ByteArrayOutputStream()).writeBytes(bytes);
    }

    @Override
    public void onComplete(HttpExchange exchange) {
        long tag = exchange.tag();
        if (completions.computeIfAbsent(tag, t -> new AtomicInteger()).incrementAndGet() > 1) {
            violations.add("second completion of " + tag + ": " + exchange);
        }
        ByteArrayOutputStream body = bodies.get(tag);
        outcomes.put(tag, new Outcome(tag, exchange.isSucceeded(), exchange.status(), exchange.contentBytes(),
                body == null ? "" : body.toString(java.nio.charset.StandardCharsets.ISO_8859_1), exchange.failure(),
                exchange.sequence(), exchange.isSent(), exchange.queuedNanos(), exchange.sentNanos(), exchange.completedNanos(),
                Thread.currentThread().getName(), exchange.isAnyByteWritten()));
        completed.release();
    }

    /** Waits for {@code count} more completions. */
    void await(int count) throws InterruptedException {
        assertTrue(completed.tryAcquire(count, 20, TimeUnit.SECONDS),
                "waited 20 s for " + count + " completions; have " + outcomes.keySet());
    }

    /** @return how many requests have completed */
    int completedCount() {
        return outcomes.size();
    }

    Outcome get(long tag) {
        Outcome outcome = outcomes.get(tag);
        if (outcome == null) {
            throw new AssertionError("request " + tag + " has not completed; completed: " + outcomes.keySet());
        }
        return outcome;
    }

    int heads(long tag) {
        AtomicInteger count = heads.get(tag);
        return count == null ? 0 : count.get();
    }

    /** Asserts that exactly the requests tagged {@code 0..count-1} completed, each once, and nothing broke the contract. */
    void assertEachCompletedOnce(int count) {
        assertEquals(List.of(), List.copyOf(violations), "listener contract violations");
        assertEquals(count, completions.size(), "completed requests: " + completions.keySet());
        for (long tag = 0; tag < count; tag++) {
            AtomicInteger times = completions.get(tag);
            assertEquals(1, times == null ? 0 : times.get(), "completions of request " + tag);
        }
    }
}
