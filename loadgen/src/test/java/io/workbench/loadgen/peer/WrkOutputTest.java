package io.workbench.loadgen.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WrkOutputTest {

    @Test
    void aLatencyRun() {
        WrkOutput wrk = WrkOutput.parse(Fixtures.text("wrk-latency.txt"));
        assertEquals(111858, wrk.summary().requests());
        assertEquals(Duration.ofMillis(3020), wrk.summary().elapsed());
        assertEquals(11.31 * 1024 * 1024, wrk.summary().read(), 1e-3);
        assertEquals(36987.65, wrk.summary().requestsPerSecond());
        assertEquals(3.74 * 1024 * 1024, wrk.summary().transferPerSecond(), 1e-3);
        assertEquals(SocketErrors.NONE, wrk.summary().socketErrors());
        assertEquals(0, wrk.summary().errors());
        // Microseconds and milliseconds in the same distribution.
        assertEquals(Duration.ofNanos(394_000), wrk.latency().at(50));
        assertEquals(Duration.ofNanos(4_240_000), wrk.latency().at(75));
        assertEquals(Duration.ofNanos(20_700_000), wrk.latency().at(90));
        assertEquals(Duration.ofNanos(172_930_000), wrk.latency().at(99));
        assertEquals(4, wrk.latency().percentiles().size());
    }

    @Test
    void nonSuccessAnswersAreErrors() {
        WrkSummary summary = WrkOutput.parse(Fixtures.text("wrk-non2xx.txt")).summary();
        assertEquals(222922, summary.non2xx3xx());
        assertEquals(222922, summary.errors());
        assertEquals(106162.13, summary.requestsPerSecond());
    }

    @Test
    void socketTimeoutsAreErrors() {
        WrkOutput wrk = WrkOutput.parse(Fixtures.text("wrk-socket-errors.txt"));
        assertEquals(new SocketErrors(0, 0, 0, 18), wrk.summary().socketErrors());
        assertEquals(18, wrk.summary().errors());
        assertEquals(Duration.ofNanos(899_340_000), wrk.latency().at(99));
        assertEquals(731.53 * 1024 * 1024, wrk.summary().transferPerSecond(), 1e-3);
    }

    @Test
    void everyKindOfSocketErrorAddsUp() {
        String text = Fixtures.text("wrk-latency.txt").replace("Requests/sec:",
                "  Socket errors: connect 1, read 20, write 300, timeout 4000\n  Non-2xx or 3xx responses: 50000\nRequests/sec:");
        WrkSummary summary = WrkOutput.parse(text).summary();
        assertEquals(new SocketErrors(1, 20, 300, 4000), summary.socketErrors());
        assertEquals(54321, summary.errors());
    }

    @Test
    void withoutLatencyThereIsNoDistribution() {
        WrkOutput wrk = WrkOutput.parse(Fixtures.text("wrk-paced.txt"));
        assertTrue(wrk.latency().isEmpty());
        assertEquals(11269, wrk.summary().requests());
        assertThrows(IllegalArgumentException.class, () -> wrk.latency().at(50));
        WrkOutput stream = WrkOutput.parse(Fixtures.text("wrk-stream.txt"));
        assertEquals(2.10 * 1024 * 1024 * 1024, stream.summary().transferPerSecond(), 1);
    }

    @Test
    void latenciesInSecondsAndMinutes() {
        String text = Fixtures.text("wrk-latency.txt")
                .replace("     90%   20.70ms", "     90%    1.05s")
                .replace("     99%  172.93ms", "     99%    2.00m");
        WrkOutput wrk = WrkOutput.parse(text);
        assertEquals(Duration.ofMillis(1050), wrk.latency().at(90));
        assertEquals(Duration.ofMinutes(2), wrk.latency().at(99));
    }

    @Test
    void aFailedRunSaysWhatWrkPrinted() {
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> WrkOutput.parse(Fixtures.text("wrk-refused.txt")));
        assertTrue(e.getMessage().startsWith("wrk output: no 'N requests in T, B read' line"), e.getMessage());
        assertTrue(e.getMessage().contains("unable to connect to 127.0.0.1:1 Connection refused"), e.getMessage());
        e = assertThrows(UnreadableOutputException.class, () -> WrkOutput.parse(""));
        assertTrue(e.getMessage().contains("it is empty"), e.getMessage());
    }

    @Test
    void aMissingRateIsNotUnderstood() {
        String noRate = Fixtures.text("wrk-latency.txt").replace("Requests/sec:  36987.65\n", "");
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class, () -> WrkOutput.parse(noRate));
        assertTrue(e.getMessage().contains("no 'Requests/sec:' line"), e.getMessage());
        String noTransfer = Fixtures.text("wrk-latency.txt").replace("Transfer/sec:      3.74MB\n", "");
        e = assertThrows(UnreadableOutputException.class, () -> WrkOutput.parse(noTransfer));
        assertTrue(e.getMessage().contains("no 'Transfer/sec:' line"), e.getMessage());
    }

    @Test
    void aKnownLineWrittenOtherwiseIsNotSkipped() {
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> WrkOutput.parse(Fixtures.text("wrk-latency.txt").replace("36987.65", "-nan")));
        assertTrue(e.getMessage().contains("'Requests/sec:  -nan'"), e.getMessage());
        e = assertThrows(UnreadableOutputException.class,
                () -> WrkOutput.parse(Fixtures.text("wrk-latency.txt").replace("172.93ms", "172.93xs")));
        assertTrue(e.getMessage().contains("'172.93xs' is not a time") && e.getMessage().contains("'99%  172.93xs'"), e.getMessage());
        e = assertThrows(UnreadableOutputException.class,
                () -> WrkOutput.parse(Fixtures.text("wrk-socket-errors.txt").replace("timeout 18", "timeouts 18")));
        assertTrue(e.getMessage().contains("not understood in line 'Socket errors:"), e.getMessage());
    }

    @Test
    void aDistributionHeaderWithoutPercentilesIsNotUnderstood() {
        String text = Fixtures.text("wrk-latency.txt").replaceAll("(?m)^ +\\d+% +\\S+\\n", "");
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class, () -> WrkOutput.parse(text));
        assertTrue(e.getMessage().contains("no percentile line after 'Latency Distribution'"), e.getMessage());
    }
}
