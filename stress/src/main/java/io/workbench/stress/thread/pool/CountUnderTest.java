package io.workbench.stress.thread.pool;

import io.workbench.stress.harness.Variant;
import io.workbench.stress.thread.pool.mutant.ThreadCountBug;
import java.lang.invoke.MethodHandle;

/**
 * The pool's thread count as the race tests drive it, through the calls BoundedThreadPool makes:
 * iocore's ThreadCount through {@link RealCount}, or a generated copy (the control or a mutant)
 * through RealCount's twin beside it. Which one a VM creates is chosen once, by {@link Variant}.
 * Public, as the twins live in other packages.
 */
public interface CountUnderTest {

    /** What this VM runs: the real ThreadCount unless the harness selected a copy. */
    Variant<ThreadCountBug> VARIANT = Variant.selected(ThreadCountBug.MACHINE, ThreadCountBug.class);

    /** The constructor of RealCount's twin beside the selected copy; null for the real one. */
    MethodHandle COPY = VARIANT.copyDriver(RealCount.class, int.class, int.class);

    /** A new count of the selected variant, at zero. */
    static CountUnderTest create(int min, int max) {
        if (VARIANT.isReal()) {
            return new RealCount(min, max);
        }
        try {
            return (CountUnderTest) COPY.invoke(min, max);
        } catch (Throwable e) {
            throw Variant.copyFailed(e);
        }
    }

    /** A running pool wants a thread: @return true if one was counted and must be started */
    boolean tryStart();

    /** An idle thread of a running pool timed out: @return true if it was uncounted and must exit */
    boolean tryRetire();

    int get();
}
