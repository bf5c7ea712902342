package io.workbench.iocore.thread;

import io.workbench.iocore.component.Dumpable;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * One new virtual thread per task, for blocking work. Virtual threads are cheap to start and
 * park, so there is nothing to pool; what this class adds is the lifecycle: it remembers the
 * threads it started so that {@link #stop()} can join them.
 *
 * <p>{@link #tryExecute(Runnable)} always refuses: production of a selector must stay on a
 * platform thread (a virtual thread blocked in {@code select()} pins its carrier), so the adaptive
 * strategy never hands production to this pool.
 */
public final class VirtualThreadPool implements ThreadPool {

    private static final System.Logger LOG = System.getLogger(VirtualThreadPool.class.getName());
    private static final long STOP_GRACE_MILLIS = 5_000;

    private final String name;
    private final ThreadFactory factory;
    private final Set<Thread> live = ConcurrentHashMap.newKeySet();
    private volatile boolean running;

    public VirtualThreadPool(String name) {
        this.name = name;
        this.factory = Thread.ofVirtual().name(name + "-", 1).factory();
    }

    @Override
    public void start() {
        if (running) {
            throw new IllegalStateException("already started: " + this);
        }
        running = true;
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
        Thread thread = factory.newThread(() -> {
            try {
                task.run();
            } catch (Throwable x) {
                LOG.log(System.Logger.Level.WARNING, "task " + task + " failed in " + this, x);
            } finally {
                live.remove(Thread.currentThread());
            }
        });
        live.add(thread);
        thread.start();
    }

    @Override
    public boolean tryExecute(Runnable task) {
        return false;
    }

    /** Refuses new tasks, waits for running ones for a grace period, interrupts the rest and joins them. */
    @Override
    public void stop() {
        if (!running) {
            return;
        }
        running = false;
        if (!join()) {
            live.forEach(Thread::interrupt);
            if (!join()) {
                LOG.log(System.Logger.Level.ERROR, "{0}: threads still alive after stop: {1}", this, live);
            }
        }
    }

    private boolean join() {
        return ThreadJoin.until(live, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_GRACE_MILLIS));
    }

    @Override
    public int getThreads() {
        return live.size();
    }

    @Override
    public int getIdleThreads() {
        return 0;
    }

    @Override
    public void dump(StringBuilder out, String indent) {
        Dumpable.line(out, indent, this);
    }

    @Override
    public String toString() {
        return "VirtualThreadPool@" + Integer.toHexString(hashCode()) + "[" + name
                + (running ? ",RUNNING" : ",STOPPED") + ",threads=" + live.size() + "]";
    }
}
