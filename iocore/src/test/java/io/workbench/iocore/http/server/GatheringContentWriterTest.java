package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpField;
import io.workbench.iocore.http.HttpHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The streaming {@link GatheringContentWriter} over a connection whose endpoint writes through a
 * real {@code WriteFlusher} onto a {@link ScriptedSocket} that records every system call: with
 * Content-Length, N chunks that are ready go out in {@code ceil(N x chunk / highWater)} writes of
 * the mark each (a chunk that crosses the mark is cut there, its rest leading the next write); with
 * chunked framing in {@code ceil(N / max(1, highWater / chunk))}, no chunk cut, each a chunk on the
 * wire; one system call each while the socket has room, each chunk a buffer of its own in the
 * gather; a write the socket takes only part of goes on later from exactly the byte where it
 * stopped; and the writer ends once, its failure when the socket fails.
 */
class GatheringContentWriterTest {

    private static final HttpField OCTETS = HttpField.of(HttpHeader.CONTENT_TYPE, "application/octet-stream");
    /** Byte j of every body is {@code j % PERIOD}: a chunk lost, doubled or moved shows. */
    private static final int PERIOD = 251;
    private static final int MAX_CHUNK = 256 * 1024;
    private static final ByteBuffer PATTERN = pattern();

    /** Writes {@code chunks} chunks of {@code chunk} bytes (the last {@code lastChunk}), each a view of the pattern. */
    static final class PatternWriter extends GatheringContentWriter {
        private final long length;
        private final int chunk;
        private final Callback handlerCallback;
        private final List<ByteBuffer> views = new ArrayList<>();
        private long taken;
        long written;
        int completions;
        Throwable failure;

        PatternWriter(Response response, int highWater, long length, int chunk, Callback handlerCallback) {
            super(response, highWater);
            this.length = length;
            this.chunk = chunk;
            this.handlerCallback = handlerCallback;
        }

        @Override
        protected int nextChunkLength() {
            return (int) Math.min(chunk, length - taken);
        }

        @Override
        protected ByteBuffer takeChunk(int slot) {
            while (views.size() <= slot) {
                views.add(PATTERN.duplicate());
            }
            ByteBuffer view = views.get(slot);
            int start = (int) (taken % PERIOD);
            int n = nextChunkLength();
            view.limit(start + n).position(start);
            taken += n;
            return view;
        }

        /** The content bytes of each write, in order. */
        final List<Long> writeSizes = new ArrayList<>();

        @Override
        protected void written(long bytes) {
            written += bytes;
            writeSizes.add(bytes);
        }

        @Override
        protected void onCompleteSuccess() {
            completions++;
            handlerCallback.succeeded();
        }

        @Override
        protected void onCompleteFailure(Throwable cause) {
            completions++;
            failure = cause;
            handlerCallback.failed(cause);
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }
    }

    /**
     * {@code /stream?bytes=N&chunk=C&hw=H[&chunked]}: a PatternWriter of N bytes in chunks of C,
     * gathering up to H; Content-Length N unless {@code chunked}. {@code /hold}: the response and
     * the callback are left to the test.
     */
    private final class Streams implements Handler {
        @Override
        public void handle(Request request, Response response, Callback callback) {
            if (request.path().equals("/hold")) {
                held = response;
                heldCallback = callback;
                return;
            }
            Map<String, String> query = new TreeMap<>();
            for (String parameter : request.query().split("&")) {
                int equals = parameter.indexOf('=');
                query.put(equals < 0 ? parameter : parameter.substring(0, equals), equals < 0 ? "" : parameter.substring(equals + 1));
            }
            long bytes = Long.parseLong(query.get("bytes"));
            response.fields().add(OCTETS);
            if (!query.containsKey("chunked")) {
                response.setContentLength(bytes);
            }
            writer = new PatternWriter(response, Integer.parseInt(query.get("hw")), bytes, Integer.parseInt(query.get("chunk")), callback);
            writer.iterate();
        }

        @Override
        public InvocationType getInvocationType() {
            return InvocationType.NON_BLOCKING;
        }
    }

    private final ScriptedEndPoint endPoint = new ScriptedEndPoint();
    private final ScriptedSocket socket = new ScriptedSocket();
    private final HttpServer server = new HttpServer(HttpServer.Config.defaults().withSendDate(false), new Streams());
    private final HttpConnection connection = new HttpConnection(endPoint, server);
    private PatternWriter writer;
    private Response held;
    private Callback heldCallback;

    GatheringContentWriterTest() {
        endPoint.connection(connection);
        endPoint.writeThrough(socket);
        connection.fillInterested();
    }

    @AfterEach
    void everyBufferIsBackInThePool() {
        assertEquals(0, server.getOutputPool().getOutstanding(), "output buffers not released: " + connection);
    }

    @ParameterizedTest(name = "{0} bytes in chunks of {1}, high-water {2}: {3} writes of up to {4} chunks")
    @CsvSource({
            // bytes, chunk, high-water, writes, chunks per write
            "163840,  16384, 65536, 3,  4", // 10 chunks of 16 KiB: ceil(10 x 16 / 64)
            "1048576, 16384, 65536, 16, 4", // the benchmark's 1 MiB body at the default chunk
            "1048576, 65536, 65536, 16, 1", // a chunk as large as the mark: one per write, as before
            "16384,   16384, 65536, 1,  1", // one chunk
            "5000,    16384, 65536, 1,  1", // less than a chunk
            "65536,   1024,  65536, 1,  64", // 64 chunks of 1 KiB: one write
            "300000,  100000, 65536, 3, 1", // chunks larger than the mark: a write's first piece is whole
            "30000,   3000,  10000, 3,  4", // 3 chunks and 1,000 bytes of a fourth fill 10,000: ceil(30,000 / 10,000)
            "1048576, 65536, 114688, 10, 2", // 64 KiB chunks, 112 KiB mark: 64 KiB and 48 KiB of the next, ceil(1024 / 112)
            "1048576, 49152, 114688, 10, 3", // 48 KiB chunks: 48 + 48 + 16 KiB of the third, then its 32 + ...
            "20000,   100,   65536, 1,  200", // 200 chunks of 100 bytes: one write
            "300000,  100,   917504, 3, 1022", // at most 1,022 chunks a write, however small: ceil(3,000 / 1,022)
            "0,       16384, 65536, 1,  0", // no content: the head alone
    })
    void chunksThatAreReadyGoOutInAsFewWritesAsTheHighWaterMarkAllows_eachOneSystemCall(
            long bytes, int chunk, int highWater, int writes, int chunksPerWrite) {
        request("/stream?bytes=" + bytes + "&chunk=" + chunk + "&hw=" + highWater);
        assertEquals(writes, endPoint.writes.size(), "writes");
        assertEquals(writes, writer.writes());
        assertEquals(writes, socket.calls.size(), "system calls (the socket had room for everything)");
        // The first write gathers the head and its chunks, each a buffer of its own.
        assertEquals(1 + chunksPerWrite, Integer.parseInt(socket.calls.get(0).split(":")[0]), "buffers in the first call");
        // Every write but the last holds the mark (or its one chunk, when that is larger), the head aside.
        List<Long> taken = socket.calls.stream().map(call -> Long.parseLong(call.split(":")[1])).toList();
        long head = taken.stream().mapToLong(Long::longValue).sum() - bytes;
        for (int i = 0; i < writes - 1; i++) {
            long content = taken.get(i) - (i == 0 ? head : 0);
            assertEquals(chunk > highWater ? chunk : Math.min(highWater, (long) Response.MAX_PIECES_PER_WRITE * chunk), content,
                    "content bytes of write " + i + " of " + taken);
        }
        assertEquals(1, writer.completions);
        assertNull(writer.failure);
        assertEquals(bytes, writer.written);
        assertBody(bytes, contentLengthBody(bytes));
        assertTrue(endPoint.isOpen());
    }

    /**
     * The default 896 KiB mark, reached whatever the chunk size: 4 MiB in chunks of 1, 4, 16 and 64
     * KiB, with Content-Length and chunked framing, go out in five writes each, every write but the
     * last holding at least half the mark and none more than it (here exactly the mark: 896 KiB is a
     * whole number of chunks of each size). Before, a write stopped at 64 pieces: 64 KiB writes with
     * 1 KiB chunks (64 of them for the 4 MiB), 256 KiB with 4 KiB.
     */
    @ParameterizedTest(name = "chunks of {0} bytes, chunked framing: {1}")
    @CsvSource({"1024, false", "4096, false", "16384, false", "65536, false", "1024, true", "4096, true", "16384, true", "65536, true"})
    void theDefaultMarkIsReachedWhateverTheChunkSize(int chunk, boolean chunked) {
        int mark = GatheringContentWriter.DEFAULT_HIGH_WATER;
        long bytes = 4L << 20;
        request("/stream?bytes=" + bytes + "&chunk=" + chunk + "&hw=" + mark + (chunked ? "&chunked" : ""));
        assertEquals(1, writer.completions);
        assertNull(writer.failure);
        long writes = (bytes + mark - 1) / mark;
        assertEquals(writes, writer.writes(), "writes: " + writer.writeSizes);
        assertEquals(writes, endPoint.writes.size());
        List<Long> sizes = writer.writeSizes;
        for (int i = 0; i < sizes.size(); i++) {
            long size = sizes.get(i);
            assertTrue(size <= mark, "write " + i + " holds more than the mark: " + sizes);
            if (i < sizes.size() - 1) {
                assertTrue(size >= mark / 2, "write " + i + " holds less than half the mark: " + sizes);
            }
        }
        assertEquals(bytes, sizes.stream().mapToLong(Long::longValue).sum());
        if (chunked) {
            String written = endPoint.written();
            List<Integer> wire = new ArrayList<>();
            assertBody(bytes, dechunk(written.substring(written.indexOf("\r\n\r\n") + 4), wire));
            assertTrue(wire.stream().allMatch(size -> size == chunk), "every chunk keeps its size on the wire");
        } else {
            assertBody(bytes, contentLengthBody(bytes));
        }
    }

    /**
     * A write of more pieces than the flusher keeps an array per length for (1 KiB chunks: 896 a
     * write) gathers into an array kept from the write before of that length: the writes of a
     * steady stream, and of the next stream on the connection, allocate no gather array.
     */
    @Test
    void aLongGatherArrayIsKeptForTheNextWriteOfItsLength() {
        String target = "/stream?bytes=" + (4L << 20) + "&chunk=1024&hw=" + GatheringContentWriter.DEFAULT_HIGH_WATER;
        request(target);
        request(target);
        // Each stream: the head and 896 chunks, three writes of 896 chunks, then 512 chunks.
        List<Integer> lengths = endPoint.gathers.stream().map(array -> array.length).toList();
        assertEquals(List.of(897, 896, 896, 896, 512, 897, 896, 896, 896, 512), lengths);
        for (int i = 1; i < endPoint.gathers.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (lengths.get(i).equals(lengths.get(j))) {
                    assertSame(endPoint.gathers.get(j), endPoint.gathers.get(i), "write " + i + " made a new array of " + lengths.get(i));
                }
            }
        }
    }

    @Test
    void withChunkedFramingEveryChunkIsAChunkOnTheWire_severalInOneWrite() {
        request("/stream?bytes=100000&chunk=16384&hw=65536&chunked");
        assertEquals(2, endPoint.writes.size(), "7 chunks of at most 16 KiB, 4 a write");
        String written = endPoint.written();
        assertTrue(written.contains("Transfer-Encoding: chunked\r\n"), written.substring(0, 200));
        List<Integer> sizes = new ArrayList<>();
        byte[] body = dechunk(written.substring(written.indexOf("\r\n\r\n") + 4), sizes);
        assertEquals(List.of(16384, 16384, 16384, 16384, 16384, 16384, 1696), sizes, "the chunk sizes the writer cut");
        assertBody(100_000, body);
        // First write: head + chunk-size line, 4 chunks with the 3 size lines between them.
        assertEquals(1 + 4 + 3, Integer.parseInt(socket.calls.get(0).split(":")[0]));
        // Second write: a size line, 3 chunks, 2 size lines, the end of the body.
        assertEquals(1 + 3 + 2 + 1, Integer.parseInt(socket.calls.get(1).split(":")[0]));
    }

    @Test
    void withChunkedFramingAChunkIsNeverCutAtTheMark_soEachKeepsItsSizeOnTheWire() {
        request("/stream?bytes=200000&chunk=65536&hw=114688&chunked");
        assertEquals(3, endPoint.writes.size(), "two 64 KiB chunks do not fit under 112 KiB: one a write, the last with the 3,392 bytes left");
        String written = endPoint.written();
        List<Integer> sizes = new ArrayList<>();
        byte[] body = dechunk(written.substring(written.indexOf("\r\n\r\n") + 4), sizes);
        assertEquals(List.of(65536, 65536, 65536, 3392), sizes, "the chunk sizes the writer was given");
        assertBody(200_000, body);
    }

    @Test
    void aChunkCutAtTheMarkLeadsTheNextWriteWithItsRest_everyByteOnceAndInOrder() {
        request("/stream?bytes=1000000&chunk=65536&hw=114688");
        // The head, 64 KiB and 48 KiB of the second chunk; its 16 KiB, the third, 32 KiB of the fourth;
        // its 32 KiB, the fifth, 16 KiB of the sixth; its 48 KiB and the seventh, 112 KiB with no cut.
        assertEquals(List.of(3, 3, 3, 2), socket.calls.subList(0, 4).stream().map(call -> Integer.parseInt(call.split(":")[0])).toList(),
                "buffers per call: " + socket.calls);
        assertEquals(List.of(114_688L, 114_688L, 114_688L), socket.calls.subList(1, 4).stream().map(call -> Long.parseLong(call.split(":")[1]))
                .toList(), "bytes per call: " + socket.calls);
        assertEquals(9, writer.writes(), "ceil(1,000,000 / 114,688)");
        assertEquals(1_000_000, writer.written);
        assertBody(1_000_000, contentLengthBody(1_000_000));
    }

    @Test
    void aPartialWriteResumesExactlyWhereTheSocketStopped_andTheWriterWaitsWithoutAThread() {
        socket.room(100_000);
        request("/stream?bytes=1048576&chunk=16384&hw=65536");
        // The first write went whole (65,536 + head); the second stopped inside its third chunk.
        assertEquals(2, endPoint.writes.size());
        assertTrue(endPoint.isWriteWaiting());
        assertTrue(writer.isPending(), writer.toString());
        assertEquals(0, writer.completions);
        int callsBefore = socket.calls.size();
        long room = 12_345; // never a chunk boundary: each resume starts inside a buffer
        while (endPoint.isWriteWaiting()) {
            socket.makeRoom(room);
            endPoint.writable();
        }
        assertEquals(1, writer.completions);
        assertNull(writer.failure);
        assertEquals(16, endPoint.writes.size(), "a partial write adds system calls, not writes");
        assertTrue(socket.calls.size() > callsBefore + 14, "the resumed calls: " + socket.calls.size());
        assertEquals(socket.incompleteFlushes(), socket.calls.size() - 16, "one wait for the socket per call that stopped short");
        assertBody(1_048_576, contentLengthBody(1_048_576));
    }

    @Test
    void aResumedWriteHandsTheSystemCallOnlyTheBuffersLeft() {
        socket.room(0);
        request("/stream?bytes=65536&chunk=16384&hw=65536");
        assertEquals(List.of("5:0"), socket.calls, "head + 4 chunks, nothing taken");
        String head = endPoint.written().substring(0, endPoint.written().indexOf("\r\n\r\n") + 4);
        socket.makeRoom(head.length() + 16384 + 100);
        endPoint.writable();
        // The head and the first chunk went, and 100 bytes of the second: the next call starts in it.
        socket.makeRoom(1_000_000);
        endPoint.writable();
        assertEquals(List.of("5:0", "5:" + (head.length() + 16484), "3:" + (65536 - 16484)), socket.calls);
        assertEquals(1, writer.completions);
        assertBody(65536, contentLengthBody(65536));
    }

    @Test
    void aSocketThatFailsMidStreamFailsTheWriterOnceAndClosesTheConnection() {
        socket.room(70_000);
        request("/stream?bytes=1048576&chunk=16384&hw=65536");
        assertTrue(endPoint.isWriteWaiting());
        IOException reset = new IOException("connection reset by peer");
        socket.failNextFlush(reset);
        socket.makeRoom(10_000);
        endPoint.writable();
        assertEquals(1, writer.completions);
        assertEquals(reset, writer.failure);
        assertTrue(writer.isFailed());
        assertFalse(endPoint.isOpen(), "a response that failed mid-write closes the connection");
    }

    @Test
    void headGetsTheHeadOnly() {
        endPoint.deliver("HEAD /stream?bytes=1048576&chunk=16384&hw=65536 HTTP/1.1\r\nHost: a\r\n\r\n");
        String written = endPoint.written();
        assertTrue(written.startsWith("HTTP/1.1 200 OK\r\n"), written);
        assertTrue(written.contains("Content-Length: 1048576\r\n"), written);
        assertTrue(written.endsWith("\r\n\r\n"), "no content after the head");
        assertEquals(1, writer.completions);
    }

    @Test
    void theHighWaterMarkMustBePositive() {
        request("/hold");
        Response response = held;
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> new PatternWriter(response, 0, 10, 10, Callback.NOOP));
        assertEquals("the high-water mark must be at least 1 byte, was 0", zero.getMessage());
        assertEquals(1, new PatternWriter(response, 1, 10, 10, Callback.NOOP).highWater());
        heldCallback.succeeded();
    }

    @Test
    void aGatherWriteRefusesPiecesOutsideTheArray_morePiecesThanAllowed_andANullPiece() {
        request("/hold");
        Response response = held;
        ByteBuffer[] pieces = new ByteBuffer[Response.MAX_PIECES_PER_WRITE + 1];
        for (int i = 0; i < pieces.length; i++) {
            pieces[i] = ByteBuffer.allocate(1);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> response.write(false, pieces, pieces.length - 4, 6, Callback.NOOP));
        IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
                () -> response.write(false, pieces, 0, Response.MAX_PIECES_PER_WRITE + 1, Callback.NOOP));
        assertEquals("at most " + Response.MAX_PIECES_PER_WRITE + " pieces per write, got " + (Response.MAX_PIECES_PER_WRITE + 1), many.getMessage());
        pieces[3] = null;
        NullPointerException none = assertThrows(NullPointerException.class, () -> response.write(false, pieces, 0, 4, Callback.NOOP));
        assertEquals("piece", none.getMessage());
        assertFalse(response.isCommitted(), "nothing was written");
        // The same call with every piece in range is a write.
        pieces[3] = ByteBuffer.allocate(1);
        response.write(false, pieces, 0, Response.MAX_PIECES_PER_WRITE, Callback.NOOP);
        assertTrue(response.isCommitted());
        response.write(true, null, heldCallback);
        List<Integer> sizes = new ArrayList<>();
        String written = endPoint.written();
        dechunk(written.substring(written.indexOf("\r\n\r\n") + 4), sizes);
        assertEquals(Response.MAX_PIECES_PER_WRITE, sizes.size(), "each piece a chunk: " + sizes);
    }

    @Test
    void toStringShowsTheMarkTheWritesAndTheState() {
        socket.room(0);
        request("/stream?bytes=65536&chunk=16384&hw=65536");
        assertTrue(writer.toString().matches("PatternWriter@\\p{XDigit}+\\[PENDING]\\{highWater=65536,writes=1,last written}"),
                writer.toString());
        socket.makeRoom(1_000_000);
        endPoint.writable();
        assertTrue(writer.isSucceeded(), writer.toString());
    }

    // --- helpers ----------------------------------------------------------------------------------

    private void request(String target) {
        endPoint.deliver("GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n");
    }

    /** The body behind a head that must declare {@code Content-Length: bytes}. */
    private byte[] contentLengthBody(long bytes) {
        String written = endPoint.written();
        int end = written.indexOf("\r\n\r\n");
        assertTrue(end > 0, "no head in " + written.substring(0, Math.min(200, written.length())));
        assertTrue(written.substring(0, end + 2).contains("\r\nContent-Length: " + bytes + "\r\n"), written.substring(0, end));
        byte[] received = socket.received();
        assertEquals(written.length(), received.length, "the socket took every byte of every write");
        byte[] body = new byte[received.length - end - 4];
        System.arraycopy(received, end + 4, body, 0, body.length);
        return body;
    }

    private static void assertBody(long bytes, byte[] body) {
        assertEquals(bytes, body.length, "body length");
        for (int i = 0; i < body.length; i++) {
            if (body[i] != (byte) (i % PERIOD)) {
                throw new AssertionError("byte " + i + " is " + body[i] + ", not " + (byte) (i % PERIOD));
            }
        }
    }

    /** The content of a chunked body, the chunk sizes in {@code sizes}. */
    private static byte[] dechunk(String chunked, List<Integer> sizes) {
        java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
        int at = 0;
        while (true) {
            int lineEnd = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(chunked.substring(at, lineEnd), 16);
            at = lineEnd + 2;
            if (size == 0) {
                assertEquals("\r\n", chunked.substring(at), "the end of the chunked body");
                return content.toByteArray();
            }
            sizes.add(size);
            content.writeBytes(chunked.substring(at, at + size).getBytes(StandardCharsets.ISO_8859_1));
            at += size;
            assertEquals("\r\n", chunked.substring(at, at + 2));
            at += 2;
        }
    }

    private static ByteBuffer pattern() {
        ByteBuffer pattern = ByteBuffer.allocateDirect(MAX_CHUNK + PERIOD);
        for (int i = 0; i < pattern.capacity(); i++) {
            pattern.put((byte) (i % PERIOD));
        }
        return pattern.flip().asReadOnlyBuffer();
    }
}
