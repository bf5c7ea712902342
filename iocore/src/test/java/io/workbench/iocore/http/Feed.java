package io.workbench.iocore.http;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Feeds bytes to a parser the way a connection would: in pieces, as they "arrive", parsing each
 * piece until it is used up, resetting after every complete message so that pipelined messages
 * are parsed in turn.
 */
final class Feed {

    /** The kinds of buffer a connection may hand the parser; they take different paths through the scanning loop. */
    enum BufferKind {
        HEAP {
            @Override
            ByteBuffer wrap(byte[] bytes, int from, int to) {
                return ByteBuffer.wrap(Arrays.copyOfRange(bytes, from, to));
            }
        },
        /** A heap buffer whose array offset and position are not zero, with garbage around the piece. */
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

        abstract ByteBuffer wrap(byte[] bytes, int from, int to);
    }

    private Feed() {
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Cut points for every byte on its own. */
    static int[] everyByte(int length) {
        return IntStream.range(1, length).toArray();
    }

    /**
     * Feeds {@code bytes} cut at {@code cuts} (ascending indexes) to {@code parser}.
     *
     * @param requestMethods for a response parser, the methods of the requests answered, in order; null for a request parser
     * @param endOfInput     whether the input ends after the last byte
     */
    static void feed(HttpParser parser, Recorder recorder, byte[] bytes, int[] cuts, BufferKind kind,
                     List<HttpMethod> requestMethods, boolean endOfInput) throws BadMessageException {
        Deque<HttpMethod> methods = requestMethods == null ? null : new ArrayDeque<>(requestMethods);
        expectNext(parser, methods);
        int from = 0;
        for (int i = 0; i <= cuts.length; i++) {
            int to = i < cuts.length ? cuts[i] : bytes.length;
            drain(parser, recorder, kind.wrap(bytes, from, to), methods);
            from = to;
        }
        if (endOfInput && parser.endOfInput(recorder) == HttpParser.Progress.MESSAGE_COMPLETE) {
            parser.endOfInput(recorder);
        }
    }

    private static void drain(HttpParser parser, Recorder recorder, ByteBuffer piece, Deque<HttpMethod> methods) throws BadMessageException {
        while (true) {
            switch (parser.parse(piece, recorder)) {
                case NEED_INPUT -> {
                    assertFalse(piece.hasRemaining(), "NEED_INPUT with bytes left");
                    return;
                }
                case PAUSED -> {
                }
                case MESSAGE_COMPLETE -> {
                    parser.reset();
                    expectNext(parser, methods);
                    if (!piece.hasRemaining()) {
                        return;
                    }
                }
                case CLOSED -> throw new AssertionError("parse() never returns CLOSED");
            }
        }
    }

    private static void expectNext(HttpParser parser, Deque<HttpMethod> methods) {
        if (methods != null && !methods.isEmpty()) {
            parser.expectResponseTo(methods.poll());
        }
    }
}
