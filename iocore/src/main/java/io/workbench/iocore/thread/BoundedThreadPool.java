package io.workbench.iocore.thread;

import io.workbench.iocore.component.Dumpable;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pool of platform threads with an upper bound, started on demand and retired after they have
 * been idle for a while.
 *
 * <p>Tasks travel through one {@link LinkedTransferQueue}: {@link #execute(Runnable)} first tries
 * to hand the task straight to a waiting thread ({@code tryTransfer}, no queueing), then starts a
 * new thread if the bound allows, and only then queues it. {@link #tryExecute(Runnable)} is the
 * first step alone, which is exactly "is a thread idle right now?" for the adaptive strategy.
 *
 * <p>The bound is kept by {@link ThreadCount}: a thread is counted by a CAS before it starts and
 * uncounted by a CAS when it retires, so racing starts never exceed the maximum and racing
 * retires never leave a running pool below its minimum.
 *
 * <p>The queue is unbounded: the bound is on threads. Backpressure belongs to the layer that
 * produces work (a connection stops reading), not to a pool that throws tasks away.
 */
public final class BoundedThreadPool implements ThreadPool {

    private static final System.Logger LOG = System.getLogger(BoundedThreadPool.class.getName());
    private static final long STOP_GRACE_MILLIS = 5_000;

    /** Queued behind the real tasks on stop: a thread that takes it exits. */
    private static final Runnable STOP = () -> { };

    private final String name;
    private final int maxThreads;
    private final int minThreads;
    private final long idleTimeoutNanos;
    private final LinkedTransferQueue<Runnable> jobs = new LinkedTransferQueue<>();
    private final ThreadCount threads;
    private final AtomicInteger threadIds = new AtomicInteger();
    private final Set<Thread> live = ConcurrentHashMap.newKeySet();
    private volatile boolean running;

    /**
     * @param name          prefix of the thread names
     * @param maxThreads    most threads alive at once, at least 1
     * @param minThreads    threads kept alive while idle, 0..maxThreads
     * @param idleTimeoutMs how long a thread above {@code minThreads} waits for work before it exits
     */
    public BoundedThreadPool(String name, int maxThreads, int minThreads, long idleTimeoutMs) {
        if (maxThreads < 1) {
            throw new IllegalArgumentException("maxThreads must be at least 1, was " + maxThreads);
        }
        if (minThreads < 0 || minThreads > maxThreads) {
            throw new IllegalArgumentException("minThreads must be in 0.." + maxThreads + ", was " + minThreads);
        }
        if (idleTimeoutMs <= 0) {
            throw new IllegalArgumentException("idleTimeoutMs must be positive, was " + idleTimeoutMs);
        }
        this.name = name;
        this.maxThreads = maxThreads;
        this.minThreads = minThreads;
        this.idleTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(idleTimeoutMs);
        this.threads = new ThreadCount(minThreads, maxThreads);
    }

    /** A pool of at most {@code maxThreads} that keeps none alive after a minute idle. */
    public BoundedThreadPool(String name, int maxThreads) {
        this(name, maxThreads, 0, 60_000);
    }

    @Override
    public void start() {
        if (running) {
            throw new IllegalStateException("already started: " + this);
        }
        running = true;
        for (int i = 0; i < minThreads; i++) {
            startThread(null);
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public void execute(Runnable task) {
        if (!running) {
            throw new RejectedExecutionException("not running: " + this);
        }
        if (jobs.tryTransfer(task) || startThread(task)) {
            return;
        }
        jobs.offer(task);
    }

    @Override
    public boolean tryExecute(Runnable task) {
        return running && jobs.tryTransfer(task);
    }

    /** Starts a thread whose first task is {@code first} (may be null), if the bound allows. */
    private boolean startThread(Runnable first) {
        if (!threads.tryStart(running)) {
            return false;
        }
        Thread thread = new Thread(() -> work(first), name + "-" + threadIds.incrementAndGet());
        thread.setDaemon(true);
        live.add(thread);
        try {
            thread.start();
        } catch (Throwable x) {
            live.remove(thread);
            threads.startFailed();
            throw x;
        }
        return true;
    }

    private void work(Runnable first) {
        try {
            if (first != null) {
                run(first);
            }
            while (true) {
                Runnable job;
                try {
                    job = jobs.poll(idleTimeoutNanos, TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    if (!running) {
                        return;
                    }
                    continue;
                }
                if (job == STOP) {
                    return;
                }
                if (job != null) {
                    run(job);
                } else if (retire()) {
                    return;
                }
            }
        } finally {
            live.remove(Thread.currentThread());
        }
    }

    /** An idle thread leaves if the pool keeps more than its minimum; it is not counted once this returns true. */
    private boolean retire() {
        if (!threads.tryRetire(running)) {
            return false;
        }
        // A task queued while every thread was deciding to leave must still find one.
        if (running && !jobs.isEmpty()) {
            startThread(null);
        }
        return true;
    }

    private void run(Runnable job) {
        try {
            job.run();
        } catch (Throwable x) {
            LOG.log(System.Logger.Level.WARNING, "task " + job + " failed in " + this, x);
        } finally {
            // A task that set the interrupt flag must not make this thread's next wait fail.
            Thread.interrupted();
        }
    }

    /**
     * Stops taking tasks, drops the queued ones, lets running tasks finish for a grace period,
     * interrupts those still running after it, and joins every thread.
     */
    @Override
    public void stop() {
        if (!running) {
            return;
        }
        running = false;
        int dropped = 0;
        while (jobs.poll() != null) {
            dropped++;
        }
        if (dropped > 0) {
            LOG.log(System.Logger.Level.WARNING, "{0}: dropped {1} queued tasks on stop", this, dropped);
        }
        if (!join(STOP_GRACE_MILLIS)) {
            live.forEach(Thread::interrupt);
            if (!join(STOP_GRACE_MILLIS)) {
                LOG.log(System.Logger.Level.ERROR, "{0}: threads still alive after stop: {1}", this, live);
            }
        }
        jobs.clear();
        threads.clear();
    }

    private boolean join(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        // One STOP per thread: each takes one and exits, an idle one at once, a busy one when its task ends.
        for (int i = live.size(); i > 0; i--) {
            jobs.offer(STOP);
        }
        return ThreadJoin.until(live, deadline);
    }

    @Override
    public int getThreads() {
        return live.size();
    }

    @Override
    public int getIdleThreads() {
        return jobs.getWaitingConsumerCount();
    }

    /** @return the number of tasks waiting for a thread */
    public int getQueueSize() {
        return jobs.size();
    }

    /** @return the most threads this pool runs at once */
    public int getMaxThreads() {
        return maxThreads;
    }

    @Override
    public void dump(StringBuilder out, String indent) {
        Dumpable.line(out, indent, this);
    }

    @Override
    public String toString() {
        return "BoundedThreadPool@" + Integer.toHexString(hashCode()) + "[" + name
                + (running ? ",RUNNING" : ",STOPPED") + ",threads=" + getThreads() + "/" + maxThreads
                + ",idle=" + getIdleThreads() + ",queued=" + jobs.size() + "]";
    }
}
