package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.StreamStats;
import io.workbench.targets.server.TargetSettings;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming contract, {@code GET /stream?bytes=N[&chunk=K]}, checked on every cell over a
 * real socket: the body arrives complete and byte-exact ({@link StreamBody#byteAt}), framed by
 * {@code Content-Length}, whoever writes it and however; a client that stops reading stalls the
 * server without holding a thread, unless the cell writes the blocking way; bad requests are 400s
 * that say why; {@code /stats} counts the bytes.
 *
 * <p>How "no thread is blocked in a write" is seen: every server's stream writer is a class of ours
 * whose name ends in {@code Stream} ({@code IocoreStream}, {@code JettyStream}, {@code NettyStream},
 * {@code UndertowStream}, {@code ServletStream}); a thread waiting in a write it started is a thread
 * with such a frame on its stack while the client is not reading. The cells that write the blocking
 * way on a platform thread (servlet sync and async-dispatch) are the control: there the waiting
 * thread must be seen.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.workbench.targets.Cell#valid")
class StreamContractTest {

    private static final int SIXTEEN_MIB = 16 << 20;
    /** The client's receive buffer: small and fixed, so the server stalls long before the end. */
    private static final int RECEIVE_BUFFER = 32 * 1024;

    private static Target target;

    @Parameter
    Cell cell;

    @BeforeParameterizedClassInvocation
    static void startTheCell(Cell cell) throws Exception {
        target = Target.start(cell.technology(), TargetSettings.of(cell.strategy(), 0, 0));
    }

    @AfterParameterizedClassInvocation
    static void stopTheCell() {
        if (target != null) {
            target.stop();
            target = null;
        }
    }

    @Test
    void sixteenMebibytesReachASlowReaderWholeAndOnlyABlockingWriterWaitsForIt() throws Exception {
        StreamStats stats = target.streamStats();
        long streamsBefore = stats.completedCount();
        long bytesBefore = stats.bytes();
        try (HttpWire wire = new HttpWire(target.port(), RECEIVE_BUFFER)) {
            wire.write(HttpWire.get("/stream?bytes=" + SIXTEEN_MIB));
            HttpWire.Head head = wire.readHead();
            assertEquals(200, head.status());
            assertEquals(SIXTEEN_MIB, head.contentLength());
            assertEquals(StreamBody.CONTENT_TYPE, head.header("content-type"));
            InputStream in = wire.input();
            PatternCheck check = new PatternCheck();

            // A slow reader: 1 MiB in 64 KiB sips with a pause between them...
            for (int i = 0; i < 16; i++) {
                check.read(in, 64 * 1024);
                Thread.sleep(2);
            }
            // ...then none at all, until the server has filled the socket and stopped.
            long stalledAt = awaitStall(stats);
            assertTrue(stalledAt - bytesBefore < SIXTEEN_MIB, cell + " wrote everything to a client that does not read");
            List<String> waiting = threadsInAStreamWriter();
            if (cell.blocksAPlatformThreadPerStream()) {
                assertFalse(waiting.isEmpty(), cell + " writes the blocking way: a thread should be seen waiting in its write");
            } else {
                assertTrue(waiting.isEmpty(), cell + ": threads wait in a stream write while the client does not read: " + waiting);
            }

            // The rest, as fast as it comes: complete and exact.
            check.read(in, SIXTEEN_MIB - check.position);
            assertEquals(SIXTEEN_MIB, check.position);
            // The connection is still good for the next request: the body was framed exactly.
            wire.write(HttpWire.get("/hello"));
            assertEquals("hello", wire.read().body());
        }
        HelloTargetContractTest.awaitTrue(() -> stats.completedCount() == streamsBefore + 1, "the stream counted: " + stats);
        assertEquals(bytesBefore + SIXTEEN_MIB, stats.bytes(), "/stats counts every byte");
        long[] counters = HelloTargetContractTest.parse(HelloTargetContractTest.get(target, "/stats").body());
        assertEquals(stats.bytes(), counters[6], "streamedBytes");
        assertEquals(0, counters[5], "streamsInFlight");
    }

    @Test
    void oddSizesAndChunksAreExactToo() throws Exception {
        try (HttpWire wire = new HttpWire(target.port())) {
            for (String query : List.of("bytes=0", "bytes=1", "bytes=100003&chunk=4093", "bytes=70000&chunk=1048576",
                    "chunk=100&bytes=1000")) {
                wire.write(HttpWire.get("/stream?" + query));
                HttpWire.Head head = wire.readHead();
                assertEquals(200, head.status(), query);
                PatternCheck check = new PatternCheck();
                check.read(wire.input(), head.contentLength());
                long expected = Long.parseLong(query.replaceAll(".*bytes=(\\d+).*", "$1"));
                assertEquals(expected, check.position, query);
            }
        }
    }

    @Test
    void badStreamRequestsAre400sThatSayWhy() throws Exception {
        long started = target.streamStats().startedCount();
        Map<String, String> reasons = Map.of(
                "/stream", "bytes=N is required (the body length, 0 to 1073741824)",
                "/stream?bytes=ten", "bytes must be a whole number of bytes, was 'ten'",
                "/stream?bytes=1073741825", "bytes must be at most 1073741824 bytes, was 1073741825",
                "/stream?bytes=10&chunk=0", "chunk must be at least 1 byte, was 0",
                "/stream?bytes=10&chunk=1048577", "chunk must be at most 1048576 bytes, was 1048577",
                "/stream?bytes=-1", "bytes must be a whole number of bytes, was '-1'");
        for (Map.Entry<String, String> each : reasons.entrySet()) {
            var response = HelloTargetContractTest.get(target, each.getKey());
            assertEquals(400, response.statusCode(), each.getKey());
            assertEquals(each.getValue(), response.body(), each.getKey());
        }
        assertEquals(started, target.streamStats().startedCount(), "a refused stream is not counted");
    }

    /** Waits until the server's streamed byte count has not moved for 300 ms; returns it. */
    private static long awaitStall(StreamStats stats) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        long last = stats.bytes();
        long stillSince = System.nanoTime();
        while (System.nanoTime() - stillSince < TimeUnit.MILLISECONDS.toNanos(300)) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("the stream never stalled: " + stats);
            }
            Thread.sleep(20);
            long now = stats.bytes();
            if (now != last) {
                last = now;
                stillSince = System.nanoTime();
            }
        }
        return last;
    }

    /** Threads (not this one) with a frame of one of our stream writers on their stack, sampled a few times. */
    private static List<String> threadsInAStreamWriter() throws InterruptedException {
        List<String> found = new ArrayList<>();
        for (int sample = 0; sample < 5 && found.isEmpty(); sample++) {
            for (Map.Entry<Thread, StackTraceElement[]> each : Thread.getAllStackTraces().entrySet()) {
                Thread thread = each.getKey();
                if (thread == Thread.currentThread()) {
                    continue;
                }
                for (StackTraceElement frame : each.getValue()) {
                    String type = frame.getClassName();
                    if (type.startsWith("io.workbench.targets.") && type.replaceAll("\\$.*", "").endsWith("Stream")) {
                        found.add(thread.getName() + " " + thread.getState() + " in " + frame + " <- "
                                + Arrays.toString(Arrays.copyOf(each.getValue(), Math.min(6, each.getValue().length))));
                        break;
                    }
                }
            }
            Thread.sleep(20);
        }
        return found;
    }

    /** Reads body bytes and checks each against the pattern, counting its position. */
    private static final class PatternCheck {
        private final byte[] buffer = new byte[64 * 1024];
        long position;

        void read(InputStream in, long count) throws IOException {
            long end = position + count;
            while (position < end) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, end - position));
                if (n < 0) {
                    throw new EOFException("the body ended at byte " + position + ", expected " + end);
                }
                for (int i = 0; i < n; i++) {
                    if (buffer[i] != StreamBody.byteAt(position + i)) {
                        throw new AssertionError("byte " + (position + i) + " is " + buffer[i] + ", expected "
                                + StreamBody.byteAt(position + i));
                    }
                }
                position += n;
            }
        }
    }
}
