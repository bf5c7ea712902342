package io.workbench.targets.hello;

import java.lang.management.ManagementFactory;

/**
 * What the target's JVM has spent, for the {@code "jvm"} member of {@code /stats}, so that a run
 * can tell a target's own cost apart from its answers: the heap bytes all its threads have
 * allocated since it started, the platform threads alive now, and the most alive at once since the
 * JVM started or since the peak was last reset ({@code /stats?resetPeaks}). Read from the JVM's
 * thread bean: {@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes()} (JDK 21+),
 * which counts the threads that have ended too, and the bean's thread counts, which count platform
 * threads only (a virtual thread allocates on its carrier, whose bytes are counted).
 *
 * <p>One set of figures per JVM: a target is the only server of its process (the tests, which run
 * several in one JVM, compare differences).
 */
final class JvmFigures {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    static {
        // On by default on HotSpot; a JVM started with it off would report -1.
        if (THREADS.isThreadAllocatedMemorySupported() && !THREADS.isThreadAllocatedMemoryEnabled()) {
            THREADS.setThreadAllocatedMemoryEnabled(true);
        }
    }

    private JvmFigures() {
    }

    /** {@code {"allocatedBytes":N,"liveThreads":N,"peakThreads":N}}, read now. */
    static String json() {
        return "{\"allocatedBytes\":" + allocatedBytes() + ",\"liveThreads\":" + THREADS.getThreadCount()
                + ",\"peakThreads\":" + THREADS.getPeakThreadCount() + "}";
    }

    /** The heap bytes every thread of the JVM has allocated so far, ended threads included; -1 if the JVM cannot tell. */
    static long allocatedBytes() {
        return THREADS.isThreadAllocatedMemorySupported() ? THREADS.getTotalThreadAllocatedBytes() : -1;
    }

    /** The peak thread count starts again from the threads alive now. */
    static void resetPeakThreads() {
        THREADS.resetPeakThreadCount();
    }
}
