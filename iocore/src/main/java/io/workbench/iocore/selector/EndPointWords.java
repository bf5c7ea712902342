package io.workbench.iocore.selector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.channels.SelectionKey;

/**
 * The two lock-free words of {@link SocketChannelEndPoint}, the interest word and the shut word,
 * with their transitions. Each transition is one CAS loop and returns what its caller must do
 * next (submit the update action, close the channel), so the machines can be proven without a
 * socket: the stress module subclasses this and drives the same methods the endpoint calls.
 *
 * <p>Why a superclass and not two small objects: an endpoint lives as long as its connection, and
 * the idle-connection benchmark counts bytes per connection. Holding the words in fields of the
 * endpoint itself (inherited, as JCTools lays out its queues' fields) costs nothing per
 * connection; two word objects would cost two headers and two references, 32 to 40 bytes.
 * Static transitions over a VarHandle passed in were the other way, and read worse.
 *
 * <h2>The interest word</h2>
 * <pre>
 *   interest:  ops (low 8 bits, SelectionKey.OP_*) | UPDATE_PENDING
 *
 *   addInterest(op), any thread     op already in ops   --> nothing to do
 *                                   else                --> ops |= op, UPDATE_PENDING set;
 *                                                          "submit the update" only if the flag was clear
 *   takeReady(ready), selector      ops &= ~ready, UPDATE_PENDING set (the round's updateKey follows)
 *   takeUpdate(), selector          UPDATE_PENDING cleared and ops read in the same CAS --> apply ops to the key
 * </pre>
 * Promises: an added op is never lost (every {@code addInterest} is followed by a
 * {@code takeUpdate} that sees it, either one it submitted or one that was pending), and of
 * concurrent {@code addInterest}s that find the flag clear exactly one submits. A round's
 * {@code takeUpdate} may consume the flag of an update action still queued, so a later
 * {@code addInterest} can queue a second action: harmless, the second finds nothing new to apply.
 *
 * <h2>The shut word</h2>
 * <pre>
 *   shut:  INPUT_SHUT | OUTPUT_SHUT | CLOSED, bits only ever added
 *
 *   OPEN --shutInput--> ISHUT --shutOutput--> ISHUT+OSHUT: close now (the second side closes)
 *   OPEN --shutOutput-> OSHUT --shutInput---> ISHUT+OSHUT: close now
 *   any  --markClosed-> +CLOSED: true only for the call that set CLOSED, which alone closes the channel
 * </pre>
 */
public abstract class EndPointWords {

    private static final System.Logger LOG = System.getLogger(EndPointWords.class.getName());
    private static final boolean DEBUG = LOG.isLoggable(System.Logger.Level.DEBUG);

    /** The interest ops in the interest word. */
    public static final int OPS_MASK = 0xFF;
    /** In the interest word: an update of the key's ops will run; adding an op need not submit one. */
    public static final int UPDATE_PENDING = 1 << 8;

    /** In the shut word: the input saw its end of stream. */
    public static final int INPUT_SHUT = 1;
    /** In the shut word: the output was shut down. */
    public static final int OUTPUT_SHUT = 2;
    /** In the shut word: the endpoint is closed. */
    public static final int CLOSED = 4;

    private static final VarHandle INTEREST;
    private static final VarHandle SHUT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            INTEREST = lookup.findVarHandle(EndPointWords.class, "interest", int.class);
            SHUT = lookup.findVarHandle(EndPointWords.class, "shut", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What {@link #shutOutput()} asks of its caller. */
    public enum OutputShut {
        /** The output was already shut, or the endpoint closed: nothing to do. */
        NOTHING,
        /** Shut the channel's output. */
        SHUT_OUTPUT,
        /** Shut the channel's output, then close: the input was already shut. */
        SHUT_OUTPUT_THEN_CLOSE
    }

    @SuppressWarnings("unused") // through INTEREST
    private volatile int interest;
    @SuppressWarnings("unused") // through SHUT
    private volatile int shut;

    protected EndPointWords() {
    }

    // --- the interest word --------------------------------------------------------------------

    /**
     * Adds {@code op} to the interest ops. Any thread.
     *
     * @return true if the caller must submit the update action to the selector
     */
    protected final boolean addInterest(int op) {
        while (true) {
            int s = (int) INTEREST.getVolatile(this);
            if ((s & op) != 0) {
                // Already wanted: either applied or about to be.
                return false;
            }
            int next = s | op | UPDATE_PENDING;
            if (INTEREST.compareAndSet(this, s, next)) {
                if (DEBUG) {
                    LOG.log(System.Logger.Level.DEBUG, "{0} interest {1}->{2}", this, interestName(s), interestName(next));
                }
                return (s & UPDATE_PENDING) == 0;
            }
        }
    }

    /** The key was selected with {@code ready}: those ops are consumed, and the round's update follows. Selector thread. */
    protected final void takeReady(int ready) {
        while (true) {
            int s = (int) INTEREST.getVolatile(this);
            if (INTEREST.compareAndSet(this, s, (s & ~ready) | UPDATE_PENDING)) {
                return;
            }
        }
    }

    /**
     * Clears UPDATE_PENDING and reads the ops in one CAS: an op added after it finds the flag clear
     * and submits another update. Selector thread.
     *
     * @return the ops the key must have
     */
    protected final int takeUpdate() {
        int s;
        do {
            s = (int) INTEREST.getVolatile(this);
        } while (!INTEREST.compareAndSet(this, s, s & ~UPDATE_PENDING));
        return s & OPS_MASK;
    }

    /** @return the interest word now: ops and UPDATE_PENDING */
    protected final int interestWord() {
        return (int) INTEREST.getVolatile(this);
    }

    // --- the shut word ------------------------------------------------------------------------

    /**
     * The input saw the end of the stream.
     *
     * @return true if the caller must close: the output was shut already
     */
    protected final boolean shutInput() {
        return (setShut(INPUT_SHUT) & OUTPUT_SHUT) != 0;
    }

    /** The output is to be shut: @return what the caller must do about it */
    protected final OutputShut shutOutput() {
        int s = setShut(OUTPUT_SHUT);
        if ((s & (OUTPUT_SHUT | CLOSED)) != 0) {
            return OutputShut.NOTHING;
        }
        return (s & INPUT_SHUT) != 0 ? OutputShut.SHUT_OUTPUT_THEN_CLOSE : OutputShut.SHUT_OUTPUT;
    }

    /** @return true for the one call that closed the endpoint: it alone closes the channel */
    protected final boolean markClosed() {
        return (setShut(CLOSED) & CLOSED) == 0;
    }

    /** @return the shut word now */
    protected final int shutWord() {
        return (int) SHUT.getVolatile(this);
    }

    /** Sets a shut bit; @return the word before */
    private int setShut(int bit) {
        while (true) {
            int s = (int) SHUT.getVolatile(this);
            if ((s & bit) != 0 || SHUT.compareAndSet(this, s, s | bit)) {
                return s;
            }
        }
    }

    // --- names, for toString() and outcomes ---------------------------------------------------

    /** @return the interest word as {@code R-}, {@code RW+UPDATE_PENDING}, ... */
    public static String interestName(int interest) {
        return ((interest & SelectionKey.OP_READ) != 0 ? "R" : "-") + ((interest & SelectionKey.OP_WRITE) != 0 ? "W" : "-")
                + ((interest & UPDATE_PENDING) != 0 ? "+UPDATE_PENDING" : "");
    }

    /** @return the shut word as {@code OPEN}, {@code ISHUT}, {@code OSHUT}, {@code ISHUT+OSHUT} or {@code CLOSED} */
    public static String shutName(int shut) {
        if ((shut & CLOSED) != 0) {
            return "CLOSED";
        }
        if ((shut & INPUT_SHUT) != 0) {
            return (shut & OUTPUT_SHUT) != 0 ? "ISHUT+OSHUT" : "ISHUT";
        }
        return (shut & OUTPUT_SHUT) != 0 ? "OSHUT" : "OPEN";
    }
}
