package io.workbench.mainjob.suite.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The one thread that reads the targets' counters while they are measured, at a low scheduling
 * priority ({@value #NICENESS}, set on that thread alone with {@code renice}): it shares the
 * generator's core, and a burst of its reads (every thread's file of a target with hundreds of
 * threads takes milliseconds) must not make the generator late. A thread with a higher nice value
 * than the generator's loop gives way to it as soon as the loop wakes. Raising one's own nice value
 * needs no privilege; where {@code renice} is missing, the thread runs at the usual priority.
 */
public final class SamplingThread {

    static final int NICENESS = 10;

    private SamplingThread() {
    }

    /** A single-thread scheduler whose thread lowers its own priority first. */
    public static ScheduledExecutorService start() {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "target-sampling");
            thread.setDaemon(true);
            return thread;
        });
        executor.execute(SamplingThread::lowerOwnPriority);
        return executor;
    }

    /** {@code renice} on this thread's id (from {@code /proc/thread-self}); true when it worked. */
    static boolean lowerOwnPriority() {
        try {
            Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            String tid = self.getFileName().toString();
            Process renice = new ProcessBuilder("renice", "-n", String.valueOf(NICENESS), "-p", tid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return renice.waitFor(10, TimeUnit.SECONDS) && renice.exitValue() == 0;
        } catch (IOException | RuntimeException unavailable) {
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
