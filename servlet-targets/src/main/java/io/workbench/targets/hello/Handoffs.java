package io.workbench.targets.hello;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The machinery the strategies hand requests to, owned by one target and written once for every
 * server, so that a wait or a hand-off is the same work on every server: the 2016 study's sweep of
 * parked requests, its fork-join pool, its batch queue drained by three threads, and the wait timer.
 * Only what the target's strategy uses is created.
 *
 * <ul>
 *   <li><b>Sweep</b> ({@code --sweep-ms N}): the study parked every asynchronous request in an array
 *       swept by a timer every 10 ms, which added 0-10 ms to each of them. With N &gt; 0 a
 *       {@link #handOff hand-off} waits in a list that one timer thread empties every N ms, running
 *       the hand-offs in arrival order; with 0 (the default) it runs at once, on the handling thread.</li>
 *   <li><b>Fork-join pool</b>: the study's "FJP", a pool with default settings (parallelism = available
 *       processors), async-complete's pool on every server ({@link #toPool}).</li>
 *   <li><b>Batch queue</b> ({@link #enqueue}): async-queue's queue of batches, drained by
 *       {@value #QUEUE_THREADS} threads, each running a batch's requests in order. A batch is what one
 *       sweep collected, or one request when there is no sweep; async-queue's pool ({@link #toPool}).</li>
 *   <li><b>Wait timer</b> ({@link #afterWait}): every wait of the strategies that do not sleep it
 *       (in-place, async-complete, async-queue, write-listener) is kept by one timer thread, on every
 *       server; when a wait is over, the strategy hands the request on from there (to its pool, or
 *       back to the container), so the timer thread only ever makes a hand-off. The study's
 *       {@code ScheduledExecutorService} had as many threads as the server's executor because its
 *       threads wrote the responses themselves; here a hundred timer threads would make the same
 *       hand-offs, with a follower thread woken at every expiry (a scheduled pool's leader-follower
 *       wait), and add no capacity.</li>
 * </ul>
 *
 * <p>Nothing handed here is lost: everything runs under its request's {@link HelloExchange}, so a
 * task that throws, or that a pool refuses, aborts the request ({@link HelloExchange#abort}) and the
 * request still ends, counted once; {@link #close()} aborts every request still parked, queued or
 * waiting on the timer.
 */
public final class Handoffs implements AutoCloseable {

    /** The study's queue was drained by three threads. */
    public static final int QUEUE_THREADS = 3;
    /** Name prefixes of the threads made here, by the kind of thread they are. */
    public static final String FORK_JOIN_THREAD = "fork-join-";
    public static final String QUEUE_THREAD = "async-queue-";
    public static final String TIMER_THREAD = "wait-timer-";
    public static final String SWEEP_THREAD = "sweep-";
    /** How long {@link #close()} lets the fork-join pool finish the tasks it holds (each a send). */
    private static final long POOL_CLOSE_MILLIS = 1_000;

    /** What a timer needs to keep the waits; a test may keep them by hand. */
    interface WaitTimer {
        /** Runs {@code expiry} once after {@code delayMillis}; throws {@link RejectedExecutionException} once closed. */
        void schedule(Runnable expiry, long delayMillis);

        /** Stops; what it still holds never runs. */
        void close();
    }

    /** One request's task, run or aborted under its exchange. */
    private record Work(HelloExchange exchange, Runnable task) {
        void run() {
            guarded(exchange, task).run();
        }

        void abort(Throwable cause) {
            exchange.abort(cause);
        }
    }

    private final Strategy strategy;
    private final long sweepMillis;
    private final ConcurrentLinkedQueue<Work> parked = new ConcurrentLinkedQueue<>();
    private final ScheduledThreadPoolExecutor sweeper;
    private final boolean queueing;
    private final BlockingQueue<List<Work>> batches = new LinkedBlockingQueue<>();
    private final List<Thread> queueThreads = new ArrayList<>();
    private final ForkJoinPool forkJoin;
    private final Executor pool;
    private final WaitTimer timer;
    /** The waits the timer holds, so that close() can end their requests. */
    private final Set<Expiry> waiting = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * @param strategy    the target's strategy: decides which of the pools exist
     * @param sweepMillis 0 to hand requests off at once, else the sweep period in milliseconds
     */
    public Handoffs(Strategy strategy, long sweepMillis) {
        this(strategy, sweepMillis, null, strategy.waitsOnTheTimer() ? new ThreadTimer() : null);
    }

    /**
     * With the fork-join pool replaced by {@code pool} (when not null) and the timer by {@code timer}:
     * what a test needs to run the strategies without threads or a clock.
     */
    Handoffs(Strategy strategy, long sweepMillis, Executor pool, WaitTimer timer) {
        if (sweepMillis < 0) {
            throw new IllegalArgumentException("sweep must be >= 0 ms, was " + sweepMillis);
        }
        this.strategy = strategy;
        this.sweepMillis = sweepMillis;
        this.queueing = strategy == Strategy.ASYNC_QUEUE;
        if (sweepMillis > 0 && strategy.isAsynchronous()) {
            sweeper = new ScheduledThreadPoolExecutor(1, daemon(SWEEP_THREAD));
            sweeper.scheduleAtFixedRate(this::sweep, sweepMillis, sweepMillis, TimeUnit.MILLISECONDS);
        } else {
            sweeper = null;
        }
        if (queueing) {
            for (int i = 0; i < QUEUE_THREADS; i++) {
                Thread drainer = daemon(QUEUE_THREAD).newThread(this::drain);
                queueThreads.add(drainer);
                drainer.start();
            }
        }
        if (strategy == Strategy.ASYNC_COMPLETE && pool == null) {
            forkJoin = new ForkJoinPool(Runtime.getRuntime().availableProcessors(), new NamedWorkers(), null, false);
            this.pool = forkJoin;
        } else {
            forkJoin = null;
            this.pool = pool;
        }
        this.timer = timer;
    }

    /** Runs {@code task} for {@code exchange} now, or at the next sweep if there is one. */
    public void handOff(HelloExchange exchange, Runnable task) {
        Work work = new Work(exchange, task);
        if (sweeper == null) {
            work.run();
        } else {
            park(work);
        }
    }

    /** Puts {@code work} for {@code exchange} in the batch queue: alone now, or with the rest of its sweep. */
    public void enqueue(HelloExchange exchange, Runnable work) {
        if (!queueing) {
            throw new IllegalStateException("the batch queue belongs to async-queue");
        }
        if (sweeper == null) {
            queue(List.of(new Work(exchange, work)));
        } else {
            park(new Work(exchange, work));
        }
    }

    /**
     * Runs {@code task} for {@code exchange} on the strategy's pool, at once (no sweep): the fork-join
     * pool for async-complete, the batch queue (a batch of one) for async-queue. A pool that refuses
     * it (the target is stopping) aborts the request.
     */
    public void toPool(HelloExchange exchange, Runnable task) {
        if (queueing) {
            queue(List.of(new Work(exchange, task)));
            return;
        }
        if (pool == null) {
            throw new IllegalStateException("the fork-join pool belongs to async-complete, not to " + strategy);
        }
        Runnable guarded = guarded(exchange, task);
        try {
            pool.execute(guarded);
        } catch (RejectedExecutionException stopping) {
            exchange.abort(stopping);
        }
    }

    /**
     * Runs {@code expiry} for {@code exchange} on the wait timer's thread once {@code delayMillis}
     * have passed, no thread blocked meanwhile. The expiry must only hand the request on (or send it,
     * for in-place), never block. If the target stops first, the request is aborted.
     */
    public void afterWait(HelloExchange exchange, long delayMillis, Runnable expiry) {
        if (timer == null) {
            throw new IllegalStateException("the wait timer belongs to the strategies that do not sleep, not to " + strategy);
        }
        Expiry wait = new Expiry(exchange, expiry);
        waiting.add(wait);
        try {
            timer.schedule(wait, delayMillis);
        } catch (RejectedExecutionException stopping) {
            wait.abandon(stopping);
        }
        if (closed) {
            // close() may have emptied the set before this wait was in it.
            wait.abandon(stopped());
        }
    }

    /**
     * {@code task} as it must run for {@code exchange} on any thread a strategy hands it to: a
     * failure it throws aborts the request, so that it still ends (and is counted) once, instead of
     * dying with the thread that ran it.
     */
    public static Runnable guarded(HelloExchange exchange, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (Throwable failed) {
                exchange.abort(failed);
                if (failed instanceof VirtualMachineError fatal) {
                    throw fatal;
                }
            }
        };
    }

    /** The sweep period, 0 when requests are handed off at once. */
    public long sweepMillis() {
        return sweepMillis;
    }

    private void park(Work work) {
        parked.add(work);
        if (closed) {
            abortAll(parked, stopped());
        }
    }

    private void queue(List<Work> batch) {
        batches.add(batch);
        if (closed) {
            abortQueued();
        }
    }

    private void sweep() {
        if (parked.isEmpty()) {
            return;
        }
        List<Work> batch = new ArrayList<>();
        for (Work next; (next = parked.poll()) != null; ) {
            batch.add(next);
        }
        if (queueing) {
            queue(batch);
            return;
        }
        // Each guarded: one request's failure aborts that request, not the sweep of the later ones.
        batch.forEach(Work::run);
    }

    private void drain() {
        try {
            while (!closed) {
                for (Work work : batches.take()) {
                    work.run();
                }
            }
        } catch (InterruptedException stopping) {
            // close()
        }
    }

    /**
     * Stops every thread, and aborts every request still parked, queued or waiting on the timer
     * (the target's stop grace has passed): each ends, counted once. The fork-join pool gets a moment
     * to finish the tasks it holds (each a send, which fails on a closed connection and ends its
     * request); what it still holds after that, and any task handed to it later, is refused.
     */
    @Override
    public void close() {
        closed = true;
        CancellationException stopped = stopped();
        if (sweeper != null) {
            sweeper.shutdownNow();
        }
        abortAll(parked, stopped);
        queueThreads.forEach(Thread::interrupt);
        abortQueued();
        if (timer != null) {
            timer.close();
            for (Expiry wait : List.copyOf(waiting)) {
                wait.abandon(stopped);
            }
        }
        if (forkJoin != null) {
            forkJoin.shutdown();
            try {
                forkJoin.awaitTermination(POOL_CLOSE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            forkJoin.shutdownNow();
        }
    }

    private void abortQueued() {
        for (List<Work> batch; (batch = batches.poll()) != null; ) {
            batch.forEach(work -> work.abort(stopped()));
        }
    }

    private static void abortAll(ConcurrentLinkedQueue<Work> works, Throwable cause) {
        for (Work next; (next = works.poll()) != null; ) {
            next.abort(cause);
        }
    }

    private static CancellationException stopped() {
        return new CancellationException("the target stopped with the request still waiting");
    }

    @Override
    public String toString() {
        return "Handoffs[" + strategy + ", sweep=" + sweepMillis + "ms, parked=" + parked.size() + ", batches=" + batches.size()
                + ", waiting=" + waiting.size() + (forkJoin != null ? ", " + forkJoin : "") + (closed ? ", CLOSED" : "") + "]";
    }

    /** A wait the timer holds: runs its expiry once, or is abandoned (its request aborted) once. */
    private final class Expiry implements Runnable {

        private final HelloExchange exchange;
        private final Runnable expiry;

        Expiry(HelloExchange exchange, Runnable expiry) {
            this.exchange = exchange;
            this.expiry = expiry;
        }

        @Override
        public void run() {
            if (waiting.remove(this)) {
                guarded(exchange, expiry).run();
            }
        }

        void abandon(Throwable cause) {
            if (waiting.remove(this)) {
                exchange.abort(cause);
            }
        }

        @Override
        public String toString() {
            return "Expiry[" + exchange + "]";
        }
    }

    /** The wait timer of a running target: one daemon thread. */
    private static final class ThreadTimer implements WaitTimer {

        private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, daemon(TIMER_THREAD));

        @Override
        public void schedule(Runnable expiry, long delayMillis) {
            executor.schedule(expiry, delayMillis, TimeUnit.MILLISECONDS);
        }

        @Override
        public void close() {
            executor.shutdownNow();
        }

        @Override
        public String toString() {
            return "ThreadTimer[" + executor + "]";
        }
    }

    /** Fork-join workers named for what they are, with this class's loader as their context loader. */
    private static final class NamedWorkers implements ForkJoinPool.ForkJoinWorkerThreadFactory {

        private final AtomicInteger count = new AtomicInteger();

        @Override
        public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            thread.setName(FORK_JOIN_THREAD + count.incrementAndGet());
            thread.setContextClassLoader(Handoffs.class.getClassLoader());
            return thread;
        }
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            // Not the context loader of whichever request thread starts it (Tomcat's web application
            // loader, which would call the thread a leak when the context stops).
            thread.setContextClassLoader(Handoffs.class.getClassLoader());
            return thread;
        };
    }
}
