package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.workbench.targets.hello.StreamBody;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.iocore.IocoreTechnology;
import io.workbench.targets.server.TargetSettings;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * iocore's {@code /stream} gathers chunks under its high-water mark ({@code --stream-high-water}):
 * whatever the mark (a byte, so one chunk a write as before gathering; the default chunk; the
 * default 64 KiB; a mark no chunk size divides; 1 MiB), over a real socket with a small receive
 * buffer and a reader that pauses (so writes stop part-way and resume), the body is exact, the
 * connection stays good for the next request and {@code /stats} counts every byte once.
 */
class StreamHighWaterTest {

    private static final int RECEIVE_BUFFER = 32 * 1024;

    @ParameterizedTest(name = "high-water {0}")
    @ValueSource(ints = {1, 16_384, TargetSettings.DEFAULT_STREAM_HIGH_WATER, 100_000, 1 << 20})
    void everyMarkStreamsEveryByteOnceAndInOrder(int highWater) throws Exception {
        TargetSettings settings = TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0).withStreamHighWater(highWater);
        try (Target target = Target.start(new IocoreTechnology(), settings);
             HttpWire wire = new HttpWire(target.port(), RECEIVE_BUFFER)) {
            long total = 0;
            for (String query : List.of("bytes=3000000", "bytes=1000003&chunk=4093", "bytes=300000&chunk=1048576",
                    "bytes=20000&chunk=7", "bytes=0")) {
                wire.write(HttpWire.get("/stream?" + query));
                HttpWire.Head head = wire.readHead();
                assertEquals(200, head.status(), query);
                long length = Long.parseLong(query.replaceAll(".*bytes=(\\d+).*", "$1"));
                assertEquals(length, head.contentLength(), query);
                readSlowly(wire.input(), length);
                total += length;
            }
            wire.write(HttpWire.get("/hello"));
            assertEquals("hello", wire.read().body(), "the bodies were framed exactly");
            long streamed = total;
            HelloTargetContractTest.awaitTrue(() -> target.streamStats().completedCount() == 5, "the five streams ended");
            assertEquals(streamed, target.streamStats().bytes(), "/stats counts every byte once");
        }
    }

    /** Reads {@code length} body bytes, checking each, with a pause after every 256 KiB. */
    private static void readSlowly(InputStream in, long length) throws IOException, InterruptedException {
        byte[] buffer = new byte[8192];
        long position = 0;
        while (position < length) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, length - position));
            if (n < 0) {
                throw new EOFException("the body ended at byte " + position + " of " + length);
            }
            for (int i = 0; i < n; i++) {
                if (buffer[i] != StreamBody.byteAt(position + i)) {
                    throw new AssertionError("byte " + (position + i) + " is " + buffer[i] + ", expected "
                            + StreamBody.byteAt(position + i));
                }
            }
            long before = position;
            position += n;
            if (position / (256 * 1024) != before / (256 * 1024)) {
                Thread.sleep(1);
            }
        }
    }
}
