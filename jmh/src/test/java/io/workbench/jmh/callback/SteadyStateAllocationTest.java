package io.workbench.jmh.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.pattern.AsyncCompleter;
import io.workbench.iocore.callback.pattern.CompletionMix;
import io.workbench.iocore.callback.pattern.CompletionPattern;
import io.workbench.iocore.callback.pattern.SimulatedChannel;
import io.workbench.iocore.callback.pattern.StackDepthProbe;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The allocation behind the benchmark's "0 B/op", counted exactly instead of estimated: once warm,
 * a round of 2,000 tasks allocates not one byte on the thread that runs them nor on the completer's,
 * for our iterating callback in every mix and for Jetty's when every write completes inside the
 * call (asynchronously its lock may allocate a queue node when the two threads meet, which is
 * Jetty's behaviour, not something to assert). Also proves the harness (channel, completer,
 * {@link TaskCompletion}) allocates nothing, so JMH's bytes/op belong to the pattern.
 */
class SteadyStateAllocationTest {

    private static final int ROUNDS = 20;
    private static final int TASKS_PER_ROUND = 2_000;
    private static final int WRITES = 64;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @ParameterizedTest(name = "{0} with a synchronous share of {1}")
    @CsvSource({"ITERATING_CALLBACK, 1.0", "ITERATING_CALLBACK, 0.5", "ITERATING_CALLBACK, 0.0",
            "JETTY_ITERATING_CALLBACK, 1.0", "NAIVE_RECURSION, 1.0"})
    void aWarmStreamOfTasksAllocatesNothing(ComparedPattern kind, double share) throws Exception {
        String completerName = "allocation-completer-" + kind + "-" + share;
        AsyncCompleter completer = new AsyncCompleter(completerName);
        int steadyRound = -1;
        String last = "";
        try {
            SimulatedChannel channel = new SimulatedChannel(CompletionMix.synchronousShare(share), completer, StackDepthProbe.NONE);
            CompletionPattern pattern = kind.create(channel, Runnable::run);
            TaskCompletion done = new TaskCompletion(30, TimeUnit.SECONDS);
            long completerId = threadNamed(completerName).threadId();

            // The JIT, and a thread's first park, allocate a few hundred bytes now and then while the
            // code warms up; a pattern that allocated per task could never run a round without any.
            for (int round = 0; round < ROUNDS && steadyRound < 0; round++) {
                long completerBefore = THREADS.getThreadAllocatedBytes(completerId);
                long before = THREADS.getCurrentThreadAllocatedBytes();
                runTasks(pattern, done, TASKS_PER_ROUND);
                long after = THREADS.getCurrentThreadAllocatedBytes();
                long completerAfter = THREADS.getThreadAllocatedBytes(completerId);
                if (after == before && completerAfter == completerBefore) {
                    steadyRound = round;
                }
                last = (after - before) + " B on the benchmark thread, " + (completerAfter - completerBefore) + " B on the completer";
            }
            assertEquals((long) TASKS_PER_ROUND * WRITES * (steadyRound < 0 ? ROUNDS : steadyRound + 1), channel.writes());
        } finally {
            completer.close();
        }
        assertNull(completer.firstFailure());
        assertTrue(steadyRound >= 0, "no round of " + TASKS_PER_ROUND + " tasks without allocation in " + ROUNDS
                + "; the last one allocated " + last);
    }

    private static void runTasks(CompletionPattern pattern, TaskCompletion done, int tasks) {
        for (int i = 0; i < tasks; i++) {
            done.arm();
            pattern.run(WRITES, done);
            done.await();
        }
    }

    private static Thread threadNamed(String name) {
        Thread found = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no thread named " + name));
        assertTrue(THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled(),
                "this JVM cannot count allocated bytes per thread");
        return found;
    }
}
