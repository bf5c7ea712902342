package io.workbench.iocore.selector;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What a {@link ManagedSelector} knows about its {@code select()} failing: how many times in a
 * row, how long to wait before the next try, when to give up on the selector and rebuild it, and
 * when to say so in the log. It decides; the selector acts (logs, sleeps through
 * {@link #backOff()}, rebuilds).
 *
 * <p>Why: a select that throws usually throws again at once (a broken epoll descriptor, no memory
 * for the kernel's event list), and a loop that only logs and retries turns that into a busy
 * thread writing a log line per turn. Netty rebuilds the selector on every failure and sleeps a
 * second; Jetty treats any select failure as fatal and stops the selector. Here a failure first
 * costs a short wait, growing while it lasts, and only a run of them replaces the selector, so a
 * passing failure costs a millisecond and a lasting one costs neither a core nor the disk.
 *
 * <pre>
 *   healthy --failure 1--> FAILING: episode starts, the caller logs the cause once
 *   FAILING --failure n--> wait min(max, initial * 2^(n-1)); when n reaches rebuildAfter * 2^r
 *                          (r = rebuilds tried in this episode) the caller rebuilds the selector
 *   FAILING --success----> healthy: episode ends, the caller logs one line with what it cost
 *   healthy --success----> nothing (one volatile read)
 * </pre>
 * Rebuilds get rarer as an episode lasts (after 3, 6, 12, 24... failures by default): a rebuild
 * re-registers every channel, and if the new selector fails as well, rebuilding at the pace of
 * the failures would only add work.
 *
 * <p>Written only by the selector's producing thread (one at a time, with a happens-before edge
 * at each hand-off); the fields are volatile so that {@code toString()} and the getters may be
 * read from any thread for diagnosis.
 */
final class SelectFailures {

    /** How the selector's thread waits; tests count the waits instead of timing them. */
    @FunctionalInterface
    interface Sleeper {
        /**
         * Parks for at least {@code nanos}, even on a thread whose interrupt status is set (on
         * which {@code parkNanos} returns at once, turning the back-off into a busy loop); does
         * not throw and leaves the interrupt status as it was.
         */
        Sleeper PARK = SelectFailures::parkThroughInterrupts;

        void sleep(long nanos);
    }

    /**
     * Parks until {@code nanos} have passed: the interrupt status is cleared while it waits (an
     * interrupt during the wait is remembered too) and set again before it returns, for whoever
     * owns the thread to see. Nothing in the selector interrupts its thread to stop it; a thread
     * that comes back interrupted from a task it ran is what this survives.
     */
    private static void parkThroughInterrupts(long nanos) {
        boolean interrupted = Thread.interrupted();
        long deadline = System.nanoTime() + nanos;
        try {
            for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
                LockSupport.parkNanos(left);
                interrupted |= Thread.interrupted();
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * How to respond to failures.
     *
     * @param rebuildAfter        consecutive failures before the first rebuild of an episode, at least 1
     * @param initialBackoffNanos wait after the first failure of an episode; doubled after each next one
     * @param maxBackoffNanos     the longest wait: a lasting failure costs one select per this period,
     *                            and {@code stop()} may wait this long for the loop to notice
     * @param sleeper             how the wait is done
     */
    record Policy(int rebuildAfter, long initialBackoffNanos, long maxBackoffNanos, Sleeper sleeper) {

        /** Rebuild after 3 failures in a row; wait 1 ms, 2 ms, 4 ms ... up to 50 ms between tries. */
        static final Policy DEFAULT = new Policy(3, TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(50),
                Sleeper.PARK);

        Policy {
            Objects.requireNonNull(sleeper, "sleeper");
            if (rebuildAfter < 1) {
                throw new IllegalArgumentException("rebuildAfter must be at least 1, was " + rebuildAfter);
            }
            if (initialBackoffNanos < 0 || maxBackoffNanos < initialBackoffNanos) {
                throw new IllegalArgumentException("need 0 <= initialBackoffNanos (" + initialBackoffNanos
                        + ") <= maxBackoffNanos (" + maxBackoffNanos + ")");
            }
        }

        /** @return the wait after the {@code failure}-th consecutive failure (1-based) */
        long backoffNanos(int failure) {
            int doublings = Math.min(failure - 1, 62);
            if (initialBackoffNanos > maxBackoffNanos >>> doublings) {
                // Doubling that many times would pass the cap (or overflow): the cap it is.
                return maxBackoffNanos;
            }
            return initialBackoffNanos << doublings;
        }

        /** @return whether the {@code failure}-th consecutive failure calls for a rebuild, {@code rebuilds} having been tried */
        boolean rebuildDue(int failure, int rebuilds) {
            return failure == (long) rebuildAfter << Math.min(rebuilds, 30);
        }
    }

    /** What an episode of consecutive failures cost, reported when select works again. */
    record Episode(int failures, int rebuilds, int failedRebuilds, long nanos) {
    }

    private final Policy policy;

    /** Failures in a row now; 0 when select works. */
    private volatile int consecutive;
    private volatile int episodeRebuilds;
    private volatile int episodeFailedRebuilds;
    private volatile long episodeStart;
    /** Since the selector started. */
    private volatile long failures;
    private volatile long rebuilds;
    private volatile long failedRebuilds;
    private volatile long episodes;

    SelectFailures(Policy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * A select failed.
     *
     * @return true if it is the first of an episode: the caller logs it, with its cause, and
     *         nothing more until the episode ends
     */
    boolean failed() {
        // Single writer: read-then-write of a volatile is not a lost update here.
        failures = failures + 1;
        int n = consecutive + 1;
        consecutive = n;
        if (n > 1) {
            return false;
        }
        episodes = episodes + 1;
        episodeStart = System.nanoTime();
        episodeRebuilds = 0;
        episodeFailedRebuilds = 0;
        return true;
    }

    /** @return whether the failure just counted calls for a rebuild of the selector */
    boolean rebuildDue() {
        int n = consecutive;
        return n > 0 && policy.rebuildDue(n, episodeRebuilds + episodeFailedRebuilds);
    }

    /** The selector was replaced by a new one. */
    void rebuilt() {
        episodeRebuilds = episodeRebuilds + 1;
        rebuilds = rebuilds + 1;
    }

    /** A rebuild was tried and failed (no new selector could be opened); the old one stays. */
    void rebuildFailed() {
        episodeFailedRebuilds = episodeFailedRebuilds + 1;
        failedRebuilds = failedRebuilds + 1;
    }

    /** Waits as long as the current run of failures calls for, through the policy's sleeper. */
    void backOff() {
        int n = consecutive;
        if (n > 0) {
            long wait = policy.backoffNanos(n);
            if (wait > 0) {
                policy.sleeper().sleep(wait);
            }
        }
    }

    /** @return true while an episode lasts: the last select failed. The select loop's only cost when healthy. */
    boolean isFailing() {
        return consecutive != 0;
    }

    /**
     * A select worked.
     *
     * @return the episode this ends, for the caller to log; null if select was not failing
     */
    Episode succeeded() {
        int n = consecutive;
        if (n == 0) {
            return null;
        }
        consecutive = 0;
        return new Episode(n, episodeRebuilds, episodeFailedRebuilds, System.nanoTime() - episodeStart);
    }

    Policy policy() {
        return policy;
    }

    int consecutive() {
        return consecutive;
    }

    long failures() {
        return failures;
    }

    long rebuilds() {
        return rebuilds;
    }

    long failedRebuilds() {
        return failedRebuilds;
    }

    long episodes() {
        return episodes;
    }

    /** @return {@code selectFailures=F,episodes=E,rebuilds=R[,failedRebuilds=X][,FAILING(n)]}, for toString() and dumps */
    String describe() {
        int n = consecutive;
        long failedRebuildCount = failedRebuilds;
        return "selectFailures=" + failures + ",episodes=" + episodes + ",rebuilds=" + rebuilds
                + (failedRebuildCount > 0 ? ",failedRebuilds=" + failedRebuildCount : "")
                + (n > 0 ? ",FAILING(" + n + ")" : "");
    }

    @Override
    public String toString() {
        return "SelectFailures@" + Integer.toHexString(hashCode()) + "[" + describe() + "]";
    }
}
