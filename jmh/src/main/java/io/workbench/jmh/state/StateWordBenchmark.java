package io.workbench.jmh.state;

import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the encoding of a lock-free state machine's state costs: the same four-phase machine
 * ({@link Phase}) as an {@code AtomicReference<Enum>}, as an {@code AtomicInteger} with the phase
 * packed into its low bits, and as an int field changed through a {@code VarHandle}.
 *
 * <p>One operation is one step of the machine: a volatile read of the state, the transition
 * checked against the table, one CAS. {@link #uncontended}: one thread steps its own machine,
 * so every CAS succeeds and the figure is the bare cost of the encoding (expect a few ns; the
 * VarHandle word saves the load of the atomic object). {@link #contended}: two threads step one
 * shared machine, so CASes fail and retry and the cache line moves between cores on every step;
 * the score is the two threads' total. On a 2-core machine shared with other work the contended
 * figure is mostly the machine's noise; compare encodings within one run.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class StateWordBenchmark {

    /** One machine in the chosen encoding; the subclasses say who shares it. */
    @State(Scope.Thread)
    public abstract static class Machine {
        @Param
        public StateWord.Encoding encoding;

        StateWord word;

        @Setup(Level.Trial)
        public void create() {
            word = encoding.create();
        }
    }

    /** A machine per thread: no contention. */
    @State(Scope.Thread)
    public static class OwnMachine extends Machine {
    }

    /** One machine for all the benchmark's threads. */
    @State(Scope.Benchmark)
    public static class SharedMachine extends Machine {
    }

    @Benchmark
    @Threads(1)
    public int uncontended(OwnMachine machine) {
        return machine.word.advance();
    }

    @Benchmark
    @Threads(2)
    public int contended(SharedMachine machine) {
        return machine.word.advance();
    }
}
