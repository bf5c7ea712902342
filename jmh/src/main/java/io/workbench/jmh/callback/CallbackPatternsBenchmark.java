package io.workbench.jmh.callback;

import io.workbench.iocore.callback.pattern.AsyncCompleter;
import io.workbench.iocore.callback.pattern.CompletionMix;
import io.workbench.iocore.callback.pattern.CompletionPattern;
import io.workbench.iocore.callback.pattern.SimulatedChannel;
import io.workbench.iocore.callback.pattern.StackDepthProbe;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How much a task of N asynchronous writes costs under each way of chaining them: iocore's five
 * patterns and Jetty 12.1's own {@code IteratingCallback}, all writing to the same
 * {@link SimulatedChannel}, for N = 1, 16, 1024 writes per task and a share of 1.0, 0.5 or 0.0 of
 * the writes completing synchronously (inside the write call; the others are completed from the
 * {@link AsyncCompleter}'s thread, as a socket that had to drain would).
 *
 * <h2>What is measured</h2>
 * <ul>
 *   <li>{@link #task}: one whole task per operation, from {@code run()} until its {@code done}
 *       callback completed (the benchmark thread spins briefly, then parks, when the task ends on
 *       another thread). The score is tasks/s; the secondary {@code writes} is writes/s, the same
 *       run divided by the writes per task, so patterns compare per write across task sizes. The
 *       channel's stack probe is {@link StackDepthProbe#NONE}, so nothing is measured but the
 *       pattern. Two forks, since the JIT decides differently from one JVM to the next. Run with
 *       {@code -prof gc}: {@code gc.alloc.rate.norm} is bytes per task, counted over every thread
 *       of the JVM (the completer and the dispatcher's pool included); it also carries JMH's own
 *       few KB per iteration, which shows as a fraction of a byte per task in fast cells and a
 *       byte or two in the slowest. One allocation per task would show as 16 B or more.
 *       (SteadyStateAllocationTest counts the pattern's own bytes exactly: none.)</li>
 *   <li>{@link #deepestStack}: the same tasks with a counting probe (a thread-local lookup per
 *       write, which is why it is not in {@link #task}), one single shot of
 *       {@value #DEPTH_TASKS} tasks. Its time is not a result; its secondary
 *       {@code maxWritesOnStack} is: the most writes that were on one thread's stack at once
 *       (1: every write returned before the next started; N: each completion ran the next write
 *       inside the previous one). A depth is a property of the code path, not of warm-up, so one
 *       shot is enough.</li>
 * </ul>
 *
 * <h2>How to read it</h2>
 * Compare patterns within one (operations, share) cell. With share 1.0 nothing leaves the
 * benchmark thread except for the dispatching patterns, so their distance to the iterating
 * callbacks is the price of a thread hop ({@code ALWAYS_DISPATCH} pays it on every write,
 * {@code DEPTH_COUNTED_RECURSION} and {@code PER_EVENT_BUDGET} once per
 * {@value io.workbench.iocore.callback.pattern.DepthCountedRecursion#DEFAULT_MAX_DEPTH} writes).
 * The dispatcher is a plain fixed pool of two JDK threads, like a small server pool: its queue
 * node per dispatch is the allocation those patterns show. With share 0.0 every pattern waits for
 * the completer on every write, and the patterns should converge. Wherever a task leaves the
 * benchmark thread, its cost includes waking a parked thread now and then, so on a busy machine
 * those cells measure the scheduler as much as the pattern: read them from a quiet one.
 *
 * <p>JMH sums {@code EVENTS} counters over iterations and forks. {@code deepestStack} runs one
 * measured iteration in one fork, so its printed {@code maxWritesOnStack} is the depth; if you
 * override {@code -i} or {@code -f}, read the per-iteration values instead (the JSON's
 * {@code rawData}), as {@code ./workbench jmh report} does.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class CallbackPatternsBenchmark {

    /** Tasks in the single shot of {@link #deepestStack}. */
    public static final int DEPTH_TASKS = 32;

    /** One pattern over one channel, with everything it needs to run task after task. */
    @State(Scope.Thread)
    public abstract static class PatternTask {

        @Param
        public ComparedPattern pattern;

        @Param({"1", "16", "1024"})
        public int operations;

        @Param({"1.0", "0.5", "0.0"})
        public double synchronousShare;

        private AsyncCompleter completer;
        private ExecutorService dispatcher;
        private SimulatedChannel channel;
        private CompletionPattern task;
        private TaskCompletion done;

        /** The probe the channel reports to. */
        abstract StackDepthProbe probe();

        @Setup(Level.Trial)
        public void start() {
            completer = new AsyncCompleter("completer-" + pattern);
            dispatcher = Executors.newFixedThreadPool(2, daemonThreads("dispatcher-" + pattern));
            channel = new SimulatedChannel(CompletionMix.synchronousShare(synchronousShare), completer, probe());
            task = pattern.create(channel, dispatcher);
            done = new TaskCompletion(30, TimeUnit.SECONDS);
        }

        /** Runs one task of {@link #operations} writes and waits until it completed. */
        final void runTask() {
            done.arm();
            task.run(operations, done);
            done.await();
        }

        /** @return the most writes seen on one thread's stack since the last {@link #clearDepth()} */
        final int maxDepth() {
            return channel.probe().maxDepth();
        }

        final void clearDepth() {
            channel.probe().clear();
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            completer.close();
            dispatcher.shutdownNow();
            if (!dispatcher.awaitTermination(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("dispatcher did not stop: " + dispatcher);
            }
            long expectedWrites = done.completions() * operations;
            if (channel.writes() != expectedWrites) {
                throw new IllegalStateException(pattern + " wrote " + channel.writes() + " times in "
                        + done.completions() + " tasks of " + operations + ": " + channel);
            }
            Throwable failure = completer.firstFailure();
            if (failure != null) {
                throw new IllegalStateException(pattern + " threw on the completer thread", failure);
            }
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + "[" + pattern + ",operations=" + operations
                    + ",synchronousShare=" + synchronousShare + "," + task + "]";
        }
    }

    /** The task for throughput: the channel measures nothing. */
    @State(Scope.Thread)
    public static class Task extends PatternTask {
        @Override
        StackDepthProbe probe() {
            return StackDepthProbe.NONE;
        }
    }

    /** The task for stack depth: the channel counts the writes on each thread's stack. */
    @State(Scope.Thread)
    public static class ProbedTask extends PatternTask {
        @Override
        StackDepthProbe probe() {
            return StackDepthProbe.counting();
        }
    }

    /** Writes per second, beside tasks per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Writes {
        public long writes;

        @Setup(Level.Iteration)
        public void clear() {
            writes = 0;
        }
    }

    /** The deepest stack of one iteration, in writes. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class StackDepth {
        public long maxWritesOnStack;

        @Setup(Level.Iteration)
        public void clear(ProbedTask task) {
            maxWritesOnStack = 0;
            task.clearDepth();
        }
    }

    /** Two forks: the JIT's choices differ from one JVM to the next, and this is the figure the claim rests on. */
    @Benchmark
    @Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
    public void task(Task task, Writes writes) {
        task.runTask();
        writes.writes += task.operations;
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1, batchSize = DEPTH_TASKS)
    public void deepestStack(ProbedTask task, StackDepth depth) {
        task.runTask();
        depth.maxWritesOnStack = Math.max(depth.maxWritesOnStack, task.maxDepth());
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
