package io.workbench.iocore.callback.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every pattern performs exactly the requested writes and completes its task exactly once, over
 * every mix of synchronous and asynchronous completions, task after task on one instance; and
 * each has the stack profile it is known for.
 */
class CompletionPatternTest {

    private AsyncCompleter completer;
    private ExecutorService dispatcher;

    @BeforeEach
    void start() {
        completer = new AsyncCompleter("test-completer");
        dispatcher = Executors.newFixedThreadPool(2);
    }

    @AfterEach
    void stop() throws InterruptedException {
        completer.close();
        dispatcher.shutdownNow();
        assertTrue(dispatcher.awaitTermination(10, TimeUnit.SECONDS));
        assertNull(completer.firstFailure());
    }

    /** Completes a future and counts how often it was completed; a second completion is a failure of the test. */
    private static final class Done implements Callback {
        final CompletableFuture<Void> future = new CompletableFuture<>();
        final AtomicInteger completions = new AtomicInteger();

        @Override
        public void succeeded() {
            completions.incrementAndGet();
            future.complete(null);
        }

        @Override
        public void failed(Throwable cause) {
            completions.incrementAndGet();
            future.completeExceptionally(cause);
        }

        void await() throws Exception {
            future.get(30, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @EnumSource(PatternKind.class)
    void everyPatternCompletesEveryTaskExactlyOnceInEveryMix(PatternKind kind) throws Exception {
        for (double share : new double[] {1.0, 0.5, 0.0}) {
            SimulatedChannel channel = new SimulatedChannel(CompletionMix.synchronousShare(share), completer, StackDepthProbe.NONE);
            CompletionPattern pattern = kind.create(channel, dispatcher);
            long expectedWrites = 0;
            for (int operations : new int[] {0, 1, 16, 1024, 3, 1024}) {
                Done done = new Done();
                pattern.run(operations, done);
                done.await();
                expectedWrites += operations;
                assertEquals(expectedWrites, channel.writes(), kind + " share " + share);
                // Let any late, wrong second completion arrive before counting.
                completer.complete(Callback.NOOP);
                assertEquals(1, done.completions.get(), kind + " share " + share + " operations " + operations);
            }
        }
    }

    private int maxDepth(PatternKind kind, CompletionMix mix, int operations) throws Exception {
        StackDepthProbe probe = StackDepthProbe.counting();
        CompletionPattern pattern = kind.create(new SimulatedChannel(mix, completer, probe), dispatcher);
        Done done = new Done();
        pattern.run(operations, done);
        done.await();
        return probe.maxDepth();
    }

    @Test
    void iteratingCallbackKeepsOneWriteOnTheStack() throws Exception {
        assertEquals(1, maxDepth(PatternKind.ITERATING_CALLBACK, CompletionMix.allSynchronous(), 100_000));
        assertEquals(1, maxDepth(PatternKind.ITERATING_CALLBACK, CompletionMix.synchronousShare(0.5), 10_000));
    }

    @Test
    void naiveRecursionStacksEveryWrite() throws Exception {
        assertEquals(500, maxDepth(PatternKind.NAIVE_RECURSION, CompletionMix.allSynchronous(), 500));
        // Asynchronous completions start from a fresh stack: only runs of synchronous ones nest.
        assertEquals(1, maxDepth(PatternKind.NAIVE_RECURSION, CompletionMix.allAsynchronous(), 500));
    }

    @Test
    void alwaysDispatchNeverNests() throws Exception {
        assertEquals(1, maxDepth(PatternKind.ALWAYS_DISPATCH, CompletionMix.allSynchronous(), 10_000));
    }

    @Test
    void boundedPatternsNestUpToTheirLimitAndNoFurther() throws Exception {
        int limit = DepthCountedRecursion.DEFAULT_MAX_DEPTH + 1;
        assertEquals(limit, maxDepth(PatternKind.DEPTH_COUNTED_RECURSION, CompletionMix.allSynchronous(), 10_000));
        assertEquals(PerEventBudget.DEFAULT_BUDGET + 1, maxDepth(PatternKind.PER_EVENT_BUDGET, CompletionMix.allSynchronous(), 10_000));
    }

    @Test
    void perEventBudgetIsNotGivenBackWhenTheStackUnwinds() throws Exception {
        // Budget 2 per event, and a depth counter that would allow 2 nested calls: the same in a
        // straight chain. They differ in what counts: after the budget, every further inline
        // completion of the same event is dispatched, even though the stack has unwound.
        AtomicInteger dispatched = new AtomicInteger();
        Executor counting = task -> {
            dispatched.incrementAndGet();
            dispatcher.execute(task);
        };
        SimulatedChannel channel = new SimulatedChannel(CompletionMix.allSynchronous(), completer, StackDepthProbe.NONE);
        PerEventBudget budget = new PerEventBudget(channel, counting, 2);
        Done done = new Done();
        budget.run(9, done);
        done.await();
        // Each event runs its first write plus 2 inline completions: 3 writes per event, and the
        // completion of the 9th write finishes the task inline or by one more dispatch.
        assertEquals(3, dispatched.get());
    }

    @ParameterizedTest
    @EnumSource(PatternKind.class)
    void aFailedWriteFailsTheTaskOnceAndStopsWriting(PatternKind kind) throws Exception {
        for (double share : new double[] {1.0, 0.0}) {
            SimulatedChannel channel = new SimulatedChannel(CompletionMix.synchronousShare(share), completer, StackDepthProbe.NONE)
                    .failWrite(2);
            CompletionPattern pattern = kind.create(channel, dispatcher);
            Done done = new Done();
            pattern.run(10, done);
            ExecutionException failure = assertThrows(ExecutionException.class, done::await);
            assertInstanceOf(IOException.class, failure.getCause(), kind + " share " + share);
            assertEquals("simulated failure of write 2", failure.getCause().getMessage());
            completer.complete(Callback.NOOP);
            assertEquals(1, done.completions.get(), kind + " share " + share);
            assertEquals(3, channel.writes(), "no write after the failed one: " + kind + " share " + share);
        }
    }
}
