package io.workbench.mainjob.suite.proc;

import java.util.Map;

/**
 * One cumulative counter of every thread of a process at one moment, by thread id (e.g. each
 * thread's voluntary context switches). The kernel keeps these per thread only, and a thread that
 * ends takes its count with it: what it did between the last reading and its end is lost.
 *
 * @param byThread the counter of each thread alive when it was read
 */
public record PerThread(Map<Long, Long> byThread) {

    public PerThread {
        byThread = Map.copyOf(byThread);
    }

    /** The counter summed over the threads alive at this reading. */
    public long sum() {
        long sum = 0;
        for (long value : byThread.values()) {
            sum += value;
        }
        return sum;
    }

    /**
     * What the threads alive now added since {@code start}: a thread alive at both readings counts
     * its growth, a thread born in between counts all of its count. Threads that ended in between
     * are not counted ({@link #endedSince}).
     */
    public long since(PerThread start) {
        long added = 0;
        for (Map.Entry<Long, Long> thread : byThread.entrySet()) {
            added += thread.getValue() - start.byThread.getOrDefault(thread.getKey(), 0L);
        }
        return added;
    }

    /** How many threads of {@code start} are gone now. */
    public int endedSince(PerThread start) {
        int ended = 0;
        for (Long thread : start.byThread.keySet()) {
            if (!byThread.containsKey(thread)) {
                ended++;
            }
        }
        return ended;
    }

    @Override
    public String toString() {
        return "PerThread[threads=" + byThread.size() + ", sum=" + sum() + "]";
    }
}
