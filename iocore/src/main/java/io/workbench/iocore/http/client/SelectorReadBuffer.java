package io.workbench.iocore.http.client;

import java.nio.ByteBuffer;

/**
 * The one buffer the client connections of one selector read into: direct (a read is one copy,
 * from the kernel into it), as large as the client's {@code inputBufferSize} (64 KiB by default, so
 * a body arrives in few reads), and allocated on the first read, so a selector that never reads
 * for this client costs nothing.
 *
 * <p>Sharing it is safe because a connection leaves nothing in it between reads and two of its
 * connections never read at once:
 * <ul>
 *   <li>the response parser consumes every byte it is given ({@code NEED_INPUT} means all of them;
 *       the part of a head or chunk line that a read cut off is copied into the parser's own small
 *       arrays), and content is handed to a listener as a view valid only during its call;</li>
 *   <li>a client connection reads only in its read callback, which never blocks, so its selector
 *       runs it in place on the thread producing for that selector, one task at a time, and in an
 *       action submitted to that selector after a failed write; never on the sending thread.</li>
 * </ul>
 * So an idle connection holds no input buffer at all: 19,850 idle connections cost nothing here,
 * where a buffer each of 64 KiB would be 1.2 GiB.
 *
 * <p>Not thread-safe: only the thread producing for its selector uses it.
 */
final class SelectorReadBuffer {

    private final int size;
    /** Producer-owned; the hand-off of production between threads orders the accesses. */
    private ByteBuffer buffer;

    SelectorReadBuffer(int size) {
        this.size = size;
    }

    /** @return the buffer, allocated on the first call; its content is the caller's until it returns to the selector */
    ByteBuffer get() {
        ByteBuffer b = buffer;
        if (b == null) {
            b = buffer = ByteBuffer.allocateDirect(size);
        }
        return b;
    }

    @Override
    public String toString() {
        return "SelectorReadBuffer@" + Integer.toHexString(hashCode()) + "[" + size + (buffer == null ? ",unallocated]" : "]");
    }
}
