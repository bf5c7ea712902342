package io.workbench.jmh.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.pattern.AsyncCompleter;
import io.workbench.iocore.callback.pattern.CompletionMix;
import io.workbench.iocore.callback.pattern.SimulatedChannel;
import io.workbench.iocore.callback.pattern.StackDepthProbe;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Jetty's IteratingCallback, adapted to the simulated channel, does exactly the work of iocore's
 * patterns: the requested writes, one completion per task, task after task on one instance, one
 * write on the stack at a time, and a failed write fails the task once.
 */
class JettyIteratingWritesTest {

    private AsyncCompleter completer;

    @BeforeEach
    void start() {
        completer = new AsyncCompleter("jetty-test-completer");
    }

    @AfterEach
    void stop() throws InterruptedException {
        completer.close();
        assertNull(completer.firstFailure());
    }

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

    @Test
    void completesEveryTaskExactlyOnceInEveryMix() throws Exception {
        for (double share : new double[] {1.0, 0.5, 0.0}) {
            SimulatedChannel channel = new SimulatedChannel(CompletionMix.synchronousShare(share), completer, StackDepthProbe.NONE);
            JettyIteratingWrites pattern = new JettyIteratingWrites(channel);
            long expectedWrites = 0;
            for (int operations : new int[] {0, 1, 16, 1024, 3, 1024}) {
                Done done = new Done();
                pattern.run(operations, done);
                done.await();
                expectedWrites += operations;
                assertEquals(expectedWrites, channel.writes(), "share " + share);
                completer.complete(Callback.NOOP);
                assertEquals(1, done.completions.get(), "share " + share + " operations " + operations);
            }
        }
    }

    @Test
    void keepsOneWriteOnTheStack() throws Exception {
        for (double share : new double[] {1.0, 0.5}) {
            StackDepthProbe probe = StackDepthProbe.counting();
            JettyIteratingWrites pattern = new JettyIteratingWrites(
                    new SimulatedChannel(CompletionMix.synchronousShare(share), completer, probe));
            Done done = new Done();
            pattern.run(10_000, done);
            done.await();
            assertEquals(1, probe.maxDepth(), "share " + share);
        }
    }

    @Test
    void aFailedWriteFailsTheTaskOnceAndStopsWriting() throws Exception {
        for (double share : new double[] {1.0, 0.0}) {
            SimulatedChannel channel = new SimulatedChannel(CompletionMix.synchronousShare(share), completer, StackDepthProbe.NONE)
                    .failWrite(2);
            Done done = new Done();
            new JettyIteratingWrites(channel).run(10, done);
            ExecutionException failure = assertThrows(ExecutionException.class, done::await);
            assertInstanceOf(IOException.class, failure.getCause(), "share " + share);
            completer.complete(Callback.NOOP);
            assertEquals(1, done.completions.get(), "share " + share);
            assertEquals(3, channel.writes(), "no write after the failed one, share " + share);
        }
    }

    @Test
    void refusesATaskWhileOneRuns() throws Exception {
        // Every write asynchronous and the completer held up: the first task is still running.
        SimulatedChannel channel = new SimulatedChannel(CompletionMix.allAsynchronous(), completer, StackDepthProbe.NONE);
        JettyIteratingWrites pattern = new JettyIteratingWrites(channel);
        CompletableFuture<Void> release = new CompletableFuture<>();
        completer.complete(Callback.from(() -> release.join(), cause -> { }));
        Done first = new Done();
        pattern.run(1, first);
        try {
            assertThrows(IllegalStateException.class, () -> pattern.run(1, new Done()));
        } finally {
            release.complete(null);
        }
        first.await();
        assertEquals(1, first.completions.get());
        assertThrows(IllegalArgumentException.class, () -> pattern.run(-1, new Done()));
    }
}
