package io.workbench.targets.hello;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The machinery the asynchronous strategies hand requests to, owned by one target and written once
 * for every server: the 2016 study's sweep of parked requests, its fork-join pool, its batch
 * queue drained by three threads, and its completion scheduler. Only what the target's strategy
 * uses is created, and every pool starts its threads on demand.
 *
 * <ul>
 *   <li><b>Sweep</b> ({@code --sweep-ms N}): the study parked every asynchronous request in an array
 *       swept by a timer every 10 ms, which added 0-10 ms to each of them. With N &gt; 0 a
 *       {@link #handOff hand-off} waits in a list that one timer thread empties every N ms, running
 *       the hand-offs in arrival order; with 0 (the default) it runs at once, on the handling thread.</li>
 *   <li><b>Fork-join pool</b> ({@link #forkJoin()}): the study's "FJP", a pool with default settings
 *       (parallelism = available processors), for {@code async-complete} on servlet containers.</li>
 *   <li><b>Batch queue</b> ({@link #enqueue}): {@code async-queue}'s queue of batches, drained by
 *       {@value #QUEUE_THREADS} threads, each running a batch's requests in order. A batch is what one
 *       sweep collected, or one request when there is no sweep.</li>
 *   <li><b>Completion scheduler</b> ({@link #schedule}): the study's {@code ScheduledExecutorService}
 *       whose thread limit equals the server's asynchronous pool (100). One timer thread keeps the
 *       delays; a due completion runs on a pool of at most that many threads, started only when no
 *       started one is free (a {@code ScheduledThreadPoolExecutor} of 100 would start a thread for
 *       each of its first 100 tasks, and hold them all for ever). Servlet containers and iocore
 *       (which has no timer of its own) complete their waits here; the other native servers use
 *       their own timers.</li>
 * </ul>
 */
public final class Handoffs implements AutoCloseable {

    /** The study's queue was drained by three threads. */
    public static final int QUEUE_THREADS = 3;
    /** A started completion thread with nothing to do for this long ends. */
    private static final long IDLE_THREAD_SECONDS = 30;

    private final long sweepMillis;
    private final int completionThreads;
    private final ConcurrentLinkedQueue<Runnable> parked = new ConcurrentLinkedQueue<>();
    private final ScheduledThreadPoolExecutor sweeper;
    private final boolean queueing;
    private final BlockingQueue<List<Runnable>> batches = new LinkedBlockingQueue<>();
    private final List<Thread> queueThreads = new ArrayList<>();
    private final ForkJoinPool forkJoin;
    private final ScheduledThreadPoolExecutor timer;
    private final ThreadPoolExecutor completions;
    private volatile boolean closed;

    /**
     * @param strategy          the target's strategy: decides which of the pools exist
     * @param sweepMillis       0 to hand requests off at once, else the sweep period in milliseconds
     * @param completionThreads the completion scheduler's thread limit (the server's asynchronous pool)
     */
    public Handoffs(Strategy strategy, long sweepMillis, int completionThreads) {
        if (sweepMillis < 0 || completionThreads < 1) {
            throw new IllegalArgumentException("sweep must be >= 0 ms and completion threads >= 1, were "
                    + sweepMillis + " and " + completionThreads);
        }
        this.sweepMillis = sweepMillis;
        this.completionThreads = completionThreads;
        this.queueing = strategy == Strategy.ASYNC_QUEUE;
        boolean asynchronous = strategy.isAsynchronous();
        if (sweepMillis > 0 && asynchronous) {
            sweeper = new ScheduledThreadPoolExecutor(1, daemon("sweep"));
            sweeper.scheduleAtFixedRate(this::sweep, sweepMillis, sweepMillis, TimeUnit.MILLISECONDS);
        } else {
            sweeper = null;
        }
        if (queueing) {
            for (int i = 0; i < QUEUE_THREADS; i++) {
                Thread drainer = daemon("async-queue").newThread(this::drain);
                queueThreads.add(drainer);
                drainer.start();
            }
        }
        forkJoin = strategy == Strategy.ASYNC_COMPLETE ? new ForkJoinPool() : null;
        if (asynchronous && !strategy.blocksThread()) {
            timer = new ScheduledThreadPoolExecutor(1, daemon("completion-timer"));
            timer.setRemoveOnCancelPolicy(true);
            completions = new ThreadPoolExecutor(0, completionThreads, IDLE_THREAD_SECONDS, TimeUnit.SECONDS,
                    new SynchronousQueue<>(), daemon("completion"),
                    // All the threads busy: the timer thread runs the completion itself rather than drop it.
                    new ThreadPoolExecutor.CallerRunsPolicy());
        } else {
            timer = null;
            completions = null;
        }
    }

    /** Hands-offs that run at once and no pool: what a strategy-free unit test or a blocking strategy needs. */
    public static Handoffs immediate(Strategy strategy) {
        return new Handoffs(strategy, 0, 1);
    }

    /** Runs {@code handOff} now, or at the next sweep if there is one. */
    public void handOff(Runnable handOff) {
        if (sweeper == null) {
            handOff.run();
        } else {
            parked.add(handOff);
        }
    }

    /** Puts {@code work} in the batch queue: alone now, or with the rest of its sweep. */
    public void enqueue(Runnable work) {
        if (!queueing) {
            throw new IllegalStateException("the batch queue belongs to async-queue");
        }
        if (sweeper == null) {
            batches.add(List.of(work));
        } else {
            parked.add(work);
        }
    }

    /** The study's fork-join pool (async-complete only). */
    public Executor forkJoin() {
        if (forkJoin == null) {
            throw new IllegalStateException("the fork-join pool belongs to async-complete");
        }
        return forkJoin;
    }

    /** Runs {@code task} after {@code delayMillis} on the completion scheduler, no thread blocked meanwhile. */
    public void schedule(Runnable task, long delayMillis) {
        if (timer == null) {
            throw new IllegalStateException("the completion scheduler belongs to the asynchronous strategies");
        }
        timer.schedule(() -> completions.execute(task), delayMillis, TimeUnit.MILLISECONDS);
    }

    /** The sweep period, 0 when requests are handed off at once. */
    public long sweepMillis() {
        return sweepMillis;
    }

    /** The completion scheduler's thread limit. */
    public int completionThreads() {
        return completionThreads;
    }

    private void sweep() {
        if (parked.isEmpty()) {
            return;
        }
        List<Runnable> batch = new ArrayList<>();
        for (Runnable next; (next = parked.poll()) != null; ) {
            batch.add(next);
        }
        if (queueing) {
            batches.add(batch);
            return;
        }
        for (Runnable handOff : batch) {
            try {
                handOff.run();
            } catch (RuntimeException failed) {
                // One request's failure must not cancel the sweep for all later ones.
                Thread.currentThread().getUncaughtExceptionHandler().uncaughtException(Thread.currentThread(), failed);
            }
        }
    }

    private void drain() {
        try {
            while (!closed) {
                for (Runnable work : batches.take()) {
                    try {
                        work.run();
                    } catch (RuntimeException failed) {
                        Thread.currentThread().getUncaughtExceptionHandler().uncaughtException(Thread.currentThread(), failed);
                    }
                }
            }
        } catch (InterruptedException stopping) {
            // close()
        }
    }

    /** Stops every thread; work still parked or queued is dropped (the target's stop grace has passed). */
    @Override
    public void close() {
        closed = true;
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        queueThreads.forEach(Thread::interrupt);
        if (forkJoin != null) {
            forkJoin.shutdownNow();
        }
        if (timer != null) {
            timer.shutdownNow();
            completions.shutdownNow();
        }
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            // Not the context loader of whichever request thread starts it (Tomcat's web application
            // loader, which would call the thread a leak when the context stops).
            thread.setContextClassLoader(Handoffs.class.getClassLoader());
            return thread;
        };
    }

    @Override
    public String toString() {
        return "Handoffs[sweep=" + sweepMillis + "ms, parked=" + parked.size() + ", batches=" + batches.size()
                + (forkJoin != null ? ", " + forkJoin : "") + (completions != null ? ", completions=" + completions : "") + "]";
    }
}
