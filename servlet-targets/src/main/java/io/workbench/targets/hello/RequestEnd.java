package io.workbench.targets.hello;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The end of one request as its exchange sees it, so that a counted request is completed exactly
 * once whoever ends it: the strategy's response (written, or failed), or the server first (an idle
 * timeout, a closed connection, a container that ended the asynchronous cycle itself). The hook is
 * handed over when the request is counted, before any strategy runs, so an end that comes first
 * still finds it.
 *
 * <pre>
 *   OPEN --counted(hook)--> COUNTED --end()--> ENDED (the hook runs, once)
 *     \--end()--> ENDED --counted(hook)--> ENDED (the hook runs at once: the server ended it first)
 * </pre>
 *
 * A request that is never counted ({@code /stats}, a 404) goes from OPEN to ENDED and runs nothing.
 * Lock-free: one reference holds the state, the hook itself while COUNTED.
 *
 * <p>It is also where a traced request's stamps are taken, since every server's exchange holds one
 * per request: {@link #counted} is the handler entered, {@link #answering()} the answer started,
 * {@link #writing()} its last write issued, {@link #handed()} the response's last byte handed to the
 * socket, {@link #end()} the end. This class ignores the three between; a target started with
 * tracing gives a request that carries a trace id a {@link io.workbench.targets.trace.TracedEnd}
 * instead, which stamps them: an untraced request pays nothing but three empty calls.
 */
public class RequestEnd {

    /** The states, for {@link #toString()}; the reference below encodes them. */
    enum State { OPEN, COUNTED, ENDED }

    /** The state when ENDED. */
    private static final Runnable ENDED = () -> { };

    /** null: OPEN; {@link #ENDED}: ENDED; any other hook: COUNTED with that hook. */
    private final AtomicReference<Runnable> state = new AtomicReference<>();

    /**
     * The request is counted: {@code hook} is to run exactly once when it ends. Call at most once.
     * If it has already ended, the hook runs now.
     */
    public void counted(Runnable hook) {
        if (hook == null || hook == ENDED) {
            throw new IllegalArgumentException("a hook to run is required");
        }
        if (!state.compareAndSet(null, hook)) {
            if (state.get() != ENDED) {
                throw new IllegalStateException("counted twice: " + this);
            }
            hook.run();
        }
    }

    /**
     * The request is over; runs the hook if it is counted and this is the first end.
     *
     * @return true if this call ended it, false if it had ended already
     */
    public boolean end() {
        Runnable previous = state.getAndSet(ENDED);
        if (previous == ENDED) {
            return false;
        }
        if (previous != null) {
            previous.run();
        }
        return true;
    }

    /**
     * The server's exchange is about to make the response (the strategy's answer starts): called at
     * the top of its send, on the thread that sends, possibly more than once (a hop to another thread
     * calls it again). Nothing for an untraced request.
     */
    public void answering() {
    }

    /**
     * Our code is about to issue the write of the response's last bytes: called right before that
     * call, on the thread that makes it (the last call counts). Nothing for an untraced request.
     */
    public void writing() {
    }

    /**
     * The server says the response's last byte was handed to the socket now (its write completed).
     * Nothing for an untraced request.
     */
    public void handed() {
    }

    /** True once the request is over: nothing is to be written for it any more. */
    public boolean isEnded() {
        return state.get() == ENDED;
    }

    State state() {
        Runnable now = state.get();
        return now == null ? State.OPEN : now == ENDED ? State.ENDED : State.COUNTED;
    }

    @Override
    public String toString() {
        return "RequestEnd@" + Integer.toHexString(hashCode()) + "[" + state() + "]";
    }
}
