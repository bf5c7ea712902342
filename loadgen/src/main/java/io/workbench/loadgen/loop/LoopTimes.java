package io.workbench.loadgen.loop;

import java.util.List;

/**
 * A reading of the loops' clocks at one instant: for each loop, the time its selector had spent
 * blocked (idle) and spinning for a deadline since it started. Two readings give each loop's busy
 * share between them: the wall time less idle and spin, over the wall time. A loop that was busy
 * all the time had no idle time left: it could not have been earlier.
 *
 * @param nanos when it was read ({@link System#nanoTime()})
 * @param idle  each loop's idle nanoseconds
 * @param spin  each loop's spin nanoseconds
 */
public record LoopTimes(long nanos, long[] idle, long[] spin) {

    public static LoopTimes read(List<GeneratorLoop> loops) {
        long[] idle = new long[loops.size()];
        long[] spin = new long[loops.size()];
        for (int i = 0; i < idle.length; i++) {
            idle[i] = loops.get(i).selector().getIdleNanos();
            spin[i] = loops.get(i).selector().getSpinNanos();
        }
        return new LoopTimes(System.nanoTime(), idle, spin);
    }

    /** @return the busiest loop's busy share from {@code earlier} to this reading, or null if no time passed */
    public Double busiestShareSince(LoopTimes earlier) {
        int loop = busiestSince(earlier);
        long wall = nanos - earlier.nanos;
        if (loop < 0 || wall <= 0) {
            return null;
        }
        return share(wall - (idle[loop] - earlier.idle[loop]) - (spin[loop] - earlier.spin[loop]), wall);
    }

    /** @return the share of the time the busiest loop spent spinning, from {@code earlier} to this reading, or null */
    public Double busiestSpinShareSince(LoopTimes earlier) {
        int loop = busiestSince(earlier);
        long wall = nanos - earlier.nanos;
        if (loop < 0 || wall <= 0) {
            return null;
        }
        return share(spin[loop] - earlier.spin[loop], wall);
    }

    private int busiestSince(LoopTimes earlier) {
        int busiest = -1;
        long leastWaiting = Long.MAX_VALUE;
        for (int i = 0; i < idle.length; i++) {
            long waiting = (idle[i] - earlier.idle[i]) + (spin[i] - earlier.spin[i]);
            if (waiting < leastWaiting) {
                leastWaiting = waiting;
                busiest = i;
            }
        }
        return busiest;
    }

    private static double share(long part, long wall) {
        return Math.max(0, Math.min(1, (double) part / wall));
    }
}
