package io.workbench.iocore.thread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ThreadPoolTest {

    @Test
    void boundedPoolNeverRunsMoreThanItsBoundAndRunsEveryTask() throws Exception {
        BoundedThreadPool pool = new BoundedThreadPool("bounded-test", 3);
        pool.start();
        try {
            AtomicInteger running = new AtomicInteger();
            AtomicInteger maxRunning = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(50);
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            for (int i = 0; i < 50; i++) {
                pool.execute(() -> {
                    int now = running.incrementAndGet();
                    maxRunning.accumulateAndGet(now, Math::max);
                    threads.add(Thread.currentThread());
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    running.decrementAndGet();
                    done.countDown();
                });
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            assertTrue(maxRunning.get() <= 3, "max running " + maxRunning.get());
            assertTrue(threads.size() <= 3, "threads " + threads);
            assertTrue(threads.stream().noneMatch(Thread::isVirtual));
        } finally {
            pool.stop();
        }
    }

    @Test
    void tryExecuteOnlySucceedsWhenAThreadIsIdle() throws Exception {
        BoundedThreadPool pool = new BoundedThreadPool("try-test", 2, 0, 60_000);
        pool.start();
        try {
            assertFalse(pool.tryExecute(() -> { }), "no thread exists yet");
            CountDownLatch ran = new CountDownLatch(1);
            pool.execute(ran::countDown);
            assertTrue(ran.await(10, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (pool.getIdleThreads() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            CountDownLatch handed = new CountDownLatch(1);
            assertTrue(pool.tryExecute(handed::countDown), "the thread that ran the first task is idle now");
            assertTrue(handed.await(10, TimeUnit.SECONDS));
        } finally {
            pool.stop();
        }
    }

    @Test
    void stopJoinsEveryThreadAndRejectsNewTasks() throws Exception {
        BoundedThreadPool pool = new BoundedThreadPool("stop-test", 4, 2, 60_000);
        pool.start();
        CountDownLatch started = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // stop() interrupts a task that outlives the grace period... or this one, sooner.
            }
        });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        Thread stopper = new Thread(pool::stop);
        stopper.start();
        stopper.join(30_000);
        assertFalse(stopper.isAlive());
        assertEquals(0, pool.getThreads());
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("stop-test-")));
    }

    @Test
    void virtualPoolRunsOnVirtualThreadsAndJoinsThemOnStop() throws Exception {
        VirtualThreadPool pool = new VirtualThreadPool("virtual-test");
        pool.start();
        CountDownLatch done = new CountDownLatch(100);
        Set<Boolean> virtual = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 100; i++) {
            pool.execute(() -> {
                virtual.add(Thread.currentThread().isVirtual());
                done.countDown();
            });
        }
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(Set.of(true), virtual);
        assertFalse(pool.tryExecute(() -> { }), "production is never handed to a virtual thread");
        pool.stop();
        assertEquals(0, pool.getThreads());
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
    }

    @Test
    void badBoundsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BoundedThreadPool("x", 0));
        assertThrows(IllegalArgumentException.class, () -> new BoundedThreadPool("x", 2, 3, 1000));
        assertThrows(IllegalArgumentException.class, () -> new BoundedThreadPool("x", 2, 0, 0));
    }
}
