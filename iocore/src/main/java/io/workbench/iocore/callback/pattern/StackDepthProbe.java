package io.workbench.iocore.callback.pattern;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Measures how many writes are on one thread's stack at once: 1 when every write returns before
 * the next starts, N when each completion starts the next write from inside the previous one.
 *
 * <p>{@link #NONE} costs nothing, for throughput measurements; {@link #counting()} keeps a
 * per-thread nesting count and the deepest value seen on any thread.
 */
public interface StackDepthProbe {

    /** A probe that measures nothing; {@link #maxDepth()} is -1. */
    StackDepthProbe NONE = new StackDepthProbe() {
        @Override
        public void enter() {
        }

        @Override
        public void exit() {
        }

        @Override
        public int maxDepth() {
            return -1;
        }

        @Override
        public void clear() {
        }
    };

    /** A write starts on this thread. */
    void enter();

    /** A write returns on this thread. */
    void exit();

    /** @return the most writes seen on one thread's stack at once since the last {@link #clear()} */
    int maxDepth();

    /** Forgets the deepest value seen (not the current nesting of running writes). */
    void clear();

    /** A probe that counts. */
    static StackDepthProbe counting() {
        return new Counting();
    }

    /** Per-thread nesting in a thread-local counter; the maximum in one shared atomic, written only when exceeded. */
    final class Counting implements StackDepthProbe {
        private final ThreadLocal<int[]> nesting = ThreadLocal.withInitial(() -> new int[1]);
        private final AtomicInteger max = new AtomicInteger();

        @Override
        public void enter() {
            int depth = ++nesting.get()[0];
            if (depth > max.get()) {
                max.accumulateAndGet(depth, Math::max);
            }
        }

        @Override
        public void exit() {
            nesting.get()[0]--;
        }

        @Override
        public int maxDepth() {
            return max.get();
        }

        @Override
        public void clear() {
            max.set(0);
        }
    }
}
