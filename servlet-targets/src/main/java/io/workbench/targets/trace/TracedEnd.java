package io.workbench.targets.trace;

import io.workbench.targets.hello.RequestEnd;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The end of a request that carries a trace id: a {@link RequestEnd} that also stamps the points
 * every server goes through, on {@link System#nanoTime()}, and writes one record to the
 * {@link TraceRecorder} when the request ends:
 * <pre>
 *   first read      the server's own account of when it read the request's first bytes (given at creation)
 *   entered         counted(): the shared handling took the request, on the thread it is handled on
 *   answered        answering(): the server's exchange began to make the response (the first call)
 *   writing         writing(): our code is about to issue the write of the response's last bytes (the last call)
 *   handed          handed(): the server said the response's last byte was handed to the socket
 *   end             end(): the record is written, on the ending thread
 * </pre>
 * The stamps are plain fields: each is written by one thread, and the thread that reads them (the
 * one that ends the request) comes after it through the server's own hand-offs (an executor, a
 * completed write, a container's completion). Where the server says the response was handed only
 * after the request ended (Undertow's servlets, {@code handedAfterEnd}), the record is written by
 * whichever of the two comes second, told apart by one atomic word.
 */
public final class TracedEnd extends RequestEnd {

    private static final int ENDED = 1;
    private static final int HANDED = 2;
    private static final VarHandle EVENTS;

    static {
        try {
            EVENTS = MethodHandles.lookup().findVarHandle(TracedEnd.class, "events", int.class);
        } catch (ReflectiveOperationException x) {
            throw new ExceptionInInitializerError(x);
        }
    }

    private final TraceRecorder recorder;
    private final long id;
    private final long firstRead;
    private final boolean handedAfterEnd;
    private long entered;
    private long answered;
    private long writing;
    private long handed;
    @SuppressWarnings("unused") // through EVENTS
    private int events;

    TracedEnd(TraceRecorder recorder, long id, long firstRead, boolean handedAfterEnd) {
        this.recorder = recorder;
        this.id = id;
        this.firstRead = firstRead;
        this.handedAfterEnd = handedAfterEnd;
    }

    @Override
    public void counted(Runnable hook) {
        entered = System.nanoTime();
        super.counted(hook);
    }

    @Override
    public void answering() {
        if (answered == 0) {
            answered = System.nanoTime();
        }
    }

    @Override
    public void writing() {
        // The last call wins: a strategy that hops threads may come here more than once before its write.
        writing = System.nanoTime();
    }

    @Override
    public void handed() {
        if (handed == 0) {
            handed = System.nanoTime();
        }
        if (handedAfterEnd) {
            happened(HANDED);
        }
    }

    @Override
    public boolean end() {
        boolean first = super.end();
        if (first) {
            if (handedAfterEnd) {
                happened(ENDED);
            } else {
                record();
            }
        }
        return first;
    }

    /** Records once both the end and the hand-over have happened. */
    private void happened(int event) {
        int before = (int) EVENTS.getAndBitwiseOr(this, event);
        if (before != (ENDED | HANDED) && (before | event) == (ENDED | HANDED)) {
            record();
        }
    }

    private void record() {
        if (entered == 0) {
            // Never counted: not a request the shared handling took (/stats, a 404), or one the server ended first.
            return;
        }
        long flags = 0;
        if (answered == 0) {
            flags |= TraceRecorder.NOT_ANSWERED;
        }
        if (writing == 0) {
            flags |= TraceRecorder.NOT_WRITING;
        }
        long handedAt = handed;
        if (handedAt == 0) {
            flags |= TraceRecorder.NOT_HANDED;
            handedAt = System.nanoTime();
        }
        recorder.record(id, firstRead, entered, answered, writing, handedAt, flags);
    }

    @Override
    public String toString() {
        return super.toString() + "[traced id=" + id + ", events=" + (int) EVENTS.getVolatile(this) + "]";
    }
}
