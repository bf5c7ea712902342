package io.workbench.stress.thread.pool.mutant;

import static io.workbench.stress.thread.pool.mutant.ThreadCountBug.RETIRE_CHECK_THEN_ACT;
import static io.workbench.stress.thread.pool.mutant.ThreadCountBug.RETIRE_READ_THEN_WRITE;
import static io.workbench.stress.thread.pool.mutant.ThreadCountBug.START_CHECK_THEN_ACT;
import static io.workbench.stress.thread.pool.mutant.ThreadCountBug.START_READ_THEN_WRITE;

import io.workbench.iocore.thread.ThreadCount;
import io.workbench.stress.harness.RaceWindow;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A copy of iocore's {@link ThreadCount} (as of commit 0892265) that is built with at most one
 * {@link ThreadCountBug}, for the jcstress tests in {@code io.workbench.stress.thread.pool} to
 * catch. Nothing in production uses it.
 *
 * <p>Built without a bug it is a faithful copy, and the harness runs every test against it as a
 * control. Every spot a bug changes is marked with the bug's name; a bug's gap between its read
 * and its write waits a little ({@link #widen()}) so that jcstress's quick mode lands in it
 * reliably on two cores. Left out: argument checks, {@code startFailed()} and {@code clear()},
 * which no race test calls.
 */
public final class ThreadCountMutant {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(ThreadCountMutant.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ThreadCountBug bug;
    private final int min;
    private final int max;
    @SuppressWarnings("unused") // through COUNT
    private volatile int count;

    /** @param bug the bug to build in; null for the faithful control copy */
    public ThreadCountMutant(ThreadCountBug bug, int min, int max) {
        this.bug = bug;
        this.min = min;
        this.max = max;
    }

    public boolean tryStart(boolean running) {
        while (true) {
            int now = get();
            if (now >= max || !running) {
                return false;
            }
            if (bug == START_CHECK_THEN_ACT) {
                // START_CHECK_THEN_ACT: the increment does not check the bound again.
                RaceWindow.widen();
                COUNT.getAndAdd(this, 1);
                return true;
            }
            // START_READ_THEN_WRITE: the store does not check that the count is still now.
            if (update(START_READ_THEN_WRITE, now, now + 1)) {
                return true;
            }
        }
    }

    public boolean tryRetire(boolean running) {
        while (true) {
            int now = get();
            if (now <= min && running) {
                return false;
            }
            if (bug == RETIRE_CHECK_THEN_ACT) {
                // RETIRE_CHECK_THEN_ACT: the decrement does not check the minimum again.
                RaceWindow.widen();
                COUNT.getAndAdd(this, -1);
                return true;
            }
            // RETIRE_READ_THEN_WRITE: the store does not check that the count is still now.
            if (update(RETIRE_READ_THEN_WRITE, now, now - 1)) {
                return true;
            }
        }
    }

    public int get() {
        return (int) COUNT.getVolatile(this);
    }

    /** A CAS, or with the named bug a read-then-write: the store of what was computed from the read. */
    private boolean update(ThreadCountBug readThenWrite, int expected, int next) {
        if (bug != readThenWrite) {
            return COUNT.compareAndSet(this, expected, next);
        }
        RaceWindow.widen();
        COUNT.setVolatile(this, next);
        return true;
    }

    @Override
    public String toString() {
        return "ThreadCountMutant@" + Integer.toHexString(hashCode()) + "[" + bug + "," + get() + " in " + min + ".." + max + "]";
    }
}
