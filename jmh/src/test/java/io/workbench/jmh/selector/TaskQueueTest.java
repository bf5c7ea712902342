package io.workbench.jmh.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every queue hands each task to the selector thread exactly once, in each producer's order. */
class TaskQueueTest {

    @ParameterizedTest
    @EnumSource(TaskQueue.Kind.class)
    void runsWhatWasQueuedInOrder(TaskQueue.Kind kind) {
        TaskQueue queue = kind.create();
        List<Integer> ran = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            int task = i;
            queue.offer(() -> ran.add(task));
        }
        int total = 0;
        int count;
        while ((count = queue.runQueued()) > 0) {
            total += count;
        }
        assertEquals(3000, total);
        for (int i = 0; i < 3000; i++) {
            assertEquals(i, ran.get(i), kind.name());
        }
        assertEquals(0, queue.runQueued());
    }

    @ParameterizedTest
    @EnumSource(TaskQueue.Kind.class)
    void aSelectorThreadRunsEveryTaskOfTwoProducersOnce(TaskQueue.Kind kind) throws Exception {
        int perProducer = 50_000;
        AtomicIntegerArray runs = new AtomicIntegerArray(2 * perProducer);
        int[] lastSeen = {-1, -1};
        boolean[] inOrder = {true};
        CountDownLatch allRun = new CountDownLatch(2 * perProducer);
        SelectorThread selector = new SelectorThread(kind.create(), "test-selector-" + kind);
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            int producer = p;
            producers.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < perProducer; i++) {
                    int sequence = i;
                    selector.submit(() -> {
                        // Only the selector thread runs tasks: plain fields are safe here.
                        inOrder[0] &= sequence == lastSeen[producer] + 1;
                        lastSeen[producer] = sequence;
                        runs.incrementAndGet(producer * perProducer + sequence);
                        allRun.countDown();
                    });
                    if (i % 1000 == 0) {
                        // Let the selector fall asleep now and then, so wake-ups are exercised too.
                        Thread.yield();
                    }
                }
            }));
        }
        for (Thread producer : producers) {
            producer.join();
        }
        assertTrue(allRun.await(30, TimeUnit.SECONDS), "not every task ran: " + selector);
        assertEquals(2L * perProducer, selector.stop());
        for (int i = 0; i < runs.length(); i++) {
            assertEquals(1, runs.get(i), "task " + i + " of " + kind);
        }
        assertTrue(inOrder[0], "each producer's tasks run in its order");
    }
}
