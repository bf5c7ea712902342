package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.server.TargetSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code /stats} while the server's pool is exhausted, as in the concurrency-level scenario: every
 * cell is started with test-sized pools ({@value #POOL} threads), twice as many requests as that
 * wait {@value #WAIT_MILLIS} ms each, and once the server has started all it can, {@code GET /stats}
 * must answer within a second with the requests in flight. A server that reads {@code /stats} on a
 * selector or I/O thread before any blocking dispatch does, whatever its pool is doing.
 *
 * <p>The control: Tomcat hands every request to its pool before reading it
 * ({@link io.workbench.targets.server.ServerTechnology#answersStatsBeforeDispatch()} is false), so
 * on its cells that hold a platform thread per wait {@code /stats} must <em>not</em> answer within
 * the second: the check sees a starved {@code /stats} when there is one.
 */
class StatsWhilePoolSleepsTest {

    static final int POOL = 16;
    static final long WAIT_MILLIS = 2_500;
    static final int STATS_TIMEOUT_MILLIS = 1_000;

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.workbench.targets.Cell#valid")
    void statsAnswersWithinASecondWhileEveryPoolThreadSleeps(Cell cell) throws Exception {
        TargetSettings settings = TargetSettings.of(cell.strategy(), 0, 0).withThreadLimits(POOL, POOL);
        List<Socket> waiting = new ArrayList<>();
        try (Target target = Target.start(cell.technology(), settings)) {
            byte[] request = HttpWire.get("/hello?wait=" + WAIT_MILLIS).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 2 * POOL; i++) {
                Socket socket = new Socket();
                waiting.add(socket);
                socket.connect(new InetSocketAddress("127.0.0.1", target.port()), 5_000);
                socket.getOutputStream().write(request);
            }
            RequestStats stats = target.stats();
            long inFlight = awaitStartedSettles(stats);

            long[] counters = statsWithin(target.port());
            boolean starved = cell.holdsAPlatformThreadPerWait() && !cell.technology().answersStatsBeforeDispatch();
            if (starved) {
                assertNull(counters, cell + " reads /stats on its pool, whose threads all sleep: it should not have answered");
            } else {
                assertTrue(counters != null, cell + ": /stats did not answer within " + STATS_TIMEOUT_MILLIS
                        + " ms while " + inFlight + " requests were in flight: " + stats);
                assertEquals(inFlight, counters[2], cell + ": inFlight in /stats");
                assertTrue(counters[3] >= inFlight, cell + ": maxInFlight in /stats");
            }
        } finally {
            for (Socket socket : waiting) {
                socket.close();
            }
        }
    }

    /** Waits until the server has started all the requests it can (the count stops moving); @return in flight then */
    private static long awaitStartedSettles(RequestStats stats) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long last = -1;
        long stableSince = System.nanoTime();
        while (System.nanoTime() - deadline < 0) {
            long now = stats.startedCount();
            if (now != last) {
                last = now;
                stableSince = System.nanoTime();
            } else if (now > 0 && System.nanoTime() - stableSince > TimeUnit.MILLISECONDS.toNanos(500)) {
                return stats.inFlightCount();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the started count never settled: " + stats);
    }

    /** The counters of {@code GET /stats} on a new connection, or null if no answer came within the timeout. */
    private static long[] statsWithin(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(STATS_TIMEOUT_MILLIS);
            socket.getOutputStream().write(HttpWire.get("/stats").getBytes(StandardCharsets.US_ASCII));
            try {
                HttpWire.Response response = HttpWire.read(socket.getInputStream());
                assertEquals(200, response.status());
                return HelloTargetContractTest.parse(response.body());
            } catch (SocketTimeoutException starved) {
                return null;
            }
        }
    }
}
