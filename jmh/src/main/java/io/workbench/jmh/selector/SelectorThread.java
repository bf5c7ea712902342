package io.workbench.jmh.selector;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A stand-in for a selector loop that does nothing but run what is handed to it: the consumer
 * side of a {@link TaskQueue}.
 *
 * <p>When nothing arrives it spins briefly and then sleeps, as a selector blocks in
 * {@code select()}; a producer wakes it only if it announced that it sleeps (a volatile flag the
 * selector writes before it looks at the queue a last time, read by producers after they
 * offered: one of the two always sees the other). The wake-up is the same for every queue, so
 * the benchmark compares the queues. The sleep is bounded: a sleep that times out with tasks
 * waiting is a lost wake-up, counted and reported by {@link #stop()}.
 */
final class SelectorThread {

    private static final int SPINS_BEFORE_SLEEPING = 1_000;
    private static final long SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final TaskQueue queue;
    private final Thread thread;
    private volatile boolean sleeping;
    private volatile boolean closed;
    private volatile Throwable failure;
    private long ran;
    private long lostWakeUps;

    SelectorThread(TaskQueue queue, String name) {
        this.queue = queue;
        this.thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Hands a task to the selector thread; any thread may call this. */
    void submit(Runnable task) {
        queue.offer(task);
        if (sleeping) {
            LockSupport.unpark(thread);
        }
    }

    private void loop() {
        try {
            int idle = 0;
            while (!closed) {
                int count = queue.runQueued();
                if (count > 0) {
                    ran += count;
                    idle = 0;
                } else if (++idle < SPINS_BEFORE_SLEEPING) {
                    Thread.onSpinWait();
                } else {
                    sleep();
                    idle = 0;
                }
            }
            ran += queue.runQueued();
        } catch (Throwable x) {
            failure = x;
        }
    }

    private void sleep() {
        sleeping = true;
        int count = queue.runQueued();
        if (count == 0 && !closed) {
            long start = System.nanoTime();
            LockSupport.parkNanos(this, SLEEP_NANOS);
            boolean timedOut = System.nanoTime() - start >= SLEEP_NANOS;
            count = queue.runQueued();
            if (timedOut && count > 0) {
                lostWakeUps++;
            }
        }
        ran += count;
        sleeping = false;
    }

    /**
     * Stops the thread after it ran what was queued, and waits for it.
     *
     * @return how many tasks it ran
     * @throws IllegalStateException if a task threw or a wake-up was lost
     */
    long stop() throws InterruptedException {
        closed = true;
        LockSupport.unpark(thread);
        thread.join(TimeUnit.SECONDS.toMillis(10));
        if (thread.isAlive()) {
            throw new IllegalStateException("selector thread did not stop: " + this);
        }
        if (failure != null) {
            throw new IllegalStateException("a task threw on the selector thread: " + this, failure);
        }
        if (lostWakeUps > 0) {
            throw new IllegalStateException(lostWakeUps + " lost wake-ups: " + this);
        }
        return ran;
    }

    @Override
    public String toString() {
        return "SelectorThread@" + Integer.toHexString(hashCode()) + "[" + thread.getName() + "," + queue
                + ",sleeping=" + sleeping + ",closed=" + closed + "]";
    }
}
