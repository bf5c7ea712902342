package io.workbench.loadgen.trace;

import io.workbench.loadgen.record.ErrorKind;
import java.util.ArrayList;
import java.util.List;

/**
 * One generator loop's side of the trace: each request's id and its stamps, kept by the loop's own
 * thread (no synchronization) in chunks of primitive slots, a chunk allocated every
 * {@value #CHUNK_RECORDS} requests. The run reads it once the loop has stopped.
 *
 * <p>Ids are unique in the run: a loop of index k among n gives its requests k, k + n, k + 2n... in
 * the order it takes them off its schedule, so that one loop's ids are its sequence. A request sent
 * again (its connection closed before a byte of it was written) keeps its id, and is marked.
 */
public final class LoopTrace {

    /** The stamps and what happened, per record: id, intended, tried, sent, end, flags. */
    static final int LONGS = 6;
    static final int CHUNK_RECORDS = 16 * 1024;

    /** Flag: in the measured phase. */
    static final long MEASURED = 1;
    /** Flag: sent again after its connection closed before any byte of it was written. */
    static final long RETRIED = 2;
    private static final int OUTCOME_SHIFT = 8;
    private static final int KIND_SHIFT = 16;

    private final int loops;
    private long nextSequence;
    private final int index;
    private final List<long[]> chunks = new ArrayList<>();
    private long count;

    /** @param index the loop's index among {@code loops} */
    public LoopTrace(int index, int loops) {
        if (loops < 1 || index < 0 || index >= loops) {
            throw new IllegalArgumentException("loop " + index + " of " + loops);
        }
        this.index = index;
        this.loops = loops;
    }

    /** @return the id of the next request this loop takes off its schedule */
    public long nextId() {
        return nextSequence++ * loops + index;
    }

    /**
     * The request {@code id} ended as {@code outcome}.
     *
     * @param sent 0 if it was never handed to a socket whole
     * @param kind the error kind of an {@link Outcome#ERROR} or {@link Outcome#CENSORED}, else null
     */
    public void ended(long id, long intended, long tried, long sent, long end, boolean measured, boolean retried, Outcome outcome,
                      ErrorKind kind) {
        int inChunk = (int) (count % CHUNK_RECORDS);
        if (inChunk == 0) {
            chunks.add(new long[CHUNK_RECORDS * LONGS]);
        }
        long[] chunk = chunks.get(chunks.size() - 1);
        int at = inChunk * LONGS;
        chunk[at] = id;
        chunk[at + 1] = intended;
        chunk[at + 2] = tried;
        chunk[at + 3] = sent;
        chunk[at + 4] = end;
        chunk[at + 5] = (measured ? MEASURED : 0) | (retried ? RETRIED : 0) | ((long) outcome.ordinal() << OUTCOME_SHIFT)
                | ((long) (kind == null ? 0 : kind.ordinal() + 1) << KIND_SHIFT);
        count++;
    }

    /** @return records kept */
    public long count() {
        return count;
    }

    /** The {@code i}th record's {@code field}th long (0 id, 1 intended, 2 tried, 3 sent, 4 end, 5 flags). */
    long get(long i, int field) {
        return chunks.get((int) (i / CHUNK_RECORDS))[(int) (i % CHUNK_RECORDS) * LONGS + field];
    }

    static boolean measured(long flags) {
        return (flags & MEASURED) != 0;
    }

    static boolean retried(long flags) {
        return (flags & RETRIED) != 0;
    }

    static Outcome outcome(long flags) {
        return Outcome.values()[(int) ((flags >>> OUTCOME_SHIFT) & 0xFF)];
    }

    /** @return the error kind of the record's flags, or null */
    static ErrorKind kind(long flags) {
        int kind = (int) ((flags >>> KIND_SHIFT) & 0xFF);
        return kind == 0 ? null : ErrorKind.values()[kind - 1];
    }

    /** How a traced request ended, as the generator saw it. */
    public enum Outcome {
        /** A response with a 2xx status. */
        OK("ok"),
        /** A response with another status: still a response, whose parts are as real. */
        NON_2XX("non_2xx"),
        /** Its timeout ended it, timed up to then. */
        TIMEOUT("timeout"),
        /** Given up by the generator before its response (a connect failed, the run ended), timed up to then. */
        CENSORED("censored"),
        /** Failed otherwise (reset, closed, a bad response): counted, not timed. */
        ERROR("error");

        private final String key;

        Outcome(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** @return true if a response was read: the request's parts are whole */
        public boolean responded() {
            return this == OK || this == NON_2XX;
        }
    }

    @Override
    public String toString() {
        return "LoopTrace[loop " + index + "/" + loops + "," + count + " records]";
    }
}
