package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator allocates nothing per request in steady state: the sender (pacing, taking a
 * connection, sending) and the client's threads (reading, parsing, ending the request, recording
 * its three latencies and counting it) are measured with the JVM's per-thread allocation counters
 * over a window of an open run whose 16 connections, its cap, were all opened before its clock
 * started (so that a stall of this shared machine cannot make it open one inside the window: a new
 * connection allocates its buffers, once; without them opened first, a CI run once counted 8.4 B per
 * request, all of it one connect). The reporter's thread, which formats a line once a
 * second, is left out.
 */
class AllocationTest {

    private static final Map<Long, String> NAMES = new java.util.concurrent.ConcurrentHashMap<>();

    @TempDir
    Path tmp;

    @Test
    void theSendingAndRecordingPathsAllocateNothingPerRequest() throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        try (LoadTarget target = new LoadTarget()) {
            AtomicReference<Runs.Run> result = new AtomicReference<>();
            Thread sender = new Thread(() -> result.set(Runs.load(tmp, target.url("/hello"), "--rate", "2000", "--duration", "4s",
                    "--warmup", "1500ms", "--max-connections", "16", "--preconnect", "16", "--quiet")), "alloc-sender");
            sender.start();
            Thread.sleep(2_500);
            Map<Long, Long> before = allocated(threads);
            long requestsBefore = target.requests();
            Thread.sleep(2_000);
            Map<Long, Long> after = allocated(threads);
            long requests = target.requests() - requestsBefore;
            sender.join(TimeUnit.SECONDS.toMillis(60));
            assertEquals(0, result.get().exitCode(), result.get().toString());
            long bytes = 0;
            StringBuilder byThread = new StringBuilder();
            for (Map.Entry<Long, Long> entry : after.entrySet()) {
                Long start = before.get(entry.getKey());
                if (start != null) {
                    bytes += entry.getValue() - start;
                    byThread.append(' ').append(NAMES.get(entry.getKey())).append('=').append(entry.getValue() - start);
                }
            }
            assertTrue(requests > 1000, "requests in the window: " + requests);
            double perRequest = (double) bytes / requests;
            assertTrue(perRequest < 8, perRequest + " bytes per request (" + bytes + " bytes over " + requests + " requests;" + byThread + "; connections "
                    + result.get().summary().get("connections") + ")");
        }
    }

    /** The sender and every thread of the run but its reporter: bytes allocated so far, by thread id. */
    private static Map<Long, Long> allocated(ThreadMXBean threads) {
        Map<Long, Long> bytes = new HashMap<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            String name = thread.getName();
            if (name.equals("alloc-sender") || (name.startsWith("loadgen") && !name.equals("loadgen-reporter"))) {
                bytes.put(thread.threadId(), threads.getThreadAllocatedBytes(thread.threadId()));
                NAMES.put(thread.threadId(), name);
            }
        }
        return bytes;
    }

}
