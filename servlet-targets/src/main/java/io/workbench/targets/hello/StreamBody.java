package io.workbench.targets.hello;

import java.nio.ByteBuffer;

/**
 * The body of one {@code GET /stream?bytes=N[&chunk=K]} response: N bytes of a fixed pattern that a
 * client can check byte by byte ({@link #byteAt(long)}: byte i is {@code i mod 251}), written K at a
 * time. 251 is prime, so a chunk lost, repeated or swapped at any power-of-two boundary shows.
 *
 * <p>The pattern is periodic, so every chunk is a window of one shared read-only buffer of
 * {@value #MAX_CHUNK} + 251 bytes, in direct memory for the NIO servers ({@link #nextChunk}) and
 * on the heap for {@code ServletOutputStream.write(byte[], int, int)} ({@link #pattern()},
 * {@link #patternOffset()}): no chunk is generated or copied by the target.
 *
 * <p>One writer at a time: the server's writes of one stream happen one after the other, each
 * started once the previous one has completed, so the position needs no synchronisation beyond the
 * server's own hand-over between threads.
 */
public final class StreamBody {

    /** 1 GiB, the largest body a stream may ask for. */
    public static final long MAX_BYTES = 1L << 30;
    /** The chunk size unless {@code chunk=K} says otherwise. */
    public static final int DEFAULT_CHUNK = 16 * 1024;
    /** 1 MiB, the largest chunk. */
    public static final int MAX_CHUNK = 1 << 20;
    public static final String CONTENT_TYPE = "application/octet-stream";
    public static final String PATH = "/stream";
    /** The pattern's period: byte i of a body is {@code i % PERIOD}. */
    public static final int PERIOD = 251;

    private final long length;
    private final int chunk;
    private final StreamStats stats;
    private long position;

    StreamBody(long length, int chunk, StreamStats stats) {
        if (length < 0 || length > MAX_BYTES || chunk < 1 || chunk > MAX_CHUNK) {
            throw new IllegalArgumentException("bytes must be in [0, " + MAX_BYTES + "] and chunk in [1, " + MAX_CHUNK + "]");
        }
        this.length = length;
        this.chunk = chunk;
        this.stats = stats;
    }

    /**
     * The body asked for by {@code query} ({@code bytes=N}, required; {@code chunk=K}, optional).
     *
     * @throws IllegalArgumentException with a message fit for a 400 response
     */
    public static StreamBody parse(String query, StreamStats stats) {
        long bytes = -1;
        long chunk = DEFAULT_CHUNK;
        if (query != null && !query.isEmpty()) {
            for (String parameter : query.split("&")) {
                if (parameter.startsWith("bytes=")) {
                    bytes = number("bytes", parameter.substring(6), MAX_BYTES);
                } else if (parameter.startsWith("chunk=")) {
                    chunk = number("chunk", parameter.substring(6), MAX_CHUNK);
                    if (chunk == 0) {
                        throw new IllegalArgumentException("chunk must be at least 1 byte, was 0");
                    }
                }
            }
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes=N is required (the body length, 0 to " + MAX_BYTES + ")");
        }
        return new StreamBody(bytes, (int) chunk, stats);
    }

    private static long number(String name, String text, long max) {
        if (text.isEmpty() || text.length() > 12) {
            throw new IllegalArgumentException(name + " must be a whole number of bytes, was '" + text + "'");
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char digit = text.charAt(i);
            if (digit < '0' || digit > '9') {
                throw new IllegalArgumentException(name + " must be a whole number of bytes, was '" + text + "'");
            }
            value = value * 10 + (digit - '0');
        }
        if (value > max) {
            throw new IllegalArgumentException(name + " must be at most " + max + " bytes, was " + value);
        }
        return value;
    }

    /** Byte {@code index} of every stream body. */
    public static byte byteAt(long index) {
        return (byte) (index % PERIOD);
    }

    /** The body length N, sent as {@code Content-Length}. */
    public long length() {
        return length;
    }

    /** The chunk size K. */
    public int chunkSize() {
        return chunk;
    }

    /** Bytes written so far. */
    public long position() {
        return position;
    }

    public long remaining() {
        return length - position;
    }

    public boolean isDone() {
        return position == length;
    }

    /** The length of the next chunk: K, or what remains if less. */
    public int nextChunkLength() {
        return chunkLengthAhead(0);
    }

    /**
     * The next chunk (at most K bytes from the position), as {@code view} set to the right window.
     * Does not advance: call {@link #advance(int)} with what was written.
     *
     * @param view a {@link #newView()} of the writer's own, reused for each chunk
     */
    public ByteBuffer nextChunk(ByteBuffer view) {
        return chunkAhead(0, view);
    }

    /**
     * The length of the chunk that starts {@code ahead} bytes past the position, for a writer that
     * gathers several chunks into one write: K, or what remains if less; 0 at the end.
     */
    public int chunkLengthAhead(long ahead) {
        return (int) Math.max(0, Math.min(chunk, length - position - ahead));
    }

    /**
     * The chunk that starts {@code ahead} bytes past the position (the chunks before it taken, not
     * written yet), as {@code view} set to its window. Does not advance.
     *
     * @param view a {@link #newView()} of the writer's own, one per chunk that is out at the same time
     */
    public ByteBuffer chunkAhead(long ahead, ByteBuffer view) {
        int start = (int) ((position + ahead) % PERIOD);
        view.limit(start + chunkLengthAhead(ahead)).position(start);
        return view;
    }

    /** @return a read-only view of the direct pattern buffer, for {@link #nextChunk(ByteBuffer)} */
    public static ByteBuffer newView() {
        return Pattern.DIRECT.duplicate();
    }

    /** @return the heap pattern: the next chunk is {@code pattern()[patternOffset() ..+ nextChunkLength()]}; do not modify */
    public static byte[] pattern() {
        return Pattern.HEAP;
    }

    /** Where the byte at the current position is in {@link #pattern()} (and in a view's buffer). */
    public int patternOffset() {
        return (int) (position % PERIOD);
    }

    /** {@code count} more bytes have been written: moves the position and counts them in {@code /stats}. */
    public void advance(int count) {
        if (count < 0 || count > length - position) {
            throw new IllegalArgumentException("advance by " + count + " at " + position + " of " + length);
        }
        position += count;
        stats.wrote(count);
    }

    @Override
    public String toString() {
        return "StreamBody[" + position + "/" + length + ", chunk " + chunk + "]";
    }

    /** The shared pattern, made on first use. */
    private static final class Pattern {
        static final byte[] HEAP = new byte[MAX_CHUNK + PERIOD];
        static final ByteBuffer DIRECT;

        static {
            for (int i = 0; i < HEAP.length; i++) {
                HEAP[i] = byteAt(i);
            }
            DIRECT = ByteBuffer.allocateDirect(HEAP.length).put(HEAP).flip().asReadOnlyBuffer();
        }
    }
}
