package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.hello.StreamStats;
import io.workbench.targets.server.TargetSettings;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The idle timeout means the same on every cell, checked here with a one-second timeout: a
 * connection on which nothing is read or written for that long is closed when the server waits
 * for the client (for a request, or for it to take a response); a request the handler holds (its
 * wait) is never idle, and is answered and counted once however long it waits; a stream that never
 * stops moving is never idle, however long it lasts and however little the client sends.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.workbench.targets.Cell#valid")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IdleTimeoutTest {

    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(1);
    /** Longer than the idle timeout by enough for a server that counted it as idle to have closed it. */
    static final long WAIT_MILLIS = 2_500;
    /** More than the kernel's buffers on both sides hold, so that the server is still writing after the idle timeout. */
    static final int STREAM_BYTES = 8 << 20;
    /** The client's receive buffer: small and fixed. */
    static final int RECEIVE_BUFFER = 32 * 1024;

    private static Target target;

    @Parameter
    Cell cell;

    @BeforeParameterizedClassInvocation
    static void startTheCell(Cell cell) throws Exception {
        target = Target.start(cell.technology(), TargetSettings.of(cell.strategy(), 0, 0).withIdleTimeout(IDLE_TIMEOUT));
    }

    @AfterParameterizedClassInvocation
    static void stopTheCell() {
        if (target != null) {
            target.stop();
            target = null;
        }
    }

    @Test
    @Order(1)
    void aRequestTheHandlerHoldsLongerThanTheIdleTimeoutIsAnsweredAndCountedOnce() throws Exception {
        RequestStats stats = target.stats();
        long started = stats.startedCount();
        long completed = stats.completedCount();
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.get("/hello?wait=" + WAIT_MILLIS));
            HttpWire.Response response;
            try {
                response = wire.read();
            } catch (IOException closed) {
                throw new AssertionError(cell + " closed a connection whose request its handler held", closed);
            }
            assertEquals("hello", response.body(), cell.toString());
        }
        HelloTargetContractTest.awaitTrue(() -> stats.inFlightCount() == 0, cell + ": nothing in flight: " + stats);
        assertEquals(started + 1, stats.startedCount(), cell + ": " + stats);
        assertEquals(completed + 1, stats.completedCount(), cell + ": completed exactly once: " + stats);
        long[] counters;
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.get("/stats"));
            counters = HelloTargetContractTest.parse(wire.read().body());
        }
        assertEquals(counters[0], counters[1], cell + ": started == completed in /stats");
        assertEquals(0, counters[2], cell + ": inFlight in /stats");
    }

    @Test
    @Order(2)
    void aConnectionWaitingForItsNextRequestIsClosed() throws Exception {
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.get("/hello"));
            assertEquals("hello", wire.read().body());
            // The wire gives up after 10 s without a byte: a timeout, not the end of the stream.
            assertTrue(wire.closedByServer(), cell + ": an idle keep-alive connection is closed");
        }
    }

    /**
     * 8 MiB to a client with a 32 KiB receive buffer that reads 256 KiB every 100 ms: more than three
     * seconds, three idle timeouts, during which the client sends nothing and the response never
     * stops moving.
     */
    @Test
    @Order(3)
    void aStreamToASlowReaderOutlastingTheIdleTimeoutIsWrittenWhole() throws Exception {
        StreamStats streams = target.streamStats();
        long finished = streams.completedCount();
        try (HttpWire wire = new HttpWire(target.port(), RECEIVE_BUFFER)) {
            wire.write(HttpWire.get("/stream?bytes=" + STREAM_BYTES));
            assertEquals(200, wire.readHead().status(), cell.toString());
            InputStream in = wire.input();
            int read = 0;
            byte[] sip = new byte[256 * 1024];
            while (read < STREAM_BYTES) {
                int n = in.readNBytes(sip, 0, Math.min(sip.length, STREAM_BYTES - read));
                if (n == 0) {
                    break;
                }
                for (int i = 0; i < n; i += 4093) {
                    assertEquals((read + i) % 251, sip[i] & 0xff, cell + ": byte " + (read + i));
                }
                read += n;
                Thread.sleep(100);
            }
            assertEquals(STREAM_BYTES, read, cell + ": the stream was cut while it was moving");
        }
        HelloTargetContractTest.awaitTrue(() -> streams.completedCount() == finished + 1 && streams.inFlightCount() == 0,
                cell + ": the stream counted: " + streams);
    }

    /** A client that stops reading: the server's writes stop moving, and after the idle timeout it gives up. */
    @Test
    @Order(4)
    void aStreamTheClientStopsTakingIsClosedAndEnds() throws Exception {
        StreamStats streams = target.streamStats();
        long finished = streams.completedCount();
        try (HttpWire wire = new HttpWire(target.port(), RECEIVE_BUFFER)) {
            wire.write(HttpWire.get("/stream?bytes=" + STREAM_BYTES));
            assertEquals(200, wire.readHead().status(), cell.toString());
            HelloTargetContractTest.awaitTrue(() -> streams.completedCount() == finished + 1 && streams.inFlightCount() == 0,
                    cell + ": a stream the client stopped taking ended: " + streams);
            long read = wire.input().transferTo(OutputStreamSink.INSTANCE);
            assertTrue(read < STREAM_BYTES, cell + ": the connection was closed before the end, after " + read + " bytes");
        }
    }

    /** Where the rest of a cut stream goes. */
    private static final class OutputStreamSink extends java.io.OutputStream {
        static final OutputStreamSink INSTANCE = new OutputStreamSink();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
        }
    }
}
