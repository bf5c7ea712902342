package io.workbench.targets.hello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class StreamBodyTest {

    private final StreamStats stats = new StreamStats();

    @Test
    void parsesBytesAndChunkInAnyOrderWithTheDefaultChunk() {
        StreamBody body = StreamBody.parse("bytes=1000", stats);
        assertEquals(1000, body.length());
        assertEquals(StreamBody.DEFAULT_CHUNK, body.chunkSize());
        body = StreamBody.parse("chunk=10&x=y&bytes=1073741824", stats);
        assertEquals(StreamBody.MAX_BYTES, body.length());
        assertEquals(10, body.chunkSize());
    }

    @Test
    void refusesWhatIsOutOfTheContractWithAReason() {
        assertEquals("bytes=N is required (the body length, 0 to 1073741824)",
                assertThrows(IllegalArgumentException.class, () -> StreamBody.parse(null, stats)).getMessage());
        assertEquals("bytes must be at most 1073741824 bytes, was 1073741825",
                assertThrows(IllegalArgumentException.class, () -> StreamBody.parse("bytes=1073741825", stats)).getMessage());
        assertEquals("bytes must be a whole number of bytes, was '1e6'",
                assertThrows(IllegalArgumentException.class, () -> StreamBody.parse("bytes=1e6", stats)).getMessage());
        assertEquals("bytes must be a whole number of bytes, was '99999999999999'",
                assertThrows(IllegalArgumentException.class, () -> StreamBody.parse("bytes=99999999999999", stats)).getMessage());
        assertEquals("chunk must be at least 1 byte, was 0",
                assertThrows(IllegalArgumentException.class, () -> StreamBody.parse("bytes=5&chunk=0", stats)).getMessage());
        assertEquals("chunk must be at most 1048576 bytes, was 1048577",
                assertThrows(IllegalArgumentException.class, () -> StreamBody.parse("bytes=5&chunk=1048577", stats)).getMessage());
    }

    @Test
    void chunksAheadOfThePositionAreTheChunksThatFollow_andEndWithTheBody() {
        StreamBody body = StreamBody.parse("bytes=100000&chunk=30000", stats);
        body.advance(5);
        ByteBuffer[] views = {StreamBody.newView(), StreamBody.newView(), StreamBody.newView(), StreamBody.newView()};
        long ahead = 0;
        for (int i = 0; i < 4; i++) {
            int length = body.chunkLengthAhead(ahead);
            assertEquals(i < 3 ? 30000 : 100000 - 5 - 90000, length, "chunk " + i);
            ByteBuffer chunk = body.chunkAhead(ahead, views[i]);
            assertEquals(length, chunk.remaining());
            assertEquals(StreamBody.byteAt(5 + ahead), chunk.get(chunk.position()), "chunk " + i + " starts where the one before ended");
            assertEquals(StreamBody.byteAt(5 + ahead + length - 1), chunk.get(chunk.limit() - 1));
            ahead += length;
        }
        assertEquals(0, body.chunkLengthAhead(ahead), "past the end: no chunk");
        assertEquals(0, body.chunkLengthAhead(ahead + 1000));
        assertEquals(5, body.position(), "taking chunks ahead does not advance");
        assertEquals(body.nextChunkLength(), body.chunkLengthAhead(0));
    }

    @Test
    void chunksAreWindowsOfThePatternThatFollowEachOtherExactly() {
        StreamBody body = StreamBody.parse("bytes=2000000&chunk=65537", stats);
        ByteBuffer view = StreamBody.newView();
        byte[] pattern = StreamBody.pattern();
        long position = 0;
        int chunks = 0;
        while (!body.isDone()) {
            ByteBuffer chunk = body.nextChunk(view);
            int length = chunk.remaining();
            assertEquals(Math.min(65537, 2_000_000 - position), length);
            for (int i = 0; i < length; i += 997) {
                assertEquals(StreamBody.byteAt(position + i), chunk.get(chunk.position() + i));
                assertEquals(StreamBody.byteAt(position + i), pattern[body.patternOffset() + i]);
            }
            assertEquals(StreamBody.byteAt(position + length - 1), chunk.get(chunk.limit() - 1));
            // A writer that takes part of a chunk: the next window starts where it stopped.
            int taken = chunks % 3 == 0 ? length / 2 + 1 : length;
            body.advance(taken);
            position += taken;
            chunks++;
        }
        assertEquals(2_000_000, stats.bytes());
        assertTrue(chunks > 2_000_000 / 65537);
        assertThrows(IllegalArgumentException.class, () -> body.advance(1));
    }

    @Test
    void theLargestChunkFitsThePatternAtEveryOffset() {
        StreamBody body = StreamBody.parse("bytes=" + (3L << 20) + "&chunk=" + StreamBody.MAX_CHUNK, stats);
        body.advance(StreamBody.PERIOD - 1);
        ByteBuffer chunk = body.nextChunk(StreamBody.newView());
        assertEquals(StreamBody.MAX_CHUNK, chunk.remaining());
        assertEquals(StreamBody.byteAt(StreamBody.PERIOD - 1), chunk.get(chunk.position()));
    }
}
