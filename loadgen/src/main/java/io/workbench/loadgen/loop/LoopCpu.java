package io.workbench.loadgen.loop;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * A reading of the CPU time of the generator's own threads at one instant, per loop: the loop's
 * thread, its alarm thread (the selector's, which wakes it for a deadline closer than a
 * millisecond; named {@code <client>-alarm-<loop>}), and the reporter's thread apart. Two readings
 * give the busiest loop's share of a core between them. The process's CPU time is not what the
 * verdict reads: it also holds the connects a target's backlog makes the loop start, and the
 * kernel's loopback work for the target, which a per-thread reading keeps to what the loop's own
 * thread did (and the JIT compiler's and collector's threads, which are not the loop's).
 *
 * <p>Read twice a run, never per request: the alarm threads are found by name through
 * {@link ThreadMXBean#getThreadInfo(long[])} without their stacks, which needs no safepoint.
 *
 * @param nanos     when it was read ({@link System#nanoTime()})
 * @param loops     each loop's threads' CPU nanoseconds (its loop thread and its alarm thread), -1 where unreadable
 * @param reporter  the reporter thread's CPU nanoseconds, -1 where unreadable
 */
public record LoopCpu(long nanos, long[] loops, long reporter) {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * @param alarmPrefix the alarm threads' names but for the loop's index ({@code loadgen-alarm-})
     * @param reporter    the reporter's thread, or null
     */
    public static LoopCpu read(List<GeneratorLoop> loops, String alarmPrefix, Thread reporter) {
        long[] alarms = alarmThreads(loops.size(), alarmPrefix);
        long[] perLoop = new long[loops.size()];
        for (int i = 0; i < perLoop.length; i++) {
            long loop = cpu(loops.get(i).threadId());
            long alarm = alarms[i] == 0 ? 0 : Math.max(0, cpu(alarms[i]));
            perLoop[i] = loop < 0 ? -1 : loop + alarm;
        }
        return new LoopCpu(System.nanoTime(), perLoop, reporter == null ? -1 : cpu(reporter.threadId()));
    }

    private static long cpu(long threadId) {
        if (threadId == 0 || !THREADS.isThreadCpuTimeSupported()) {
            return -1;
        }
        try {
            return THREADS.getThreadCpuTime(threadId);
        } catch (UnsupportedOperationException x) {
            return -1;
        }
    }

    /** @return the alarm thread's id of each loop, by name, or 0 where it has none (yet) */
    private static long[] alarmThreads(int loops, String prefix) {
        long[] ids = new long[loops];
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info == null || !info.getThreadName().startsWith(prefix)) {
                continue;
            }
            try {
                int index = Integer.parseInt(info.getThreadName().substring(prefix.length()));
                if (index >= 0 && index < loops) {
                    ids[index] = info.getThreadId();
                }
            } catch (NumberFormatException x) {
                // Another thread whose name begins the same way.
            }
        }
        return ids;
    }

    /**
     * @param earlier       the reading at the phase's start
     * @param withReporter  whether the reporter shares the cores the loops run on (no more cores than loops), so that its
     *                      CPU is time the busiest loop could not have
     * @return the busiest loop's threads' CPU time from {@code earlier} to this reading, per second of it, or null if
     *         unreadable or no time passed
     */
    public Double busiestShareSince(LoopCpu earlier, boolean withReporter) {
        long wall = nanos - earlier.nanos;
        if (wall <= 0 || loops.length == 0 || loops.length != earlier.loops.length) {
            return null;
        }
        long busiest = -1;
        for (int i = 0; i < loops.length; i++) {
            if (loops[i] < 0 || earlier.loops[i] < 0) {
                return null;
            }
            busiest = Math.max(busiest, loops[i] - earlier.loops[i]);
        }
        if (withReporter && reporter >= 0 && earlier.reporter >= 0) {
            busiest += reporter - earlier.reporter;
        }
        return Math.max(0, (double) busiest / wall);
    }
}
