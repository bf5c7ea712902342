package io.workbench.iocore.callback.pattern;

import io.workbench.iocore.callback.Callback;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpscArrayQueue;

/**
 * "Another thread" for a {@link SimulatedChannel}: completes the writes that did not complete
 * synchronously, as an I/O thread would when the socket becomes writable again.
 *
 * <p>Callbacks are handed over through a preallocated JCTools MPSC array queue, so handing one
 * over allocates nothing. The thread spins briefly when it runs dry and then parks; a producer
 * unparks it only if it announced it was parking (a volatile flag written before it re-checks
 * the queue, read by producers after they enqueue, so one of the two always sees the other).
 */
public final class AsyncCompleter implements AutoCloseable {

    private static final int CAPACITY = 4096;
    private static final int SPINS_BEFORE_PARKING = 1_000;

    private final MpscArrayQueue<Callback> completions = new MpscArrayQueue<>(CAPACITY);
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean parking;
    private volatile boolean closed;

    /** Starts the completer thread (a daemon) with the given name. */
    public AsyncCompleter(String name) {
        thread = new Thread(this::completeUntilClosed, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Arranges for {@code callback.succeeded()} to be called soon from the completer thread. */
    public void complete(Callback callback) {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
        while (!completions.offer(callback)) {
            Thread.onSpinWait();
        }
        if (parking) {
            LockSupport.unpark(thread);
        }
    }

    /** @return the first exception a completed callback threw, or null: a correct pattern never throws here */
    public Throwable firstFailure() {
        return firstFailure.get();
    }

    private void completeUntilClosed() {
        int idle = 0;
        while (!closed) {
            Callback callback = completions.poll();
            if (callback != null) {
                idle = 0;
                try {
                    callback.succeeded();
                } catch (Throwable x) {
                    firstFailure.compareAndSet(null, x);
                }
            } else if (++idle < SPINS_BEFORE_PARKING) {
                Thread.onSpinWait();
            } else {
                parking = true;
                if (completions.isEmpty() && !closed) {
                    LockSupport.park(this);
                }
                parking = false;
                idle = 0;
            }
        }
    }

    /**
     * Stops the thread once it has completed what was already handed over, and waits for it. An
     * interrupt while waiting ends the wait early and stays set on the calling thread.
     */
    @Override
    public void close() {
        while (!completions.isEmpty() && thread.isAlive()) {
            Thread.onSpinWait();
        }
        closed = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "AsyncCompleter@" + Integer.toHexString(hashCode()) + "[" + thread.getName()
                + ",queued=" + completions.size() + ",parking=" + parking + ",closed=" + closed + "]";
    }
}
