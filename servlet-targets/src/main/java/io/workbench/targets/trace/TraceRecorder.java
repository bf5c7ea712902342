package io.workbench.targets.trace;

import io.workbench.iocore.trace.TraceRing;
import io.workbench.targets.hello.RequestEnd;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A target's trace: the records of the requests it stamped, kept without locks or allocation on the
 * hot path and served by {@code GET /trace}.
 *
 * <p>A traced request's {@link TracedEnd} writes one record when it ends, on whatever thread ends it,
 * into one of {@value #RINGS} {@link TraceRing}s chosen by the thread: a ring per thread would give
 * every virtual thread, which lives for one request, a ring of its own, and a sync cell's 10,000
 * platform threads 10,000 of them; so the rings are striped by thread, a fixed number, each safe for
 * several writers, and a thread always writes to the same one. A full ring refuses the record and
 * counts it: a writer never blocks, and a record is never lost without a count. A drainer thread
 * empties the rings every {@value #DRAIN_MILLIS} ms into {@link DrainedRecords}, off the hot path
 * (allocation happens there, a chunk at a time), up to {@value #HELD_LIMIT} records; past that a
 * record is dropped and counted too, until {@code GET /trace} takes them.
 *
 * <h2>{@code GET /trace}: format version {@value #FORMAT_VERSION}</h2>
 * Drains the rings and answers, as {@code text/csv}, every record since the last {@code /trace}, then
 * forgets them:
 * <pre>
 *   # workbench-trace 2
 *   # cell iocore:async-complete
 *   # first-read the read that brought the request's first byte returned (iocore's Request.beginNanos)
 *   # records 3
 *   # dropped 0
 *   id,first_read_ns,entered_ns,answered_ns,writing_ns,handed_ns,flags
 *   17,81234567890123,81234567901234,81234567902345,81234567903456,81234567905678,0
 * </pre>
 * Times are {@link System#nanoTime()} values, the clock every process of the machine shares;
 * {@code dropped} counts the records lost since the last {@code /trace} (a full ring, or the held
 * limit), so a reader knows how many requests its figures rest on.
 *
 * <p>Two stamps mark the response's way to the socket. {@code writing} is read by our code right
 * before it makes the call that writes the response's last bytes: nothing of the response can reach
 * the client before it, so the trip from it to the client's read is never below zero on one clock.
 * {@code handed} is read when the server says that write completed (a callback, a blocking write's
 * return, the container's completion): the server's own account of its write, which a client on
 * another core may beat, having read the bytes while the server's thread was still coming back from
 * its system call or waiting to run its callback. So {@code writing} is where the request's way
 * continues; {@code handed - writing} is how long the server took to learn its write was done.
 *
 * <p>{@code flags} is a bit set: {@value #NOT_ANSWERED} the request ended before an answer started
 * (its answered, writing and handed stamps are 0), {@value #NOT_HANDED} the server never said the
 * response was handed to the socket (it failed, or was aborted, or was a stream: the handed stamp is
 * the request's end), {@value #NOT_WRITING} no last write was issued for it (a stream, or an answer
 * that failed before its write).
 */
public final class TraceRecorder implements AutoCloseable {

    public static final int FORMAT_VERSION = 2;
    public static final String CONTENT_TYPE = "text/csv";
    /** The path the records are served on. */
    public static final String PATH = "/trace";
    /** The CSV's column names, in order. */
    public static final String COLUMNS = "id,first_read_ns,entered_ns,answered_ns,writing_ns,handed_ns,flags";
    /** Flag: the request ended before its answer started. */
    public static final long NOT_ANSWERED = 1;
    /** Flag: the server never said the response was handed to the socket; the request's end stands in. */
    public static final long NOT_HANDED = 2;
    /** Flag: our code never issued the write of the response's last bytes (a stream, an answer that failed first). */
    public static final long NOT_WRITING = 4;

    static final int RINGS = 16;
    /** Records per ring: 400 ms of 20,000 req/s on one thread between two drains 10 ms apart. */
    static final int RING_CAPACITY = 8192;
    static final int DRAIN_MILLIS = 10;
    /** The records held between two {@code /trace}: 96 MB of longs. */
    static final long HELD_LIMIT = 2_000_000;

    private final String cell;
    private final String firstRead;
    private final TraceRing[] rings;
    private final int ringShift;
    // Guarded by this: the drainer's and /trace's work, never the hot path's.
    private DrainedRecords held;
    private final long heldLimit;
    private long droppedBefore;
    private long overLimitBefore;
    private volatile Thread drainer;
    private volatile boolean closed;

    /**
     * @param cell      the cell it traces, e.g. {@code iocore:async-complete}
     * @param firstRead how the server stamps a request's first read, in words (its card says it too)
     */
    public TraceRecorder(String cell, String firstRead) {
        this(cell, firstRead, RINGS, RING_CAPACITY, HELD_LIMIT);
    }

    /** @param rings a power of two */
    TraceRecorder(String cell, String firstRead, int rings, int ringCapacity, long heldLimit) {
        if (rings < 1 || Integer.bitCount(rings) != 1) {
            throw new IllegalArgumentException("rings must be a power of two, was " + rings);
        }
        this.cell = cell;
        this.firstRead = firstRead;
        this.rings = new TraceRing[rings];
        for (int i = 0; i < rings; i++) {
            this.rings[i] = new TraceRing(ringCapacity);
        }
        this.ringShift = 64 - Integer.numberOfTrailingZeros(rings);
        this.heldLimit = heldLimit;
        this.held = new DrainedRecords(heldLimit);
    }

    /** Starts the drainer thread. */
    public synchronized TraceRecorder start() {
        if (drainer == null && !closed) {
            drainer = Thread.ofPlatform().daemon().name("trace-drainer").start(this::drainUntilClosed);
        }
        return this;
    }

    /**
     * The end of a request that carries the trace id {@code id} (the handler entered, the answer
     * started, its last write issued and the response handed are stamped through it; it records
     * when the request ends).
     *
     * @param firstReadNanos when the server read the request's first bytes, by its own account (0 if it gave none)
     */
    public RequestEnd traced(long id, long firstReadNanos) {
        return new TracedEnd(this, id, firstReadNanos, false);
    }

    /**
     * As {@link #traced}, for a server that says its response was handed to the socket only after the
     * request ended (Undertow's servlets: the exchange completes after {@code service()} returns): the
     * record is written when both have happened.
     */
    public RequestEnd tracedHandedAfterEnd(long id, long firstReadNanos) {
        return new TracedEnd(this, id, firstReadNanos, true);
    }

    /** Any thread, the hot path: one record, into the ring of the calling thread. */
    void record(long id, long firstRead, long entered, long answered, long writing, long handed, long flags) {
        long thread = Thread.currentThread().threadId();
        // Fibonacci hashing: consecutive thread ids land on different rings.
        int ring = ringShift == 64 ? 0 : (int) ((thread * 0x9E3779B97F4A7C15L) >>> ringShift);
        rings[ring].offer(id, firstRead, entered, answered, writing, handed, flags);
    }

    /** The drainer: empties the rings into the held records every {@value #DRAIN_MILLIS} ms. */
    private void drainUntilClosed() {
        while (!closed) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(DRAIN_MILLIS));
            drainRings();
        }
    }

    /** Moves every published record of every ring into the held records. */
    synchronized void drainRings() {
        DrainedRecords into = held;
        for (TraceRing ring : rings) {
            ring.drainTo(into::add);
        }
    }

    /** @return records the drainer has moved out of the rings and {@code /trace} has not served yet */
    synchronized long held() {
        return held.count();
    }

    /** @return records refused so far: a ring was full, or the held records were at their limit */
    public synchronized long dropped() {
        long dropped = held.overLimit() + overLimitBefore;
        for (TraceRing ring : rings) {
            dropped += ring.dropped();
        }
        return dropped;
    }

    /**
     * {@code GET /trace}: drains the rings, then answers every held record as CSV (format above) and
     * forgets them; the drops it reports are those since the last call.
     */
    public synchronized byte[] drainCsv() {
        drainRings();
        DrainedRecords taken = held;
        held = new DrainedRecords(heldLimit);
        long ringDrops = 0;
        for (TraceRing ring : rings) {
            ringDrops += ring.dropped();
        }
        long droppedNow = ringDrops + overLimitBefore + taken.overLimit();
        long droppedSince = droppedNow - droppedBefore;
        droppedBefore = droppedNow;
        overLimitBefore += taken.overLimit();
        String header = "# workbench-trace " + FORMAT_VERSION + "\n"
                + "# cell " + cell + "\n"
                + "# first-read " + firstRead + "\n"
                + "# records " + taken.count() + "\n"
                + "# dropped " + droppedSince + "\n"
                + COLUMNS + "\n";
        return TraceCsv.write(header, taken);
    }

    /** Stops the drainer; what is recorded stays readable. */
    @Override
    public void close() {
        Thread thread;
        synchronized (this) {
            closed = true;
            thread = drainer;
        }
        if (thread != null) {
            LockSupport.unpark(thread);
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public String cell() {
        return cell;
    }

    public String firstRead() {
        return firstRead;
    }

    @Override
    public String toString() {
        return "TraceRecorder@" + Integer.toHexString(hashCode()) + "[" + cell + "," + rings.length + " rings of "
                + rings[0].capacity() + (closed ? ",CLOSED" : drainer != null ? ",DRAINING" : ",IDLE") + "]";
    }
}
