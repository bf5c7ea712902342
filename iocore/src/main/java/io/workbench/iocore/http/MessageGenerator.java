package io.workbench.iocore.http;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * What a request and a response generator share: after the head, the framing of the content.
 *
 * <p>A generator never copies content. For each piece of content the caller asks for the framing
 * that goes before it ({@link #writeContentPrefix}), and at the end for what ends the message
 * ({@link #writeEnd}); it then writes {@code [prefix, content]} (and {@code [end]}) in one gather
 * write. With Content-Length framing both are empty, so a whole message is {@code [head, content]}.
 * With chunked framing each non-empty piece becomes one chunk: the prefix is the CRLF that closes
 * the previous chunk and the size line of this one, the end is that CRLF, the last chunk and the
 * trailer section.
 *
 * <p>The generator keeps count, so that a caller that writes more or less content than it
 * declared fails loudly here instead of corrupting the stream; on such a failure, or on a
 * {@link BufferOverflowException}, nothing is written (the buffer's position is restored) and the
 * state does not change.
 *
 * <pre>
 *   IDLE --writeHead()--> CONTENT --writeContentPrefix()*--> CONTENT --writeEnd()--> COMPLETE
 *    ^                                                                                  |
 *    +------------------------------------reset()-------------------------------------+
 * </pre>
 * The allowed transitions are data ({@link #NEXT}), checked in {@link #moveTo}. Not thread-safe.
 */
public abstract sealed class MessageGenerator permits RequestGenerator, ResponseGenerator {

    enum State { IDLE, CONTENT, COMPLETE }

    private static final long[] NEXT = new long[State.values().length];

    static {
        NEXT[State.IDLE.ordinal()] = 1L << State.CONTENT.ordinal();
        NEXT[State.CONTENT.ordinal()] = 1L << State.COMPLETE.ordinal();
        NEXT[State.COMPLETE.ordinal()] = 1L << State.IDLE.ordinal();
    }

    static final byte[] CRLF = {'\r', '\n'};
    static final byte[] CHUNKED_LINE = "Transfer-Encoding: chunked\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    static final byte[] CLOSE_LINE = "Connection: close\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    static final byte[] KEEP_ALIVE_LINE = "Connection: keep-alive\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] LAST_CHUNK = {'0', '\r', '\n'};

    private State state = State.IDLE;
    private BodyFraming framing = BodyFraming.NONE;
    /** The declared Content-Length, or -1. */
    private long contentLength = -1;
    /** Content accepted so far. */
    private long written;
    /** A response to HEAD: content is accepted and dropped. */
    private boolean discard;
    private boolean chunkOpen;
    private boolean persistent;

    MessageGenerator() {
    }

    /**
     * Writes the framing for the next {@code length} bytes of content.
     *
     * @return true if the caller must send the content after the prefix; false if it must drop it
     *         (the response to a HEAD request)
     * @throws IllegalStateException if the head is not written or the message has ended, if the
     *                               content would exceed the declared Content-Length, or if the
     *                               message has no content (1xx, 204, 304, a request without body)
     */
    public boolean writeContentPrefix(ByteBuffer out, int length) {
        requireState(State.CONTENT, "writeContentPrefix");
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0, was " + length);
        }
        if (contentLength >= 0 && written + length > contentLength) {
            throw new IllegalStateException("content of " + (written + length) + " bytes is more than the declared Content-Length " + contentLength);
        }
        if (discard) {
            written += length;
            return false;
        }
        switch (framing) {
            case NONE -> {
                if (length > 0) {
                    throw new IllegalStateException("this message has no content, but " + length + " bytes were written");
                }
            }
            case CHUNKED -> {
                if (length > 0) {
                    int mark = out.position();
                    try {
                        if (chunkOpen) {
                            out.put(CRLF);
                        }
                        AsciiNumbers.putHex(out, length);
                        out.put(CRLF);
                    } catch (BufferOverflowException x) {
                        out.position(mark);
                        throw x;
                    }
                    chunkOpen = true;
                }
            }
            case CONTENT_LENGTH, UNTIL_CLOSE -> {
            }
        }
        written += length;
        return true;
    }

    /**
     * Writes what ends the message: for chunked framing the CRLF of the last chunk, the last-chunk,
     * the trailer fields and the final CRLF; nothing otherwise.
     *
     * @param trailers trailer fields, or null; only chunked framing can carry them
     * @throws IllegalStateException if less content was written than the declared Content-Length,
     *                               or trailers are given without chunked framing
     */
    public void writeEnd(ByteBuffer out, HttpFields trailers) {
        requireState(State.CONTENT, "writeEnd");
        boolean hasTrailers = trailers != null && !trailers.isEmpty();
        if (framing == BodyFraming.CHUNKED) {
            int mark = out.position();
            try {
                if (chunkOpen) {
                    out.put(CRLF);
                }
                out.put(LAST_CHUNK);
                if (hasTrailers) {
                    trailers.writeTo(out);
                }
                out.put(CRLF);
            } catch (BufferOverflowException x) {
                out.position(mark);
                throw x;
            }
        } else {
            if (hasTrailers) {
                throw new IllegalStateException("trailer fields need chunked framing, this message has " + framing);
            }
            if (!discard && framing == BodyFraming.CONTENT_LENGTH && written != contentLength) {
                throw new IllegalStateException("the message ends after " + written + " bytes of content, but declared Content-Length " + contentLength);
            }
        }
        moveTo(State.COMPLETE);
    }

    /** Makes the generator ready for the next message, after {@link #writeEnd}. */
    public void reset() {
        if (state == State.CONTENT) {
            throw new IllegalStateException("reset() in the middle of a message: " + this);
        }
        framing = BodyFraming.NONE;
        contentLength = -1;
        written = 0;
        discard = false;
        chunkOpen = false;
        persistent = false;
        if (state == State.COMPLETE) {
            moveTo(State.IDLE);
        }
    }

    /** @return how the content is delimited on the wire, once the head is written */
    public BodyFraming bodyFraming() {
        return framing;
    }

    /**
     * @return whether the connection may carry another message after this one, once the head is
     *         written: false when the caller asked to close or the content is delimited by the close
     */
    public boolean isPersistent() {
        return persistent;
    }

    /** @return true once {@link #writeEnd} has ended the message, until {@link #reset()} */
    public boolean isComplete() {
        return state == State.COMPLETE;
    }

    /** For the subclasses: the head was written in full, with this framing. */
    final void headWritten(BodyFraming framing, long contentLength, boolean persistent, boolean discard) {
        this.framing = framing;
        this.contentLength = contentLength;
        this.persistent = persistent;
        this.discard = discard;
        moveTo(State.CONTENT);
    }

    /** For the subclasses: the caller's fields, then the framing field the generator owns. */
    static void putFieldsAndFraming(ByteBuffer out, HttpFields fields, BodyFraming framing, long contentLength) {
        if (fields != null) {
            fields.writeTo(out);
        }
        if (framing == BodyFraming.CONTENT_LENGTH) {
            out.put(HttpHeader.CONTENT_LENGTH.linePrefix());
            AsciiNumbers.putDecimal(out, contentLength);
            out.put(CRLF);
        } else if (framing == BodyFraming.CHUNKED) {
            out.put(CHUNKED_LINE);
        }
    }

    final void requireIdle() {
        requireState(State.IDLE, "writeHead");
    }

    private void requireState(State required, String operation) {
        if (state != required) {
            throw new IllegalStateException(operation + " needs state " + required + ": " + this);
        }
    }

    /** The one place the state changes, checked against {@link #NEXT}. */
    private void moveTo(State next) {
        if ((NEXT[state.ordinal()] & 1L << next.ordinal()) == 0) {
            throw new IllegalStateException(state + "!->" + next + " in " + this);
        }
        state = next;
    }

    /** Refuses handler fields that would contradict the framing the generator writes itself. */
    static void checkNoFramingFields(HttpFields fields, HttpHeader... owned) {
        for (HttpHeader header : owned) {
            if (fields.contains(header)) {
                throw new IllegalArgumentException(header + " is written by the generator from its arguments; do not add it to the fields");
            }
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Integer.toHexString(System.identityHashCode(this)) + "[" + state + "," + framing
                + ",written=" + written + (contentLength >= 0 ? "/" + contentLength : "") + (persistent ? ",persistent" : ",close") + "]";
    }
}
