package io.workbench.stress.thread.pool;

import io.workbench.iocore.thread.ThreadCount;

/**
 * The real ThreadCount, driven through {@link CountUnderTest} with the calls BoundedThreadPool
 * makes while running. The build also copies this class beside each generated copy of ThreadCount
 * (the control and every mutant), where the same code drives the copy; so it names ThreadCount
 * only through its import.
 */
final class RealCount implements CountUnderTest {

    private final ThreadCount count;

    RealCount(int min, int max) {
        this.count = new ThreadCount(min, max);
    }

    @Override
    public boolean tryStart() {
        return count.tryStart(true);
    }

    @Override
    public boolean tryRetire() {
        return count.tryRetire(true);
    }

    @Override
    public int get() {
        return count.get();
    }
}
