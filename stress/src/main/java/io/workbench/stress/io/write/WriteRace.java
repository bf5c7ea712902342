package io.workbench.stress.io.write;

import io.workbench.iocore.io.WriteFlusher;
import io.workbench.stress.harness.RaceWindow;
import io.workbench.stress.io.ActorTags;
import io.workbench.stress.io.NamedFailure;
import io.workbench.stress.io.RecordingCallback;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One jcstress iteration of a race on a write flusher: a flusher of the variant this VM runs
 * ({@link FlusherUnderTest#create}) over a scripted target (no socket), the callbacks of the
 * writes, and what the target saw.
 *
 * <p>The target answers each flush with the next step of the script: the socket took part of the
 * buffers ({@link Flush#PARTIAL}) or all of them ({@link Flush#ALL}). A flush takes a little while
 * ({@value #HOLD_SPINS} spin-wait hints), as a real write does, which widens the window in which
 * the other thread lands while a write is WRITING or COMPLETING, for the real flusher and the
 * mutants alike.
 *
 * <p>The outcome reads {@code cb1=succeeded@1 flushes=1 incomplete=0; <facts>}: each write's
 * callback with its completions and the thread that gave them ({@code 1}, {@code 2} the actors,
 * {@code a} the arbiter, {@code s} the set-up), the flushes the target saw, the times the flusher
 * asked for OP_WRITE, then the test's facts. A broken invariant prefixes it with {@code VIOLATION}.
 */
public final class WriteRace {

    /** What the socket does with one flush. */
    public enum Flush { PARTIAL, ALL }

    /** An invariant every interleaving must keep, whatever the test. */
    private enum Violation {
        /** Two flushes ran at once: the flusher let two threads write. */
        OVERLAP("overlap"),
        /** A flush was given other buffers than its write's: the pending write was not published. */
        UNPUBLISHED("unpublished-buffers"),
        /** More flushes than the script has. */
        EXTRA_FLUSH("extra-flush"),
        /** A callback was completed more than once. */
        COMPLETED_TWICE("completed-twice"),
        /** An actor waited in vain for the write to go PENDING. */
        NEVER_PENDING("never-pending");

        final String label;

        Violation(String label) {
            this.label = label;
        }
    }

    private static final int HOLD_SPINS = 64;
    private static final int SPINS_BEFORE_YIELD = 1 << 12;
    /** Long enough for any descheduled actor; only a broken flusher makes an actor wait this long. */
    private static final long GIVE_UP_NANOS = 10_000_000_000L;

    private final Flush[] script;
    private final AtomicInteger nextFlush = new AtomicInteger();
    private final AtomicInteger flushing = new AtomicInteger();
    private final AtomicInteger incomplete = new AtomicInteger();
    private final AtomicInteger violations = new AtomicInteger();
    private final ActorTags tags = new ActorTags();
    private final ByteBuffer[] buffers = {ByteBuffer.allocate(1)};
    private final RecordingCallback[] callbacks = {new RecordingCallback(tags), new RecordingCallback(tags)};
    private final FlusherUnderTest flusher = FlusherUnderTest.create(new ScriptedTarget());
    private final Actor actor = new Actor();

    /** A race whose flushes do {@code script}, one step per flush. */
    public WriteRace(Flush... script) {
        this.script = script.clone();
    }

    /** The test's constructor: what happened before the race. */
    public Actor setup() {
        return actor;
    }

    /** The first actor; call from it only. */
    public Actor first() {
        tags.bindFirst();
        return actor;
    }

    /** The second actor; call from it only. */
    public Actor second() {
        tags.bindSecond();
        return actor;
    }

    /** The arbiter, after both actors. */
    public Actor arbiter() {
        tags.bindArbiter();
        return actor;
    }

    /**
     * The jcstress outcome: {@code cb1=.. [cb2=..] flushes=N incomplete=M; facts}, with cb2 only if
     * {@code callbacks} is 2, prefixed with any broken invariant.
     */
    public String outcome(int callbacks, String... facts) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < callbacks; i++) {
            if (this.callbacks[i].completions() > 1) {
                violation(Violation.COMPLETED_TWICE);
            }
            text.append("cb").append(i + 1).append('=').append(this.callbacks[i].render()).append(' ');
        }
        text.append("flushes=").append(nextFlush.get()).append(" incomplete=").append(incomplete.get());
        if (facts.length > 0) {
            text.append(';');
            for (String fact : facts) {
                text.append(' ').append(fact);
            }
        }
        int bits = violations.get();
        if (bits == 0) {
            return text.toString();
        }
        StringJoiner names = new StringJoiner(",", "VIOLATION ", ": ");
        for (Violation v : broken(bits)) {
            names.add(v.label);
        }
        return names + text.toString();
    }

    private static Set<Violation> broken(int bits) {
        Set<Violation> broken = EnumSet.noneOf(Violation.class);
        for (Violation v : Violation.values()) {
            if ((bits & 1 << v.ordinal()) != 0) {
                broken.add(v);
            }
        }
        return broken;
    }

    private void violation(Violation violation) {
        int bit = 1 << violation.ordinal();
        violations.getAndUpdate(bits -> bits | bit);
    }

    /** What one thread of the test does to the flusher. Calls that throw return the exception's name. */
    public final class Actor {

        private Actor() {
        }

        /** Writes the race's buffer with callback {@code number} (1 or 2); @return {@code ok} or what it threw */
        public String write(int number) {
            try {
                flusher.write(callbacks[number - 1], buffers);
                return "ok";
            } catch (Throwable x) {
                return NamedFailure.nameOf(x);
            }
        }

        /** The socket became writable; @return {@code ok} or what it threw */
        public String completeWrite() {
            try {
                flusher.completeWrite();
                return "ok";
            } catch (Throwable x) {
                return NamedFailure.nameOf(x);
            }
        }

        /** The endpoint fails with a cause named {@code cause}; @return what onFail returned, or what it threw */
        public String onFail(String cause) {
            try {
                return String.valueOf(flusher.onFail(new NamedFailure(cause)));
            } catch (Throwable x) {
                return NamedFailure.nameOf(x);
            }
        }

        /** Waits until a write is PENDING, as a selector waits for OP_WRITE, so that taking it races the writer's last steps. */
        public Actor awaitPending() {
            long deadline = 0;
            for (int spins = 0; flusher.getState() != WriteFlusher.PENDING; spins++) {
                if (spins < SPINS_BEFORE_YIELD) {
                    Thread.onSpinWait();
                    continue;
                }
                long now = System.nanoTime();
                if (deadline == 0) {
                    deadline = now + GIVE_UP_NANOS;
                } else if (now - deadline > 0) {
                    violation(Violation.NEVER_PENDING);
                    return this;
                }
                Thread.yield();
            }
            return this;
        }

        /** @return the flusher's state, e.g. {@code FAILED} */
        public String state() {
            return WriteFlusher.name(flusher.getState());
        }

        /** @return the name of the flusher's failure, {@code null} if none */
        public String failure() {
            return NamedFailure.nameOf(flusher.getFailure());
        }
    }

    /** The socket: answers flushes from the script and watches how the flusher calls it. */
    private final class ScriptedTarget implements FlusherUnderTest.Endpoint {

        @Override
        public boolean flush(ByteBuffer[] given) {
            if (flushing.getAndIncrement() != 0) {
                violation(Violation.OVERLAP);
            }
            try {
                if (given != buffers) {
                    violation(Violation.UNPUBLISHED);
                }
                int index = nextFlush.getAndIncrement();
                if (index >= script.length) {
                    violation(Violation.EXTRA_FLUSH);
                    return true;
                }
                RaceWindow.spin(HOLD_SPINS);
                return script[index] == Flush.ALL;
            } finally {
                flushing.decrementAndGet();
            }
        }

        @Override
        public void onIncompleteFlush() {
            incomplete.incrementAndGet();
        }
    }
}
