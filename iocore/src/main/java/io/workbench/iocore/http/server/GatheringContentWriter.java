package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.IteratingCallback;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Writes the content of a response chunk by chunk, as fast as the client reads, gathering the
 * chunks that are ready into one write: the workbench's own answer to "callbacks or write
 * listeners?", an iterating callback whose each step aggregates what is ready.
 *
 * <p>An {@link IteratingCallback}: each {@link #process()} takes chunks from the subclass until the
 * write holds the high-water mark and hands them to one
 * {@link Response#write(boolean, ByteBuffer[], int, int, io.workbench.iocore.callback.Callback)},
 * which is one gather {@code EndPoint.write}: one system call for several chunks. Each chunk is a
 * buffer of its own in the gather, never copied. A write holds at most the mark, and every write
 * but the last at least half of it, whatever the chunk size {@code c} (down to
 * {@code h / 2 / MAX_PIECES_PER_WRITE}, below); how a write ends at the mark {@code h} depends on the framing:
 * <ul>
 * <li>With {@code Content-Length} the pieces are simply consecutive bytes on the wire, so the chunk
 *     that crosses the mark is cut there: the write holds exactly the mark, and the rest of that chunk
 *     leads the next write. {@code N} chunks go out in {@code ceil(N x c / h)} writes; every write
 *     but the last is the mark, so its size, not the chunk size, decides how the kernel cuts it into
 *     segments (see {@link #DEFAULT_HIGH_WATER}).</li>
 * <li>With chunked framing each piece is a chunk on the wire, so a chunk is never cut: a write takes
 *     chunks while they fit under the mark, {@code floor(h / c)} of them, which is more than
 *     {@code h - c}, so at least half the mark while {@code c <= h / 2}, and a whole chunk of more.</li>
 * </ul>
 * Two limits: a write's first piece is taken whole, however large (a chunk larger than the mark is
 * a write of its own); and a write takes at most {@link Response#MAX_PIECES_PER_WRITE} pieces (1,022,
 * which fill the default 896 KiB mark with chunks of 1 KiB and half of it with chunks of 449 bytes;
 * smaller chunks make writes of 1,022 pieces, under half the mark).
 *
 * <p>A write the socket takes at once completes inside {@code write()}, and the loop goes on in
 * the same frame, at constant stack depth; one that must wait leaves the callback PENDING, no
 * thread waits, and the selector resumes it once the client has read (the endpoint's write
 * flusher goes on from the exact byte where the socket stopped). When the last chunk has been
 * written, {@link #onCompleteSuccess()} runs; a failed write ends in {@link #onCompleteFailure}.
 *
 * <p>The subclass says what the next chunk is ({@link #nextChunkLength()}, {@link #takeChunk(int)})
 * and learns what went out ({@link #written(long)}). Every chunk is ready when asked for: a
 * writer whose content arrives later is not what this class is for. Start it with
 * {@link #iterate()}. Not thread-safe beyond what {@code IteratingCallback} orders: the subclass's
 * methods are called one at a time.
 */
public abstract class GatheringContentWriter extends IteratingCallback {

    /**
     * The high-water mark unless the writer is given another: 896 KiB, 56 of the default 16 KiB
     * chunks or 14 of 64 KiB. What a write costs the kernel is mostly per byte (the copy) and per
     * segment; what it costs on top, per call, showed only once the marks were measured in
     * interleaved rounds, each pair in the same minute: 896 KiB gave a median 12% more MiB per
     * CPU-second than 112 KiB over 18 pairs (two writes per MiB instead of ten), 512 KiB and 1 MiB
     * less than 896 KiB. A write's last segment may be a runt (on loopback the kernel cuts at
     * 65,483 bytes), but at this size that is one runt in fifteen segments. The measurements are
     * in docs/iocore-http.md.
     */
    public static final int DEFAULT_HIGH_WATER = 896 * 1024;

    private final Response response;
    private final int highWater;
    /** The chunks of the write in progress, in their slots; grown as a write needs more slots. */
    private ByteBuffer[] chunks = new ByteBuffer[1];
    /** Bytes of the write in progress. */
    private long writing;
    /** The chunk cut at the mark by the last write, whose rest leads the next one; null if none. */
    private ByteBuffer cut;
    /** The slot {@link #cut} was taken in, kept from new chunks until its rest has been written. */
    private int cutSlot;
    /** Where {@link #cut} ends: its limit before the write that cut it. */
    private int cutLimit;
    private int writes;
    private boolean lastWritten;

    /**
     * @param response  the response whose content this writes, its head not committed yet (the
     *                  first write carries it)
     * @param highWater the most bytes of chunks one write gathers, unless a single chunk is larger
     * @throws IllegalArgumentException if {@code highWater} is not positive
     */
    protected GatheringContentWriter(Response response, int highWater) {
        if (highWater < 1) {
            throw new IllegalArgumentException("the high-water mark must be at least 1 byte, was " + highWater);
        }
        this.response = response;
        this.highWater = highWater;
    }

    /** @return the length of the next chunk not yet taken, 0 once every chunk has been taken */
    protected abstract int nextChunkLength();

    /**
     * Takes the next chunk: a buffer of {@link #nextChunkLength()} bytes, from its position to its
     * limit, which the writer sends in its next write (or, cut at the mark, in its next two) and does
     * not touch after; the subclass must leave it alone until {@link #written(long)} has said that
     * every byte of it went out.
     *
     * @param slot below {@link Response#MAX_PIECES_PER_WRITE}, and the slot of no chunk still being
     *             written (a chunk cut at the mark keeps its slot until its rest is written): a
     *             subclass that reuses a view per slot never hands out one in use
     */
    protected abstract ByteBuffer takeChunk(int slot);

    /** A write completed: {@code bytes} more of content have gone to the socket. Does nothing unless overridden. */
    protected void written(long bytes) {
    }

    @Override
    protected final Action process() {
        if (lastWritten) {
            return Action.SUCCEEDED;
        }
        // Content-Length: the pieces are consecutive bytes on the wire, so a chunk may be cut at the mark.
        boolean fillToMark = response.getContentLength() >= 0;
        int count = 0;
        long bytes = 0;
        int heldSlot = -1;
        if (cut != null) {
            // The rest of the chunk the last write cut: from where that write ended to the chunk's end.
            cut.limit(cutLimit);
            chunks[count++] = cut;
            bytes = cut.remaining();
            heldSlot = cutSlot;
            cut = null;
        }
        int slot = 0;
        int length = nextChunkLength();
        while (length > 0 && count < Response.MAX_PIECES_PER_WRITE && (count == 0 || fits(bytes, length, fillToMark))) {
            if (slot == heldSlot) {
                slot++;
            }
            if (count == chunks.length) {
                chunks = Arrays.copyOf(chunks, Math.min(2 * count, Response.MAX_PIECES_PER_WRITE));
            }
            ByteBuffer chunk = takeChunk(slot);
            if (count > 0 && bytes + length > highWater) {
                // Only with fillToMark: this write ends at the mark, and the chunk's rest leads the next.
                cut = chunk;
                cutSlot = slot;
                cutLimit = chunk.limit();
                chunk.limit(chunk.position() + (int) (highWater - bytes));
            }
            bytes += chunk.remaining();
            chunks[count++] = chunk;
            slot++;
            length = nextChunkLength();
            if (cut != null) {
                break;
            }
        }
        lastWritten = length == 0 && cut == null;
        writing = bytes;
        writes++;
        response.write(lastWritten, chunks, 0, count, this);
        return Action.SCHEDULED;
    }

    /** @return whether a chunk of {@code length} joins a write of {@code bytes}: whole under the mark, or cut at it */
    private boolean fits(long bytes, int length, boolean fillToMark) {
        return fillToMark ? bytes < highWater : bytes + length <= highWater;
    }

    @Override
    protected final void onSuccess() {
        long done = writing;
        writing = 0;
        written(done);
    }

    /** @return the high-water mark: the most bytes of chunks one write gathers */
    public int highWater() {
        return highWater;
    }

    /** @return the writes started so far (each one gather write, one system call unless the socket was full) */
    public int writes() {
        return writes;
    }

    @Override
    public String toString() {
        return super.toString() + "{highWater=" + highWater + ",writes=" + writes + (lastWritten ? ",last written" : "") + "}";
    }
}
