package io.workbench.iocore.http.server;

import io.workbench.iocore.io.ByteBufferPool;
import io.workbench.iocore.state.Transitions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * The pipelined responses a connection holds back to send with the next write, in one pooled
 * buffer, and who owns that buffer: one owner at a time, handed over by one CAS.
 *
 * <pre>
 *           hold(): the connection's thread copies a whole response in
 *   NONE -----------------------------------------------------------> HELD --hold()--> HELD
 *    ^  ^                                                              |  |
 *    |  |  drop(): the connection's thread, closing (no write can      |  | carry(): a write takes the bytes (the
 *    |  +--------- carry them any more): the buffer back to the pool --+  | next response's, or the connection's
 *    |                                                                    | own flush): one CAS, one winner
 *    |     written(): whoever completes the write that carried them,      v
 *    +------------- done or failed: the buffer back to the pool ------ CARRIED
 *    |                                                                    | await(): a response write that must go
 *    |     written(), as above; it returns true: the caller wakes         | after them (the connection's flush
 *    +------------- the write that waited -------------------------- AWAITED <+ carries them)
 * </pre>
 *
 * <p>Why a machine: the thread that handles a request holds its response here when more requests
 * are buffered behind it, and a handler that goes asynchronous answers from another thread. Then
 * the connection's thread (writing what is held before it lets the connection go) and the
 * handler's thread (whose response would carry what is held) may both reach for the bytes; exactly
 * one write must carry them, and the other must go after it. And a write that carries them may go
 * pending (the socket is full) and be failed by a close from a third thread: the buffer then
 * belongs to that write until it has been failed, and no close path may give it back earlier, or
 * the selector could write from a buffer that another connection has taken meanwhile.
 *
 * <p>Who may do what: {@link #hold} and {@link #drop} only the connection's processing thread
 * (one at a time, handed over through {@link HandlingState}); {@link #carry()}, {@link #await()}
 * and {@link #written()} any thread. The buffer field is written by its owner and published by the
 * CAS that hands it over: {@code hold()} CASes after every copy (HELD to HELD), so a write on
 * another thread that carries the bytes sees all of them; {@code written()} releases the buffer
 * before its CAS to NONE, so whoever reads NONE sees no buffer. The state is one int behind a
 * {@link VarHandle}, changed only in {@link #cas}, which checks the move against
 * {@link #TRANSITIONS}. Public, with no dependency on a connection, so that the jcstress tests in
 * {@code stress/} can race the hand-overs directly.
 */
public final class HeldResponses {

    public static final int NONE = 0;
    public static final int HELD = 1;
    public static final int CARRIED = 2;
    public static final int AWAITED = 3;
    private static final Transitions TRANSITIONS = new Transitions("NONE", "HELD", "CARRIED", "AWAITED")
            .allow(NONE, HELD)
            .allow(HELD, HELD, CARRIED, NONE)
            .allow(CARRIED, AWAITED, NONE)
            .allow(AWAITED, NONE);

    private static final System.Logger LOG = System.getLogger(HeldResponses.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(HeldResponses.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ByteBufferPool pool;
    private final int capacity;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    /**
     * The held bytes, in fill mode (position = bytes held) while HELD; the carrying write's while
     * CARRIED or AWAITED; null when NONE.
     */
    private ByteBuffer buffer;

    /**
     * @param pool     where the buffer comes from and goes back to
     * @param capacity the buffer's size: a response that does not fit in what is left is not held
     */
    public HeldResponses(ByteBufferPool pool, int capacity) {
        this.pool = pool;
        this.capacity = capacity;
    }

    /**
     * Copies a whole response behind the ones held; the connection's processing thread only.
     *
     * @param whole the response, in flush mode; consumed if it is held
     * @return false if it does not fit in what is left, or if the held responses are in a write
     *         (it must then be written, after them)
     */
    public boolean hold(ByteBuffer whole) {
        int s = get();
        if (s == NONE) {
            if (whole.remaining() > capacity) {
                return false;
            }
            ByteBuffer fresh = pool.acquire(capacity);
            fresh.put(whole);
            buffer = fresh;
            cas(NONE, HELD);
            return true;
        }
        if (s == HELD && buffer.remaining() >= whole.remaining()) {
            buffer.put(whole);
            // The state does not change; the CAS publishes the bytes just copied to whichever thread carries them.
            if (!cas(HELD, HELD)) {
                throw new IllegalStateException("the held responses were carried off while the connection's thread added one: " + this);
            }
            return true;
        }
        return false;
    }

    /**
     * Takes the held responses into a write, from any thread; at most one caller gets them. The
     * caller owns the buffer until it calls {@link #written()}, which it must do exactly once,
     * when its write has completed or failed (not before: the endpoint reads the buffer until then).
     *
     * @return the buffer, in fill mode (the caller may copy its own response behind the held ones,
     *         then flips it), or null if nothing is held
     */
    public ByteBuffer carry() {
        if (get() != HELD || !cas(HELD, CARRIED)) {
            return null;
        }
        return buffer;
    }

    /**
     * A response write asks whether it must wait for the held responses, which another write
     * carries. If so, that write's completer is told, by {@link #written()} returning true, to wake it.
     *
     * @return true if the caller must wait; false if no write carries held responses now
     */
    public boolean await() {
        while (true) {
            int s = get();
            if (s == AWAITED) {
                return true;
            }
            if (s != CARRIED) {
                return false;
            }
            if (cas(CARRIED, AWAITED)) {
                return true;
            }
        }
    }

    /**
     * The write that carried the held responses is over (done or failed) and no longer reads the
     * buffer: it goes back to the pool. Only the completer of that write calls it, once.
     *
     * @return true if a response write awaited the held ones: the caller wakes it
     * @throws IllegalStateException if nothing was carried
     */
    public boolean written() {
        while (true) {
            int s = get();
            if (s != CARRIED && s != AWAITED) {
                throw new IllegalStateException("written() with nothing carried: " + this);
            }
            ByteBuffer carried = buffer;
            if (carried != null) {
                buffer = null;
                pool.release(carried);
            }
            if (cas(s, NONE)) {
                return s == AWAITED;
            }
            // await() moved CARRIED to AWAITED meanwhile; the buffer is already back.
        }
    }

    /**
     * Gives the held responses back to the pool unwritten, because the endpoint is closed; the
     * connection's processing thread only. Does nothing while a write carries them: that write's
     * completer gives the buffer back, once the write has failed.
     *
     * @return true if held responses were dropped
     */
    public boolean drop() {
        if (get() != HELD || !cas(HELD, NONE)) {
            return false;
        }
        ByteBuffer held = buffer;
        buffer = null;
        pool.release(held);
        return true;
    }

    /** @return the current state: {@link #NONE}, {@link #HELD}, {@link #CARRIED} or {@link #AWAITED} */
    public int get() {
        return (int) STATE.getVolatile(this);
    }

    /** @return true while responses are held and no write carries them */
    public boolean isHeld() {
        return get() == HELD;
    }

    public static String name(int state) {
        return TRANSITIONS.name(state);
    }

    /**
     * The one place the state changes. Only {@link #carry()} and {@link #await()} may lose a race
     * (to each other, or to {@link #written()}); a move out of a state that only one party may
     * leave fails loudly if it is lost.
     */
    private boolean cas(int expected, int next) {
        TRANSITIONS.check(expected, next, this);
        boolean swapped = STATE.compareAndSet(this, expected, next);
        if (DEBUG) {
            TRANSITIONS.logMove(LOG, this, expected, next, swapped);
        }
        if (!swapped && expected == NONE) {
            throw new IllegalStateException("lost the race out of NONE, which only the connection's thread may leave: " + this);
        }
        return swapped;
    }

    @Override
    public String toString() {
        return "HeldResponses@" + Integer.toHexString(hashCode()) + "[" + TRANSITIONS.name(get()) + "]";
    }
}
