package io.workbench.stress.server.held;

import io.workbench.iocore.http.server.HeldResponses;
import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.stress.harness.RaceWindow;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * One jcstress iteration of a race on a connection's held responses: held responses of the
 * variant this VM runs ({@link HeldUnderTest#create}) over a pool of their own, whose count of
 * buffers out says whether the held buffer went back once, twice or not at all. Driven as the
 * connection and its response flusher drive them, with no socket behind. Every call returns what
 * the outcome shows: what it did, or the name of the exception it threw.
 */
public final class HeldRace {

    private static final int CAPACITY = 1024;
    private static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello".getBytes(StandardCharsets.US_ASCII);
    /** A write of the held bytes takes a while (the endpoint's write(2)); the real machine and the copies alike. */
    private static final int WRITE_SPINS = 64;
    /** So does answering a request before its response is held; the real machine and the copies alike. */
    private static final int HANDLE_SPINS = 100;

    private final ByteBufferPool pool = new ByteBufferPool(false, CAPACITY, 2);
    private final HeldUnderTest held = HeldUnderTest.create(pool, CAPACITY);

    /** Set-up: the connection's thread holds one response. */
    public HeldRace holdOne() {
        if (!held.hold(ByteBuffer.wrap(RESPONSE))) {
            throw new IllegalStateException("could not hold a response in a fresh buffer");
        }
        return this;
    }

    /** Set-up: a write has taken the held response (it is on its way). */
    public HeldRace carried() {
        if (held.carry() == null) {
            throw new IllegalStateException("nothing to carry");
        }
        return this;
    }

    /**
     * The connection's thread answers the next pipelined request in place (parsing it and running
     * its handler take a while), then holds its response. @return {@code held} or {@code refused}
     */
    public String hold() {
        RaceWindow.spin(HANDLE_SPINS);
        return call(() -> held.hold(ByteBuffer.wrap(RESPONSE)), "held", "refused");
    }

    /**
     * For the arbiter, after the race: takes what is held into a write. @return the bytes held,
     * {@code none} if nothing is held or the state says HELD with no buffer behind it
     */
    public String heldBytes() {
        try {
            ByteBuffer buffer = held.carry();
            return buffer == null ? "none" : String.valueOf(buffer.position());
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }

    /** A write (the connection's flush, or a response's) takes the held responses. @return {@code carried} or {@code nothing} */
    public String carry() {
        try {
            return held.carry() != null ? "carried" : "nothing";
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }

    /** A response write asks whether it must wait for the write that carries them. @return {@code waits} or {@code goes} */
    public String await() {
        return call(held::await, "waits", "goes");
    }

    /** The completer of the carrying write gives the buffer back. @return {@code wakes} (a write waited) or {@code alone} */
    public String written() {
        return call(held::written, "wakes", "alone");
    }

    /**
     * The carrying write ends: the endpoint writes from the buffer a while, then the completer
     * gives it back. @return {@code own} if the buffer was still out of the pool (this write's)
     * when the endpoint was done with it, {@code released} if it had gone back under the write;
     * then what {@link #written()} said
     */
    public String finishWrite() {
        RaceWindow.spin(WRITE_SPINS);
        String buffer = pool.getOutstanding() == 1 ? "own" : "released";
        return buffer + "," + written();
    }

    /** The connection's thread, closing, drops what is held. @return {@code dropped} or {@code kept} */
    public String drop() {
        return call(held::drop, "dropped", "kept");
    }

    /** @return buffers taken from the pool and not given back: 0, or 1 while one is held or carried, -1 if given back twice */
    public long outstanding() {
        return pool.getOutstanding();
    }

    /** @return the state's name, e.g. {@code NONE} */
    public String state() {
        return HeldResponses.name(held.get());
    }

    private static String call(BooleanSupplier call, String yes, String no) {
        try {
            return call.getAsBoolean() ? yes : no;
        } catch (RuntimeException x) {
            return x.getClass().getSimpleName();
        }
    }
}
