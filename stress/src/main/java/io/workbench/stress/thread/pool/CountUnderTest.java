package io.workbench.stress.thread.pool;

import io.workbench.iocore.thread.ThreadCount;
import io.workbench.stress.harness.Variant;
import io.workbench.stress.thread.pool.mutant.ThreadCountBug;
import io.workbench.stress.thread.pool.mutant.ThreadCountMutant;

/**
 * The pool's thread count as the race tests drive it, through the calls BoundedThreadPool makes:
 * iocore's {@link ThreadCount}, or a mutant copy. Which one a VM creates is chosen once, by
 * {@link Variant}.
 */
interface CountUnderTest {

    /** What this VM runs: the real ThreadCount unless the harness selected a copy. */
    Variant<ThreadCountBug> VARIANT = Variant.selected(ThreadCountBug.MACHINE, ThreadCountBug.class);

    /** A new count of the selected variant, at zero. */
    static CountUnderTest create(int min, int max) {
        if (VARIANT.isReal()) {
            ThreadCount real = new ThreadCount(min, max);
            return new CountUnderTest() {
                @Override
                public boolean tryStart() {
                    return real.tryStart(true);
                }

                @Override
                public boolean tryRetire() {
                    return real.tryRetire(true);
                }

                @Override
                public int get() {
                    return real.get();
                }
            };
        }
        ThreadCountMutant copy = new ThreadCountMutant(VARIANT.bug(), min, max);
        return new CountUnderTest() {
            @Override
            public boolean tryStart() {
                return copy.tryStart(true);
            }

            @Override
            public boolean tryRetire() {
                return copy.tryRetire(true);
            }

            @Override
            public int get() {
                return copy.get();
            }
        };
    }

    /** A running pool wants a thread: @return true if one was counted and must be started */
    boolean tryStart();

    /** An idle thread of a running pool timed out: @return true if it was uncounted and must exit */
    boolean tryRetire();

    int get();
}
