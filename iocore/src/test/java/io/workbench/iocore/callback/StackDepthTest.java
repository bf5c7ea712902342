package io.workbench.iocore.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The claim at the heart of the workbench: with operations that complete synchronously, the
 * iterating callback's stack stays the same depth however many operations run, while the naive
 * "call the next operation from the completion" grows a frame group per operation until it
 * overflows. Depth is measured as real JVM frames, with {@link StackWalker}.
 */
class StackDepthTest {

    private static final int OPERATIONS = 100_000;
    /** A small stack so that the naive recursion overflows for certain, whatever the JVM's default. */
    private static final long SMALL_STACK_BYTES = 256 * 1024;
    /** Room enough for a thousand nested operations. */
    private static final long LARGE_STACK_BYTES = 64 * 1024 * 1024;

    private static int framesHere() {
        return StackWalker.getInstance().walk(frames -> (int) frames.count());
    }

    /** Runs on a thread of the given stack size and returns what the body threw, or null. */
    private static Throwable onThread(long stackBytes, Runnable body) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            try {
                body.run();
            } catch (Throwable x) {
                thrown.set(x);
            }
        }, "stack-depth", stackBytes);
        thread.start();
        thread.join();
        return thrown.get();
    }

    /** A write that completes inside the call that started it, like a socket write that did not block. */
    private interface SynchronousWrite {
        static void write(Callback callback) {
            callback.succeeded();
        }
    }

    @Test
    void iteratingCallbackStackIsConstantOverAHundredThousandSynchronousCompletions() throws Exception {
        int[] depthAt = new int[OPERATIONS + 1];
        boolean[] completed = new boolean[1];
        IteratingCallback task = new IteratingCallback() {
            int done;

            @Override
            protected Action process() {
                if (done == OPERATIONS) {
                    return Action.SUCCEEDED;
                }
                done++;
                if (done == 1 || done % 10_000 == 0) {
                    depthAt[done] = framesHere();
                }
                SynchronousWrite.write(this);
                return Action.SCHEDULED;
            }

            @Override
            protected void onCompleteSuccess() {
                completed[0] = true;
            }
        };

        Throwable thrown = onThread(SMALL_STACK_BYTES, task::iterate);

        assertEquals(null, thrown);
        assertTrue(completed[0]);
        for (int op = 10_000; op <= OPERATIONS; op += 10_000) {
            assertEquals(depthAt[1], depthAt[op], "frames at operation " + op + " vs operation 1");
        }
    }

    /** The naive pattern: the completion of write k starts write k+1. */
    private static final class NaiveTask implements Callback {
        final int operations;
        final int[] depthAt;
        int done;
        boolean completed;

        NaiveTask(int operations) {
            this.operations = operations;
            this.depthAt = new int[operations + 1];
        }

        void next() {
            if (done == operations) {
                completed = true;
                return;
            }
            done++;
            if (done == 1 || done % 100 == 0) {
                depthAt[done] = framesHere();
            }
            SynchronousWrite.write(this);
        }

        @Override
        public void succeeded() {
            next();
        }

        @Override
        public void failed(Throwable cause) {
            throw new AssertionError(cause);
        }
    }

    @Test
    void naiveRecursionStackGrowsLinearlyWithOperations() throws Exception {
        NaiveTask task = new NaiveTask(1_000);
        assertEquals(null, onThread(LARGE_STACK_BYTES, task::next));
        assertTrue(task.completed);

        int perOperation = (task.depthAt[200] - task.depthAt[100]) / 100;
        assertTrue(perOperation >= 2, "each operation adds frames, saw " + perOperation);
        // Linear: the same number of frames per operation all the way down.
        assertEquals(task.depthAt[100] + 9 * 100 * perOperation, task.depthAt[1_000]);
    }

    @Test
    void naiveRecursionOverflowsTheStackWhereIteratingDoesNot() throws Exception {
        NaiveTask task = new NaiveTask(OPERATIONS);
        Throwable thrown = onThread(SMALL_STACK_BYTES, task::next);
        assertInstanceOf(StackOverflowError.class, thrown);
        assertTrue(task.done < OPERATIONS, "overflowed after " + task.done + " operations");
    }
}
