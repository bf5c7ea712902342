package io.workbench.targets.hello;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What {@code GET /stream} has done, for {@code /stats}: streams started, streams finished
 * (written whole, or failed), and body bytes written. Bytes are counted as the server takes them
 * (a completed asynchronous write, a blocking write that returned, a {@code WriteListener} write
 * accepted while {@code isReady()}), so a stream's progress shows while it runs. Thread-safe.
 */
public final class StreamStats {

    private final AtomicLong started = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    /** Written by every stream, often: striped so that concurrent streams do not contend. */
    private final LongAdder bytes = new LongAdder();

    void started() {
        started.incrementAndGet();
    }

    void completed() {
        completed.incrementAndGet();
    }

    void wrote(long count) {
        bytes.add(count);
    }

    public long startedCount() {
        return started.get();
    }

    public long completedCount() {
        return completed.get();
    }

    /** Streams started and not finished yet. */
    public long inFlightCount() {
        return started.get() - completed.get();
    }

    public long bytes() {
        return bytes.sum();
    }

    /** {@code "streams":S,"streamsInFlight":I,"streamedBytes":B}, the members {@code /stats} appends. */
    String jsonMembers() {
        long done = completed.get();
        long begun = started.get();
        return "\"streams\":" + begun + ",\"streamsInFlight\":" + (begun - done) + ",\"streamedBytes\":" + bytes.sum();
    }

    @Override
    public String toString() {
        return "StreamStats{" + jsonMembers() + "}";
    }
}
