package io.workbench.loadgen.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class Wrk2OutputTest {

    @Test
    void correctedAndUncorrectedDistributions() {
        Wrk2Output wrk2 = Wrk2Output.parse(Fixtures.text("wrk2-latency-uncorrected.txt"));
        assertEquals(List.of(50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999, 100.0), List.copyOf(wrk2.corrected().percentiles().keySet()));
        assertEquals(Duration.ofNanos(1_070_000), wrk2.corrected().at(50));
        assertEquals(Duration.ofNanos(287_490_000), wrk2.corrected().at(99.9));
        assertEquals(Duration.ofNanos(293_380_000), wrk2.corrected().at(100));
        // The uncorrected one is a different section, not the corrected one read twice.
        assertEquals(Duration.ofNanos(61_000), wrk2.uncorrected().at(50));
        assertEquals(Duration.ofNanos(685_000), wrk2.uncorrected().at(99));
        assertEquals(Duration.ofNanos(289_280_000), wrk2.uncorrected().at(100));
        assertEquals(8, wrk2.uncorrected().percentiles().size());
        assertEquals(9480.69, wrk2.summary().requestsPerSecond());
        assertEquals(28441, wrk2.summary().requests());
        assertEquals(0, wrk2.summary().errors());
    }

    @Test
    void withoutMinusUThereIsNoUncorrectedDistribution() {
        String text = Fixtures.text("wrk2-latency-uncorrected.txt");
        int from = text.indexOf("  Latency Distribution (HdrHistogram - Uncorrected");
        int to = text.indexOf("  28441 requests in");
        Wrk2Output wrk2 = Wrk2Output.parse(text.substring(0, from) + text.substring(to));
        assertTrue(wrk2.uncorrected().isEmpty());
        assertEquals(Duration.ofNanos(1_070_000), wrk2.corrected().at(50));
    }

    @Test
    void wrkOutputIsNotWrk2Output() {
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class,
                () -> Wrk2Output.parse(Fixtures.text("wrk-latency.txt")));
        assertTrue(e.getMessage().startsWith("wrk2 output: no 'Latency Distribution (HdrHistogram - Recorded Latency)' section"),
                e.getMessage());
    }
}
