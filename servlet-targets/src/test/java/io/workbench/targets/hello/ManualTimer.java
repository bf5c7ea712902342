package io.workbench.targets.hello;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

/** A wait timer cranked by hand: it keeps the waits, and runs them when the test says their time has come. */
final class ManualTimer implements Handoffs.WaitTimer {

    final List<Long> delays = new ArrayList<>();
    private final List<Runnable> waiting = new ArrayList<>();
    private boolean closed;

    @Override
    public synchronized void schedule(Runnable expiry, long delayMillis) {
        if (closed) {
            throw new RejectedExecutionException("closed");
        }
        delays.add(delayMillis);
        waiting.add(expiry);
    }

    /** Runs every wait kept so far, on the calling thread, as the timer thread would once they are due. */
    void fire() {
        List<Runnable> due;
        synchronized (this) {
            due = new ArrayList<>(waiting);
            waiting.clear();
        }
        due.forEach(Runnable::run);
    }

    synchronized int waiting() {
        return waiting.size();
    }

    @Override
    public synchronized void close() {
        closed = true;
        waiting.clear();
    }
}
