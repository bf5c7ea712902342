package io.workbench.iocore.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RequestStatsTest {

    @Test
    void countsStartedCompletedAndTheMostInFlight() {
        RequestStats stats = new RequestStats();
        stats.started();
        stats.started();
        stats.started();
        stats.completed();
        stats.started();
        assertEquals("{\"started\":4,\"completed\":1,\"inFlight\":3,\"maxInFlight\":3}", stats.toJson());
        stats.completed();
        stats.completed();
        stats.completed();
        assertEquals("{\"started\":4,\"completed\":4,\"inFlight\":0,\"maxInFlight\":3}", stats.toJson());
    }

    @Test
    void resettingTheMaximumStartsANewPeakFromWhatIsInFlightNow() {
        RequestStats stats = new RequestStats();
        for (int i = 0; i < 5; i++) {
            stats.started();
        }
        for (int i = 0; i < 3; i++) {
            stats.completed();
        }
        assertEquals(5, stats.maxInFlightCount());
        stats.resetMaxInFlight();
        assertEquals(2, stats.maxInFlightCount(), "the two still in flight");
        stats.started();
        assertEquals(3, stats.maxInFlightCount(), "a new peak after the reset");
        stats.completed();
        stats.completed();
        stats.completed();
        stats.resetMaxInFlight();
        assertEquals(0, stats.maxInFlightCount());
        assertEquals("{\"started\":6,\"completed\":6,\"inFlight\":0,\"maxInFlight\":0}", stats.toJson(),
                "only the peak is reset; started and completed are totals");
    }

    @Test
    void concurrentRequestsAreAllCountedAndTheMaximumIsExact() throws Exception {
        RequestStats stats = new RequestStats();
        int threads = 8;
        int perThread = 10_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch allStarted = new CountDownLatch(threads);
        CountDownLatch release = new CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            pool.execute(() -> {
                for (int i = 0; i < perThread; i++) {
                    stats.started();
                    stats.completed();
                }
                // Each thread leaves one request in flight until all have one, so `threads` were in flight at once.
                stats.started();
                allStarted.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                stats.completed();
            });
        }
        allStarted.await();
        assertEquals(threads, stats.inFlightCount());
        release.countDown();
        pool.shutdown();
        pool.awaitTermination(30, TimeUnit.SECONDS);
        assertEquals(threads * (perThread + 1L), stats.startedCount());
        assertEquals(threads * (perThread + 1L), stats.completedCount());
        assertEquals(0, stats.inFlightCount());
        long max = stats.maxInFlightCount();
        assertTrue(max >= threads && max <= 2L * threads, "max in flight " + max);
    }
}
