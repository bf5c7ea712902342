package io.workbench.stress.callback;

/**
 * The one asynchronous operation a race's process() may start. A test actor plays the operation
 * completing: it marks it called back, then calls the callback. So a completion hook that runs
 * while the operation is still outstanding has run before anybody called back: a bug.
 */
final class Operation {

    /** Spin-wait hints before an awaiting actor starts to yield its core (two cores, busy machine). */
    private static final int SPINS_BEFORE_YIELD = 1 << 12;
    /** Long enough for any descheduled actor; only a broken test waits this long. */
    private static final long GIVE_UP_NANOS = 10_000_000_000L;

    private volatile boolean started;
    private volatile boolean outstanding;

    /** Called by process(): the operation now runs and will call back. */
    void start() {
        outstanding = true;
        started = true;
    }

    /** Called by the actor that completes the operation, just before it calls the callback. */
    void callBack() {
        outstanding = false;
    }

    boolean isStarted() {
        return started;
    }

    boolean isOutstanding() {
        return outstanding;
    }

    /**
     * Waits until process() has started the operation, so that its completion races the rest of
     * process() and not the call that started it.
     *
     * @return false if it was not started within {@value #GIVE_UP_NANOS} ns
     */
    boolean awaitStart() {
        long deadline = 0;
        for (int spins = 0; !started; spins++) {
            if (spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
                continue;
            }
            long now = System.nanoTime();
            if (deadline == 0) {
                deadline = now + GIVE_UP_NANOS;
            } else if (now - deadline > 0) {
                return false;
            }
            Thread.yield();
        }
        return true;
    }
}
