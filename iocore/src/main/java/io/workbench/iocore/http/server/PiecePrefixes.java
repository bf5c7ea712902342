package io.workbench.iocore.http.server;

import io.workbench.iocore.http.MessageGenerator;
import java.nio.ByteBuffer;

/**
 * The chunk framing in front of each piece after the first, when one write carries several pieces
 * of a chunked response ({@link Response#write(boolean, ByteBuffer[], int, int, io.workbench.iocore.callback.Callback)}):
 * the CRLF that ends the chunk before and the piece's own chunk-size line, so that every piece is a
 * chunk of its own on the wire, the size its writer gave it. The prefixes of one write are written
 * one after the other into one direct buffer of the connection's, and each has a view of its own
 * onto its bytes, so that the gather write sends it in front of its piece. (The first piece's
 * prefix goes behind the head, in the head buffer.)
 *
 * <p>Made the first time a connection writes several pieces of a chunked response, with room for
 * that write's pieces (at least {@value #MIN_PIECES}), then reused by every write, and grown (twice
 * as large, up to {@link Response#MAX_PIECES_PER_WRITE}) by a write of more pieces than it has
 * room for: {@value #ROOM} bytes and one view per piece. Owned by the thread that processes the
 * write; not thread-safe.
 */
final class PiecePrefixes {

    /** CRLF, up to 8 hex digits of an int, CRLF. */
    static final int ROOM = 12;
    /** The room the first write of several pieces makes at least. */
    static final int MIN_PIECES = 64;

    private ByteBuffer bytes;
    private ByteBuffer[] views = new ByteBuffer[0];

    /** A new write of {@code pieces} pieces: forgets the prefixes of the one before, and makes room for this one's. */
    void clear(int pieces) {
        if (pieces > views.length) {
            int room = Math.min(Response.MAX_PIECES_PER_WRITE, Math.max(MIN_PIECES, Math.max(pieces, 2 * views.length)));
            bytes = ByteBuffer.allocateDirect(ROOM * room);
            // Views of the old buffer would frame from it: every piece gets a view of the new one.
            views = new ByteBuffer[room];
        }
        bytes.clear();
    }

    /**
     * Has {@code generator} frame piece {@code index} (its place in the write, below the count
     * {@link #clear(int)} was given), of {@code length} bytes, into this write's prefixes.
     *
     * @return what {@link MessageGenerator#writeContentPrefix} returned: false if the content is dropped
     */
    boolean frame(int index, MessageGenerator generator, int length) {
        int start = bytes.position();
        boolean send = generator.writeContentPrefix(bytes, length);
        ByteBuffer view = views[index];
        if (view == null) {
            view = bytes.duplicate();
            views[index] = view;
        }
        view.clear().position(start).limit(bytes.position());
        return send;
    }

    /** @return the prefix of piece {@code index}, as {@link #frame} last set it */
    ByteBuffer get(int index) {
        return views[index];
    }

    @Override
    public String toString() {
        return "PiecePrefixes[" + (bytes == null ? "none" : views.length + " pieces," + bytes.position() + " bytes") + "]";
    }
}
