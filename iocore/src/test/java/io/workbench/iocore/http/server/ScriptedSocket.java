package io.workbench.iocore.http.server;

import io.workbench.iocore.io.WriteFlusher;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The socket under a {@link ScriptedEndPoint}'s real {@link WriteFlusher}: each flush is one
 * gathering system call, recorded as {@code buffers:bytes taken}; it takes bytes in order while it
 * has room ({@link #room}, unlimited unless the test limits it), as a socket whose send buffer
 * fills up would, and keeps what it took. The test makes room with {@link #makeRoom}, then tells
 * the endpoint it is writable. Used by one thread at a time.
 */
final class ScriptedSocket implements WriteFlusher.Target {

    /** Each call: how many buffers it was given and how many bytes it took, e.g. {@code 5:65637}. */
    final List<String> calls = new ArrayList<>();
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private long room = Long.MAX_VALUE;
    private int incomplete;
    private IOException failNext;

    /** From now on the socket takes at most {@code bytes} more until {@link #makeRoom} is called. */
    void room(long bytes) {
        room = bytes;
    }

    /** The peer read {@code bytes}: the socket takes that many more. */
    void makeRoom(long bytes) {
        room += bytes;
    }

    /** The next flush throws {@code failure}, as a write to a reset connection does. */
    void failNextFlush(IOException failure) {
        failNext = failure;
    }

    /** @return how many times the flusher asked to be told when the socket is writable */
    int incompleteFlushes() {
        return incomplete;
    }

    /** @return every byte the socket took, in order */
    byte[] received() {
        return received.toByteArray();
    }

    @Override
    public void flush(ByteBuffer[] buffers, int offset, int length) throws IOException {
        IOException failure = failNext;
        if (failure != null) {
            failNext = null;
            throw failure;
        }
        long taken = 0;
        for (int i = offset; i < offset + length && room > 0; i++) {
            ByteBuffer buffer = buffers[i];
            int n = (int) Math.min(buffer.remaining(), room);
            byte[] bytes = new byte[n];
            buffer.get(bytes);
            received.writeBytes(bytes);
            room -= n;
            taken += n;
        }
        calls.add(length + ":" + taken);
    }

    @Override
    public void onIncompleteFlush() {
        incomplete++;
    }

    @Override
    public String toString() {
        return "ScriptedSocket[" + calls.size() + " calls, " + received.size() + " bytes, room " + room + "]";
    }
}
