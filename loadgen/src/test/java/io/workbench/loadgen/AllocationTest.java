package io.workbench.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator allocates nothing per request in steady state: the sender (pacing, taking a
 * connection, sending) and the client's threads (reading, parsing, ending the request, recording
 * its three latencies and counting it) are measured with the JVM's per-thread allocation
 * counters over a window of an open run whose 16 connections, its cap, were all opened before
 * its clock started (so that a stall of this shared machine cannot make it open one inside the
 * window: a new connection allocates its buffers, once; without them opened first, a CI run once
 * counted 8.4 B per request, all of it one connect), and beginning two seconds into its measured
 * phase (its recorders take their first values, and the code compiled for it its final shape, in
 * the first ones). The reporter's thread, which formats a line once a second, is left out.
 * Judged on the median of seven windows, so that a one-off allocation (a histogram growing its
 * range for a new extreme, once) cannot fail it while a per-request one must.
 */
class AllocationTest {

    private static final int WINDOWS = 7;

    private static final Map<Long, String> NAMES = new java.util.concurrent.ConcurrentHashMap<>();

    @TempDir
    Path tmp;

    @Test
    void theSendingAndRecordingPathsAllocateNothingPerRequest() throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        try (LoadTarget target = new LoadTarget()) {
            AtomicReference<Runs.Run> result = new AtomicReference<>();
            Thread sender = new Thread(() -> result.set(Runs.load(tmp, target.url("/hello"), "--rate", "2000", "--duration", "8s",
                    "--warmup", "1500ms", "--max-connections", "16", "--preconnect", "16", "--quiet")), "alloc-sender");
            sender.start();
            // The windows begin two seconds into the measured phase, however long priming took (the target
            // sees the run's requests alone). Begun one second in, a CI run and one local run in three saw
            // the loop allocate about one small object per request in three windows of five, then none:
            // a transient of the phase's start (code recompiled there runs without escape analysis until
            // compiled again), not the steady state this test is about.
            long measuredForTwoSeconds = 2_000 * (1_500 + 2_000) / 1_000;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (target.requests() < measuredForTwoSeconds && System.nanoTime() - deadline < 0 && sender.isAlive()) {
                Thread.sleep(10);
            }
            assertTrue(target.requests() >= measuredForTwoSeconds, "the run reached its measured phase: " + target.requests() + " requests");
            // Seven windows: an allocation per request shows in every one; a histogram growing its
            // range once for a new extreme (a stall of this shared machine) shows in one at most.
            List<String> windows = new ArrayList<>();
            double[] perRequest = new double[WINDOWS];
            long requests = 0;
            for (int w = 0; w < WINDOWS; w++) {
                Map<Long, Long> before = allocated(threads);
                long requestsBefore = target.requests();
                Thread.sleep(400);
                Map<Long, Long> after = allocated(threads);
                long inWindow = target.requests() - requestsBefore;
                requests += inWindow;
                long bytes = 0;
                StringBuilder byThread = new StringBuilder();
                for (Map.Entry<Long, Long> entry : after.entrySet()) {
                    Long start = before.get(entry.getKey());
                    if (start != null && entry.getValue() > start) {
                        bytes += entry.getValue() - start;
                        byThread.append(' ').append(NAMES.get(entry.getKey())).append('=').append(entry.getValue() - start);
                    }
                }
                perRequest[w] = (double) bytes / Math.max(1, inWindow);
                windows.add(bytes + " B over " + inWindow + " requests" + byThread);
            }
            sender.join(TimeUnit.SECONDS.toMillis(60));
            assertEquals(0, result.get().exitCode(), result.get().toString());
            assertTrue(requests > 1000, "requests in the windows: " + requests);
            double[] sorted = perRequest.clone();
            Arrays.sort(sorted);
            assertTrue(sorted[WINDOWS / 2] < 8, "bytes per request, median window: " + sorted[WINDOWS / 2] + "; windows " + windows
                    + "; connections " + result.get().summary().get("connections"));
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
