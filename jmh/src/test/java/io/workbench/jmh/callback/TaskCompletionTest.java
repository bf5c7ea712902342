package io.workbench.jmh.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The benchmark's reusable done callback: waits across threads, reports failures and hangs, refuses misuse. */
class TaskCompletionTest {

    @Test
    void returnsAtOnceWhenTheTaskCompletedInside() {
        TaskCompletion done = new TaskCompletion(1, TimeUnit.SECONDS);
        done.arm();
        done.succeeded();
        done.await();
        assertEquals(1, done.completions());
    }

    @Test
    void waitsForACompletionFromAnotherThread() throws Exception {
        TaskCompletion done = new TaskCompletion(30, TimeUnit.SECONDS);
        for (int task = 0; task < 200; task++) {
            done.arm();
            // Sometimes late enough that the waiter has parked, sometimes not.
            long delayNanos = task % 2 == 0 ? 0 : TimeUnit.MICROSECONDS.toNanos(200);
            Thread completer = Thread.ofPlatform().start(() -> {
                long until = System.nanoTime() + delayNanos;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                done.succeeded();
            });
            done.await();
            completer.join();
        }
        assertEquals(200, done.completions());
    }

    @Test
    void rethrowsAFailure() {
        TaskCompletion done = new TaskCompletion(1, TimeUnit.SECONDS);
        done.arm();
        IOException cause = new IOException("boom");
        done.failed(cause);
        IllegalStateException thrown = assertThrows(IllegalStateException.class, done::await);
        assertSame(cause, thrown.getCause());
    }

    @Test
    void declaresAHungTask() {
        TaskCompletion done = new TaskCompletion(50, TimeUnit.MILLISECONDS);
        done.arm();
        IllegalStateException thrown = assertThrows(IllegalStateException.class, done::await);
        assertTrue(thrown.getMessage().contains("did not complete"), thrown.getMessage());
    }

    @Test
    void refusesASecondCompletionAndAnArmWhileRunning() {
        TaskCompletion done = new TaskCompletion(1, TimeUnit.SECONDS);
        done.arm();
        assertThrows(IllegalStateException.class, done::arm);
        done.succeeded();
        assertThrows(IllegalStateException.class, done::succeeded);
    }
}
