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
import java.util.function.Function;

/**
 * One jcstress iteration of a race on a write flusher: a flusher of the variant this VM runs
 * ({@link FlusherUnderTest#create}) over a scripted target (no socket), the callbacks of the
 * writes, and what the target saw.
 *
 * <p>Each write is a gathered one: two buffers of two bytes, {@code "ab", "cd"} for the write of
 * callback 1 and {@code "AB", "CD"} for callback 2. The target answers each flush with the next
 * step of the script and takes the bytes as a socket would, in order: one byte, the socket then
 * being full ({@link Flush#PARTIAL}: the first flush of a write stops inside its first buffer), or
 * everything it was given ({@link Flush#ALL}). It keeps what it took, so the outcome can check that
 * a write whose callback succeeded went out whole, each byte once, in order: a flusher that lost
 * the rest of a gathered write after a partial flush, or resumed elsewhere than where the socket
 * stopped, breaks that. A flush takes a little while
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
        NEVER_PENDING("never-pending"),
        /**
         * The socket got other bytes of a write than a prefix of them in order, or, for a write
         * whose callback succeeded, less than all of them: bytes lost, skipped or sent twice.
         */
        WRONG_BYTES("wrong-bytes");

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
    /** The text of each write, and its buffers: two of two bytes, gathered. */
    private static final String[] TEXTS = {"abcd", "ABCD"};
    private final ByteBuffer[][] writes = {gathered(TEXTS[0]), gathered(TEXTS[1])};
    /** What the socket took, in order; guarded by itself. */
    private final StringBuilder sent = new StringBuilder();
    private final RecordingCallback[] callbacks = {new RecordingCallback(tags), new RecordingCallback(tags)};
    private final FlusherUnderTest flusher;
    private final Actor actor = new Actor();

    /** A race whose flushes do {@code script}, one step per flush, on the flusher this VM runs. */
    public WriteRace(Flush... script) {
        this(FlusherUnderTest::create, script);
    }

    /** The same over the flusher {@code flushers} makes: how a unit test puts one given copy in the fixture. */
    WriteRace(Function<FlusherUnderTest.Endpoint, FlusherUnderTest> flushers, Flush... script) {
        this.script = script.clone();
        this.flusher = flushers.apply(new ScriptedTarget());
    }

    private static ByteBuffer[] gathered(String text) {
        return new ByteBuffer[] {ascii(text.substring(0, 2)), ascii(text.substring(2))};
    }

    private static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
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
            checkSent(i);
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

    /** The bytes of write {@code index} the socket took: a prefix of its text, the whole of it if its callback succeeded. */
    private void checkSent(int index) {
        String text = TEXTS[index];
        StringBuilder ofThisWrite = new StringBuilder();
        synchronized (sent) {
            for (int i = 0; i < sent.length(); i++) {
                char c = sent.charAt(i);
                if (text.indexOf(c) >= 0) {
                    ofThisWrite.append(c);
                }
            }
        }
        String got = ofThisWrite.toString();
        boolean succeeded = callbacks[index].render().startsWith("succeeded");
        if (!text.startsWith(got) || succeeded && !got.equals(text)) {
            violation(Violation.WRONG_BYTES);
        }
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

        /** Writes the buffers of write {@code number} (1 or 2) with its callback; @return {@code ok} or what it threw */
        public String write(int number) {
            try {
                flusher.write(callbacks[number - 1], writes[number - 1]);
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
        public void flush(ByteBuffer[] given, int offset, int length) {
            if (flushing.getAndIncrement() != 0) {
                violation(Violation.OVERLAP);
            }
            try {
                if (given != writes[0] && given != writes[1] || offset < 0 || length < 1 || offset + length > given.length) {
                    violation(Violation.UNPUBLISHED);
                    return;
                }
                int index = nextFlush.getAndIncrement();
                boolean all = index >= script.length || script[index] == Flush.ALL;
                if (index >= script.length) {
                    violation(Violation.EXTRA_FLUSH);
                }
                RaceWindow.spin(HOLD_SPINS);
                take(given, offset, length, all);
            } finally {
                flushing.decrementAndGet();
            }
        }

        /** Takes every byte given, or one byte (none if it is the last one left, so that the flush stays partial). */
        private void take(ByteBuffer[] given, int offset, int length, boolean all) {
            synchronized (sent) {
                int left = 0;
                for (int i = offset; i < offset + length; i++) {
                    left += given[i].remaining();
                }
                int budget = all ? left : Math.min(1, left - 1);
                for (int i = offset; i < offset + length && budget > 0; i++) {
                    ByteBuffer buffer = given[i];
                    while (buffer.hasRemaining() && budget > 0) {
                        sent.append((char) buffer.get());
                        budget--;
                    }
                }
            }
        }

        @Override
        public void onIncompleteFlush() {
            incomplete.incrementAndGet();
        }
    }
}
