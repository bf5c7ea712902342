package io.workbench.iocore.thread;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How many threads a {@link BoundedThreadPool} has counted: a thread is counted before it starts
 * and uncounted when it retires, each by one CAS that checks the bound on the value it replaces.
 *
 * <pre>
 *   tryStart(running)    count &lt; max and running      --> count + 1, true: start the thread
 *                        count == max, or not running  --> false: no thread (queue the task)
 *   tryRetire(running)   count &gt; min, or not running  --> count - 1, true: the idle thread exits
 *                        count &lt;= min and running     --> false: it stays, waiting for work
 *   startFailed()        count - 1: Thread.start() threw after tryStart counted it
 * </pre>
 * Promises: concurrent starts never count more than {@code max}; concurrent retires never take a
 * running pool below {@code min}; the count is always the starts that returned true minus the
 * retires that returned true (and the failed starts).
 *
 * <p>{@code running} is read by the pool once per call; a start or retire that races the pool's
 * stop is decided on the value it read, which is the order the CAS puts it in.
 */
public final class ThreadCount {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(ThreadCount.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int min;
    private final int max;
    @SuppressWarnings("unused") // through COUNT
    private volatile int count;

    /**
     * @param min threads a running pool keeps while idle, 0..max
     * @param max most threads counted at once, at least 1
     */
    public ThreadCount(int min, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        if (min < 0 || min > max) {
            throw new IllegalArgumentException("min must be in 0.." + max + ", was " + min);
        }
        this.min = min;
        this.max = max;
    }

    /** @return true if a thread was counted and the caller must start it */
    public boolean tryStart(boolean running) {
        while (true) {
            int now = get();
            if (now >= max || !running) {
                return false;
            }
            if (COUNT.compareAndSet(this, now, now + 1)) {
                return true;
            }
        }
    }

    /** @return true if the calling idle thread was uncounted and must exit */
    public boolean tryRetire(boolean running) {
        while (true) {
            int now = get();
            if (now <= min && running) {
                return false;
            }
            if (COUNT.compareAndSet(this, now, now - 1)) {
                return true;
            }
        }
    }

    /** The thread {@link #tryStart} counted could not be started. */
    public void startFailed() {
        COUNT.getAndAdd(this, -1);
    }

    /** The pool stopped and joined its threads: none is counted. */
    public void clear() {
        COUNT.setVolatile(this, 0);
    }

    /** @return the threads counted now */
    public int get() {
        return (int) COUNT.getVolatile(this);
    }

    @Override
    public String toString() {
        return "ThreadCount@" + Integer.toHexString(hashCode()) + "[" + get() + " in " + min + ".." + max + "]";
    }
}
