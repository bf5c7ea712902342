package io.workbench.iocore.thread;

import java.util.concurrent.atomic.LongAdder;

/**
 * What an execution strategy did with the tasks it produced, one counter per mode, as Jetty's
 * adaptive strategy exposes them: a reader of a dump or of a target's {@code /stats} sees whether
 * the selector ran its tasks in place, handed production off ("eat what you kill"), or paid a
 * thread hop per task.
 *
 * <p>{@link LongAdder}s: the producing thread counts on the hot path while another thread may be
 * producing after a hand-off; an adder never makes them contend on one cache line, and reading is
 * rare (a dump, a {@code /stats} request).
 */
public final class StrategyCounts {

    private final LongAdder ranInPlace = new LongAdder();
    private final LongAdder ranEitherInPlace = new LongAdder();
    private final LongAdder handedOff = new LongAdder();
    private final LongAdder executed = new LongAdder();

    /** A snapshot of the counts, each read once. */
    public record Snapshot(long ranInPlace, long ranEitherInPlace, long handedOff, long executed) {

        /** Nothing done yet. */
        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0);

        /** @return every task the strategy produced and disposed of */
        public long total() {
            return ranInPlace + ranEitherInPlace + handedOff + executed;
        }

        /** {@code {"ranInPlace":..,"ranEitherInPlace":..,"handedOff":..,"executed":..}}, for {@code /stats}. */
        public String toJson() {
            return "{\"ranInPlace\":" + ranInPlace + ",\"ranEitherInPlace\":" + ranEitherInPlace
                    + ",\"handedOff\":" + handedOff + ",\"executed\":" + executed + "}";
        }

        /** Adds {@code other}'s counts to these: the strategies of several selectors summed. */
        public Snapshot plus(Snapshot other) {
            return new Snapshot(ranInPlace + other.ranInPlace, ranEitherInPlace + other.ranEitherInPlace,
                    handedOff + other.handedOff, executed + other.executed);
        }
    }

    /** A task that never blocks ran on the producing thread (produce-consume). */
    void ranInPlace() {
        ranInPlace.increment();
    }

    /** A task that may or may not block ran on the producing thread in its non-blocking form. */
    void ranEitherInPlace() {
        ranEitherInPlace.increment();
    }

    /** A task that may block was consumed by the producing thread, which handed production to an idle thread (execute-produce-consume). */
    void handedOff() {
        handedOff.increment();
    }

    /** A task that may block went to the worker pool, one thread hop (produce-execute-consume). */
    void executed() {
        executed.increment();
    }

    public Snapshot snapshot() {
        return new Snapshot(ranInPlace.sum(), ranEitherInPlace.sum(), handedOff.sum(), executed.sum());
    }

    @Override
    public String toString() {
        Snapshot now = snapshot();
        return "ranInPlace=" + now.ranInPlace + ",ranEitherInPlace=" + now.ranEitherInPlace
                + ",handedOff=" + now.handedOff + ",executed=" + now.executed;
    }
}
