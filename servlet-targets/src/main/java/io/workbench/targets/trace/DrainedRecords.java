package io.workbench.targets.trace;

import io.workbench.iocore.trace.TraceRing;
import java.util.ArrayList;
import java.util.List;

/**
 * The records drained from the rings and not yet served by {@code GET /trace}: chunks of primitive
 * slots, allocated off the hot path as they fill, up to a limit past which a record is dropped and
 * counted. Owned by whoever holds the {@link TraceRecorder}'s lock.
 */
final class DrainedRecords {

    /** Records per chunk: 1.5 MiB of longs. */
    static final int CHUNK_RECORDS = 32 * 1024;

    private final long limit;
    private final List<long[]> chunks = new ArrayList<>();
    private long count;
    private long overLimit;

    /** @param limit the most records held at once */
    DrainedRecords(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1, was " + limit);
        }
        this.limit = limit;
    }

    /** Copies the record at {@code slots[at]}, or counts it as over the limit. */
    void add(long[] slots, int at) {
        if (count >= limit) {
            overLimit++;
            return;
        }
        int inChunk = (int) (count % CHUNK_RECORDS);
        if (inChunk == 0) {
            chunks.add(new long[CHUNK_RECORDS * TraceRing.LONGS]);
        }
        System.arraycopy(slots, at, chunks.get(chunks.size() - 1), inChunk * TraceRing.LONGS, TraceRing.LONGS);
        count++;
    }

    long count() {
        return count;
    }

    /** @return records refused because the limit was reached */
    long overLimit() {
        return overLimit;
    }

    /** The {@code i}th record's {@code field}th long (0: id ... 5: flags). */
    long get(long i, int field) {
        return chunks.get((int) (i / CHUNK_RECORDS))[(int) (i % CHUNK_RECORDS) * TraceRing.LONGS + field];
    }

    @Override
    public String toString() {
        return "DrainedRecords[" + count + "/" + limit + ",overLimit=" + overLimit + "]";
    }
}
