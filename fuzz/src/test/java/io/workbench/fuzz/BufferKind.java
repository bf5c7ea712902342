package io.workbench.fuzz;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** The kinds of buffer a connection may hand a parser; a parser takes a different path through each. */
public enum BufferKind {
    HEAP {
        @Override
        ByteBuffer wrap(byte[] bytes, int from, int to) {
            return ByteBuffer.wrap(Arrays.copyOfRange(bytes, from, to));
        }
    },
    /** A heap buffer whose array offset and position are not zero, with other bytes around the piece. */
    HEAP_OFFSET {
        @Override
        ByteBuffer wrap(byte[] bytes, int from, int to) {
            byte[] padded = new byte[to - from + 7];
            Arrays.fill(padded, (byte) 'X');
            System.arraycopy(bytes, from, padded, 4, to - from);
            ByteBuffer slice = ByteBuffer.wrap(padded, 1, padded.length - 2).slice();
            return slice.position(3).limit(3 + to - from);
        }
    },
    DIRECT {
        @Override
        ByteBuffer wrap(byte[] bytes, int from, int to) {
            return ByteBuffer.allocateDirect(to - from).put(bytes, from, to - from).flip();
        }
    },
    /** Read-only: no accessible array, like a direct buffer, but on the heap. */
    READ_ONLY {
        @Override
        ByteBuffer wrap(byte[] bytes, int from, int to) {
            return HEAP.wrap(bytes, from, to).asReadOnlyBuffer();
        }
    };

    /** @return a buffer whose remaining bytes are {@code bytes[from, to)} */
    abstract ByteBuffer wrap(byte[] bytes, int from, int to);
}
