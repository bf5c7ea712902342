package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.hello.StreamStats;
import io.workbench.targets.server.TargetSettings;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The checks of one cell, run in order on one server of the cell started with a one-second idle
 * timeout, a short stop grace and the tests' {@link ProbeWatch} (which fails a request on purpose
 * when its query asks): what {@link RequestEndsTest} asserts, each check's outcome kept for it.
 */
final class RequestEndChecks {

    /** The checks, in the order they run; the server's stop is the last. */
    enum Check {
        HELD_REQUEST, IDLE_CONNECTION, STREAM_TO_SLOW_READER, STREAM_NOT_TAKEN, HANDLER_FAILURE, HANDLER_EXCEPTION,
        CLIENT_GONE, SERVER_STOP
    }

    /** Long enough for a client to have gone before the response is written. */
    static final long CLIENT_GONE_WAIT_MILLIS = 300;
    /** The stop grace: the requests held at the stop wait a minute, far longer. */
    static final Duration STOP_GRACE = Duration.ofMillis(300);

    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(1);
    /** Longer than the idle timeout by enough for a server that counted it as idle to have closed it. */
    static final long WAIT_MILLIS = 2_500;
    /** More than the kernel's buffers on both sides hold, so that the server is still writing after the idle timeout. */
    static final int STREAM_BYTES = 8 << 20;
    /** The client's receive buffer: small and fixed. */
    static final int RECEIVE_BUFFER = 32 * 1024;
    /**
     * Processing threads per server, blocking or not, instead of the study's thousands: at most two
     * requests are in flight at a time here, and eight cells run side by side in one JVM.
     */
    static final int THREADS = 16;

    private final Cell cell;
    private Target target;

    private RequestEndChecks(Cell cell) {
        this.cell = cell;
    }

    /**
     * Starts a server of {@code cell}, runs every check on it in order, and stops it.
     *
     * @return the failure of each check that failed (a server that would not start fails them all)
     */
    static Map<Check, Throwable> run(Cell cell) {
        return new RequestEndChecks(cell).runAll();
    }

    private Map<Check, Throwable> runAll() {
        Map<Check, Throwable> failures = new EnumMap<>(Check.class);
        try {
            target = Target.start(cell.technology(), TargetSettings.of(cell.strategy(), 0, 0)
                    .withIdleTimeout(IDLE_TIMEOUT).withThreadLimits(THREADS, THREADS).withStopGrace(STOP_GRACE), new ProbeWatch());
        } catch (Throwable x) {
            for (Check check : Check.values()) {
                failures.put(check, x);
            }
            return failures;
        }
        try {
            for (Check check : Check.values()) {
                try {
                    run(check);
                } catch (Throwable x) {
                    failures.put(check, x);
                }
            }
        } finally {
            target.stop();
        }
        return failures;
    }

    private void run(Check check) throws Exception {
        switch (check) {
            case HELD_REQUEST -> aRequestTheHandlerHoldsLongerThanTheIdleTimeoutIsAnsweredAndCountedOnce();
            case IDLE_CONNECTION -> aConnectionWaitingForItsNextRequestIsClosed();
            case STREAM_TO_SLOW_READER -> aStreamToASlowReaderOutlastingTheIdleTimeoutIsWrittenWhole();
            case STREAM_NOT_TAKEN -> aStreamTheClientStopsTakingIsClosedAndEnds();
            case HANDLER_FAILURE -> failedByItsHandlerEndsCountedOnce("abort");
            case HANDLER_EXCEPTION -> failedByItsHandlerEndsCountedOnce("throw");
            case CLIENT_GONE -> aRequestWhoseClientWentAwayEndsCountedOnce();
            case SERVER_STOP -> theStopEndsEverythingInFlightCountedOnce();
        }
    }

    private void aRequestTheHandlerHoldsLongerThanTheIdleTimeoutIsAnsweredAndCountedOnce() throws Exception {
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

    /**
     * The handler fails the request ({@code fault=abort}: it aborts instead of answering) or throws
     * ({@code fault=throw}: its send throws), with a zero wait (on the handling thread, or the pool
     * the strategy hands a zero wait to) and with a wait (on the timer's side of the strategy): the
     * client gets a 500 or a closed connection, and each request ends, counted once.
     */
    private void failedByItsHandlerEndsCountedOnce(String fault) throws Exception {
        RequestStats stats = target.stats();
        for (long wait : new long[] {0, 20}) {
            settled(stats);
            long started = stats.startedCount();
            long completed = stats.completedCount();
            String what = cell + " fault=" + fault + ", wait " + wait;
            try (HttpWire wire = new HttpWire(target.port())) {
                wire.write(HttpWire.get("/hello?wait=" + wait + "&fault=" + fault));
                try {
                    assertEquals(500, wire.read().status(), what);
                } catch (IOException closed) {
                    // Netty and Undertow's handler close the connection: their way of failing a response.
                }
            }
            HelloTargetContractTest.awaitTrue(() -> stats.completedCount() == completed + 1 && stats.inFlightCount() == 0,
                    () -> what + ": ended: " + stats);
            assertEquals(started + 1, stats.startedCount(), what + ": " + stats);
        }
        // Nothing was counted twice meanwhile, and the server still answers.
        assertEquals(stats.startedCount(), stats.completedCount(), cell + ": " + stats);
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.get("/hello"));
            assertEquals("hello", wire.read().body(), cell + " after fault=" + fault);
        }
    }

    /** The client closes its connection right after sending; the request ends (its write fails, or the server sees the close), counted once. */
    private void aRequestWhoseClientWentAwayEndsCountedOnce() throws Exception {
        RequestStats stats = target.stats();
        settled(stats);
        long started = stats.startedCount();
        long completed = stats.completedCount();
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.get("/hello?wait=" + CLIENT_GONE_WAIT_MILLIS));
            HelloTargetContractTest.awaitTrue(() -> stats.startedCount() == started + 1, cell + ": started: " + stats);
        }
        HelloTargetContractTest.awaitTrue(() -> stats.completedCount() == completed + 1 && stats.inFlightCount() == 0,
                () -> cell + ": a request whose client went away ended: " + stats);
        Thread.sleep(CLIENT_GONE_WAIT_MILLIS);
        assertEquals(completed + 1, stats.completedCount(), cell + ": counted once, even once its wait is over: " + stats);
    }

    /**
     * A request that waits a minute and a stream the client does not read are in flight when the
     * server stops: the stop ends both, each counted once, and nothing is left in flight.
     */
    private void theStopEndsEverythingInFlightCountedOnce() throws Exception {
        RequestStats stats = target.stats();
        StreamStats streams = target.streamStats();
        settled(stats);
        long started = stats.startedCount();
        long streamsStarted = streams.startedCount();
        try (HttpWire held = new HttpWire(target.port()); HttpWire stalled = new HttpWire(target.port(), RECEIVE_BUFFER)) {
            held.write(HttpWire.get("/hello?wait=60000"));
            stalled.write(HttpWire.get("/stream?bytes=" + STREAM_BYTES));
            HelloTargetContractTest.awaitTrue(() -> stats.startedCount() == started + 1 && streams.startedCount() == streamsStarted + 1,
                    cell + ": both in flight: " + stats + " " + streams);
            target.stop();
            HelloTargetContractTest.awaitTrue(() -> stats.inFlightCount() == 0 && streams.inFlightCount() == 0,
                    () -> cell + ": the stop ended them: " + stats + " " + streams);
        }
        assertEquals(stats.startedCount(), stats.completedCount(), cell + ": each counted once: " + stats);
        assertEquals(streams.startedCount(), streams.completedCount(), cell + ": " + streams);
    }

    /**
     * Waits for the requests before this check to have ended: a client reads a response before the
     * server has learned that its write is done, and a count taken in between would be one short.
     */
    private void settled(RequestStats stats) throws InterruptedException {
        HelloTargetContractTest.awaitTrue(() -> stats.inFlightCount() == 0, () -> cell + ": nothing in flight: " + stats);
    }

    private void aConnectionWaitingForItsNextRequestIsClosed() throws Exception {
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
    private void aStreamToASlowReaderOutlastingTheIdleTimeoutIsWrittenWhole() throws Exception {
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
    private void aStreamTheClientStopsTakingIsClosedAndEnds() throws Exception {
        StreamStats streams = target.streamStats();
        long finished = streams.completedCount();
        try (HttpWire wire = new HttpWire(target.port(), RECEIVE_BUFFER)) {
            wire.write(HttpWire.get("/stream?bytes=" + STREAM_BYTES));
            assertEquals(200, wire.readHead().status(), cell.toString());
            HelloTargetContractTest.awaitTrue(() -> streams.completedCount() == finished + 1 && streams.inFlightCount() == 0,
                    cell + ": a stream the client stopped taking ended: " + streams);
            long read = wire.input().transferTo(java.io.OutputStream.nullOutputStream());
            assertTrue(read < STREAM_BYTES, cell + ": the connection was closed before the end, after " + read + " bytes");
        }
    }
}
