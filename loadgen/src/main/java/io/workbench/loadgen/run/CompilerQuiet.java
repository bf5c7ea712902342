package io.workbench.loadgen.run;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * Waits, after priming, until the JIT compiler has been quiet for a while: compilations that
 * priming queued run on compiler threads that share the generator's core, and a compiler thread
 * that holds the core when an intended time comes delays the loop's wake by up to a scheduler
 * slice (milliseconds), which the run would count as its own lateness.
 */
final class CompilerQuiet {

    /** Quiet means no compilation time added over this long. */
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** The wait ends after this long, quiet or not. */
    static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long POLL_MILLIS = 10;

    private CompilerQuiet() {
    }

    /**
     * @return true if the compiler was quiet within {@link #MAX_NANOS}, false if the wait ran out,
     *         the JVM does not report compilation time, or the thread was interrupted
     */
    static boolean await() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        if (compiler == null || !compiler.isCompilationTimeMonitoringSupported()) {
            return false;
        }
        long start = System.nanoTime();
        long total = compiler.getTotalCompilationTime();
        long quietSince = start;
        while (System.nanoTime() - start < MAX_NANOS) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
                return false;
            }
            long now = System.nanoTime();
            long next = compiler.getTotalCompilationTime();
            if (next != total) {
                total = next;
                quietSince = now;
            } else if (now - quietSince >= QUIET_NANOS) {
                return true;
            }
        }
        return false;
    }
}
