package io.workbench.stress.thread.pool;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One jcstress iteration of a race on a running pool's thread count: a count of the variant this
 * VM runs ({@link CountUnderTest#create}) and the threads that really came and went, counted
 * apart: a start that returned true starts a thread, a retire that returned true ends one.
 *
 * <p>{@link #settle()} reports {@code count=N alive=M}: the promises are that the count always
 * equals the threads alive, and stays within the pool's minimum and maximum.
 */
public final class CountRace {

    private final CountUnderTest count;
    private final AtomicInteger alive = new AtomicInteger();

    /** A running pool of {@code min..max} threads with {@code started} threads counted and alive. */
    public CountRace(int min, int max, int started) {
        count = CountUnderTest.create(min, max);
        for (int i = 0; i < started; i++) {
            if (!start().equals("true")) {
                throw new IllegalStateException("cannot start " + started + " threads within " + min + ".." + max);
            }
        }
    }

    /** The pool wants one more thread: {@code true} if it started one. */
    public String start() {
        boolean started = count.tryStart();
        if (started) {
            alive.incrementAndGet();
        }
        return String.valueOf(started);
    }

    /** An idle thread timed out: {@code true} if it left. */
    public String retire() {
        boolean retired = count.tryRetire();
        if (retired) {
            alive.decrementAndGet();
        }
        return String.valueOf(retired);
    }

    /** @return {@code count=N alive=M} */
    public String settle() {
        return "count=" + count.get() + " alive=" + alive.get();
    }
}
