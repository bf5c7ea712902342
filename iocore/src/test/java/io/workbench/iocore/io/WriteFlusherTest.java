package io.workbench.iocore.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritePendingException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every path of the WriteFlusher machine, driven by a scripted target with no socket. */
class WriteFlusherTest {

    /**
     * Takes at most {@code budget} bytes per flush, and {@code room} in all until the test makes
     * more, in order, as one gathering system call would; records each call
     * ({@code offset+length:bytes taken}) and counts the interest registrations.
     */
    static final class ScriptedTarget implements WriteFlusher.Target {
        int budget = Integer.MAX_VALUE;
        int room = Integer.MAX_VALUE;
        int incomplete;
        IOException failNext;
        Runnable duringFlush;
        final ByteBuffer sink = ByteBuffer.allocate(1 << 16);
        final List<String> calls = new ArrayList<>();

        @Override
        public void flush(ByteBuffer[] buffers, int offset, int length) throws IOException {
            if (duringFlush != null) {
                Runnable r = duringFlush;
                duringFlush = null;
                r.run();
            }
            if (failNext != null) {
                IOException x = failNext;
                failNext = null;
                throw x;
            }
            int left = Math.min(budget, room);
            int taken = 0;
            for (int i = offset; i < offset + length; i++) {
                ByteBuffer buffer = buffers[i];
                while (buffer.hasRemaining() && left > 0) {
                    sink.put(buffer.get());
                    left--;
                    taken++;
                }
            }
            room -= taken;
            calls.add(offset + "+" + length + ":" + taken);
        }

        @Override
        public void onIncompleteFlush() {
            incomplete++;
        }

        String written() {
            return new String(sink.array(), 0, sink.position());
        }
    }

    /** Records what happened to it. */
    static class Recorder implements Callback {
        int succeeded;
        final List<Throwable> failures = new ArrayList<>();

        @Override
        public void succeeded() {
            succeeded++;
        }

        @Override
        public void failed(Throwable cause) {
            failures.add(cause);
        }

        int completions() {
            return succeeded + failures.size();
        }
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes());
    }

    /** {@code count} buffers of one letter each, a to z over and over. */
    private static ByteBuffer[] oneByteEach(int count) {
        ByteBuffer[] buffers = new ByteBuffer[count];
        for (int i = 0; i < count; i++) {
            buffers[i] = bytes(String.valueOf((char) ('a' + i % 26)));
        }
        return buffers;
    }

    @Test
    void writeThatFitsCompletesInTheCallAndGathersEveryBuffer() {
        ScriptedTarget target = new ScriptedTarget();
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, bytes("head"), bytes("-"), bytes("body"));
        assertEquals(1, cb.succeeded);
        assertEquals("head-body", target.written());
        assertTrue(flusher.isIdle());
        assertEquals(0, target.incomplete);
    }

    /** A callback that hears each flush of its write, and records how much of its buffer was written before and after. */
    static class FlushRecorder extends Recorder implements WriteFlusher.Listener {
        final ByteBuffer watched;
        final List<Integer> before = new ArrayList<>();
        final List<Integer> positions = new ArrayList<>();
        WriteFlusher flusher;
        final List<String> statesSeen = new ArrayList<>();

        FlushRecorder(ByteBuffer watched) {
            this.watched = watched;
        }

        @Override
        public void onFlushing() {
            before.add(watched.position());
        }

        @Override
        public void onFlushed() {
            positions.add(watched.position());
            statesSeen.add(WriteFlusher.name(flusher.getState()));
            if (succeeded + failures.size() > 0) {
                throw new AssertionError("onFlushed() after the write completed");
            }
        }
    }

    @Test
    void aListenerHearsEveryFlushOfItsWriteBeforeItCompletes() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 4;
        WriteFlusher flusher = new WriteFlusher(target);
        ByteBuffer buffer = bytes("0123456789");
        FlushRecorder cb = new FlushRecorder(buffer);
        cb.flusher = flusher;
        flusher.write(cb, buffer);
        // The first flush, on the writing thread, before the write goes pending.
        assertEquals(List.of(0), cb.before);
        assertEquals(List.of(4), cb.positions);
        assertEquals(List.of("WRITING"), cb.statesSeen);
        flusher.completeWrite();
        flusher.completeWrite();
        // Each later flush, by the completing thread, the last one before the callback.
        assertEquals(List.of(0, 4, 8), cb.before);
        assertEquals(List.of(4, 8, 10), cb.positions);
        assertEquals(List.of("WRITING", "COMPLETING", "COMPLETING"), cb.statesSeen);
        assertEquals(1, cb.succeeded);
    }

    @Test
    void aListenerHearsNothingOfAFlushThatThrewAndAPlainCallbackIsNotAsked() {
        ScriptedTarget target = new ScriptedTarget();
        target.failNext = new IOException("reset (expected by the test)");
        WriteFlusher flusher = new WriteFlusher(target);
        ByteBuffer buffer = bytes("0123456789");
        FlushRecorder cb = new FlushRecorder(buffer);
        cb.flusher = flusher;
        flusher.write(cb, buffer);
        assertEquals(List.of(0), cb.before, "told before the flush");
        assertEquals(List.of(), cb.positions, "not after a flush that threw");
        assertEquals(1, cb.failures.size());

        // A listener that throws is logged: the write still completes.
        WriteFlusher second = new WriteFlusher(new ScriptedTarget());
        ByteBuffer other = bytes("abc");
        FlushRecorder throwing = new FlushRecorder(other) {
            @Override
            public void onFlushed() {
                super.onFlushed();
                throw new IllegalStateException("a listener bug (expected by the test)");
            }
        };
        throwing.flusher = second;
        second.write(throwing, other);
        assertEquals(List.of(3), throwing.positions);
        assertEquals(1, throwing.succeeded);
        assertTrue(second.isIdle());
    }

    @Test
    void partialWriteGoesPendingAndCompletesWhenWritable() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 3;
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, bytes("hello"), bytes("world"));
        assertEquals(0, cb.completions());
        assertTrue(flusher.isPending());
        assertEquals(1, target.incomplete);

        flusher.completeWrite();
        assertTrue(flusher.isPending(), "6 of 10 bytes written: still pending");
        assertEquals(2, target.incomplete);

        target.budget = 100;
        flusher.completeWrite();
        assertEquals(1, cb.succeeded);
        assertEquals("helloworld", target.written());
        assertTrue(flusher.isIdle());
    }

    @Test
    void aPartialGatherResumesExactlyWhereTheSocketStopped() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 3;
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, bytes(""), bytes("ab"), bytes("cde"), bytes("f"), bytes("gh"));
        // The empty buffer is not handed over; the socket stops inside "cde", after "c".
        assertEquals(List.of("1+4:3"), target.calls);
        assertTrue(flusher.isPending());

        flusher.completeWrite();
        // From "cde" at its position (not from its start, not from "f"); "ab" is not handed over again.
        assertEquals(List.of("1+4:3", "2+3:3"), target.calls);
        assertTrue(flusher.isPending());

        target.budget = 100;
        flusher.completeWrite();
        assertEquals(List.of("1+4:3", "2+3:3", "4+1:2"), target.calls);
        assertEquals("abcdefgh", target.written());
        assertEquals(1, cb.succeeded);
        assertEquals(2, target.incomplete);
        assertTrue(flusher.isIdle());
    }

    @Test
    void moreBuffersThanOneCallTakesGoOutInCallsOfAtMostTheLimit_withoutWaitingWhileTheSocketTakesThem() {
        ScriptedTarget target = new ScriptedTarget();
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        int limit = WriteFlusher.MAX_BUFFERS_PER_FLUSH;
        flusher.write(cb, oneByteEach(2 * limit + 452));
        assertEquals(List.of("0+" + limit + ":" + limit, limit + "+" + limit + ":" + limit, 2 * limit + "+452:452"), target.calls);
        assertEquals(1, cb.succeeded, "completed in the call");
        assertEquals(0, target.incomplete);
        assertEquals(2 * limit + 452, target.written().length());
    }

    @Test
    void aCallThatTakesOnlyPartOfWhatItWasGivenMeansTheSocketIsFull_thePendingWriteResumesThere() {
        ScriptedTarget target = new ScriptedTarget();
        int limit = WriteFlusher.MAX_BUFFERS_PER_FLUSH;
        target.room = limit + 10;
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, oneByteEach(3 * limit));
        // The first call takes all it was given, the second only 10 of its buffers: no third call.
        assertEquals(List.of("0+" + limit + ":" + limit, limit + "+" + limit + ":10"), target.calls);
        assertTrue(flusher.isPending());
        target.room = Integer.MAX_VALUE;
        flusher.completeWrite();
        assertEquals(limit + 10 + "+" + limit + ":" + limit, target.calls.get(2));
        assertEquals((2 * limit + 10) + "+" + (limit - 10) + ":" + (limit - 10), target.calls.get(3));
        assertEquals(1, cb.succeeded);
        assertEquals(3 * limit, target.written().length());
        for (int i = 0; i < 3 * limit; i++) {
            assertEquals((char) ('a' + i % 26), target.written().charAt(i), "byte " + i);
        }
    }

    @Test
    void aWriteWithNothingToSendCompletesAtOnceWithoutACall() {
        ScriptedTarget target = new ScriptedTarget();
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, bytes(""), bytes(""));
        assertEquals(1, cb.succeeded);
        assertEquals(List.of(), target.calls);
        assertTrue(flusher.isIdle());
    }

    @Test
    void secondWriteWhilePendingThrowsWritePendingAndLeavesTheFirstAlone() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 1;
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        flusher.write(first, bytes("ab"));
        assertThrows(WritePendingException.class, () -> flusher.write(second, bytes("cd")));
        assertEquals(0, second.completions());
        target.budget = 10;
        flusher.completeWrite();
        assertEquals(1, first.succeeded);
        assertEquals("ab", target.written());
    }

    @Test
    void secondWriteWhileWritingThrowsWritePending() {
        ScriptedTarget target = new ScriptedTarget();
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder second = new Recorder();
        List<Throwable> thrown = new ArrayList<>();
        target.duringFlush = () -> {
            try {
                flusher.write(second, bytes("x"));
            } catch (WritePendingException x) {
                thrown.add(x);
            }
        };
        Recorder first = new Recorder();
        flusher.write(first, bytes("a"));
        assertEquals(1, thrown.size());
        assertEquals(1, first.succeeded);
        assertEquals(0, second.completions());
    }

    @Test
    void failWhilePendingFailsTheCallbackOnceAndEveryLaterWrite() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 0;
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, bytes("data"));
        IOException cause = new IOException("closed");
        assertTrue(flusher.onFail(cause));
        assertFalse(flusher.onFail(new IOException("again")));
        flusher.completeWrite();
        assertEquals(List.of(cause), cb.failures);
        assertEquals(0, cb.succeeded);

        Recorder later = new Recorder();
        flusher.write(later, bytes("more"));
        assertEquals(List.of(cause), later.failures);
        assertEquals(WriteFlusher.FAILED, flusher.getState());
    }

    @Test
    void failWhileWritingLeavesTheCallbackToTheWriterWhoFailsItOnce() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 2;
        WriteFlusher flusher = new WriteFlusher(target);
        IOException cause = new IOException("reset");
        target.duringFlush = () -> assertTrue(flusher.onFail(cause));
        Recorder cb = new Recorder();
        flusher.write(cb, bytes("abcdef"));
        assertEquals(List.of(cause), cb.failures);
        assertEquals(0, cb.succeeded);
        assertEquals(0, target.incomplete, "a failed write does not ask for OP_WRITE");
    }

    @Test
    void failWhileCompletingLeavesTheCallbackToTheCompleter() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 1;
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, bytes("abc"));
        IOException cause = new IOException("timeout");
        target.duringFlush = () -> assertTrue(flusher.onFail(cause));
        target.budget = 100;
        flusher.completeWrite();
        assertEquals(List.of(cause), cb.failures);
        assertEquals(0, cb.succeeded, "all bytes went out, but the endpoint failed meanwhile");
    }

    @Test
    void flushExceptionFailsTheCallbackAndTheFlusher() {
        ScriptedTarget target = new ScriptedTarget();
        IOException broken = new IOException("broken pipe");
        target.failNext = broken;
        WriteFlusher flusher = new WriteFlusher(target);
        Recorder cb = new Recorder();
        flusher.write(cb, bytes("x"));
        assertEquals(List.of(broken), cb.failures);
        assertSame(broken, flusher.getFailure());
        assertFalse(flusher.onFail(new IOException("late")), "already failed");
    }

    @Test
    void failWhenIdleFailsLaterWritesWithTheFirstCause() {
        WriteFlusher flusher = new WriteFlusher(new ScriptedTarget());
        IOException cause = new IOException("first");
        assertFalse(flusher.onFail(cause));
        flusher.onFail(new IOException("second"));
        Recorder cb = new Recorder();
        flusher.write(cb, bytes("x"));
        assertSame(cause, cb.failures.get(0));
    }

    @Test
    void completeWriteWithoutAPendingWriteDoesNothing() {
        ScriptedTarget target = new ScriptedTarget();
        WriteFlusher flusher = new WriteFlusher(target);
        flusher.completeWrite();
        assertTrue(flusher.isIdle());
        assertEquals("", target.written());
    }

    @Test
    void invocationTypeFollowsThePendingCallback() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 0;
        WriteFlusher flusher = new WriteFlusher(target);
        assertEquals(Callback.NOOP.getInvocationType(), flusher.getCallbackInvocationType());
        flusher.write(Callback.from(() -> { }, x -> { }), bytes("x"));
        assertEquals(io.workbench.iocore.callback.Invocable.InvocationType.BLOCKING, flusher.getCallbackInvocationType());
    }

    @Test
    void toStringShowsTheState() {
        ScriptedTarget target = new ScriptedTarget();
        target.budget = 0;
        WriteFlusher flusher = new WriteFlusher(target);
        assertTrue(flusher.toString().contains("[IDLE]"), flusher.toString());
        flusher.write(new Recorder(), bytes("x"));
        assertTrue(flusher.toString().contains("[PENDING]"), flusher.toString());
        flusher.onFail(new IOException("boom"));
        assertTrue(flusher.toString().contains("FAILED,java.io.IOException: boom"), flusher.toString());
        assertInstanceOf(IOException.class, flusher.getFailure());
    }
}
