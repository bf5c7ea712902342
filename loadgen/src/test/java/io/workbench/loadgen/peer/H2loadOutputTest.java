package io.workbench.loadgen.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class H2loadOutputTest {

    @Test
    void aFixedRateRun() {
        H2loadOutput h2load = H2loadOutput.parse(Fixtures.text("h2load-rate.txt"));
        assertEquals(Duration.ofMillis(3150), h2load.finishedIn());
        assertEquals(4866.67, h2load.requestsPerSecond());
        assertEquals(503.78 * 1024, h2load.transferPerSecond(), 1e-6);
        assertEquals(14600, h2load.total());
        assertEquals(14650, h2load.started());
        assertEquals(14600, h2load.done());
        assertEquals(14600, h2load.succeeded());
        assertEquals(0, h2load.failed());
        assertEquals(14600, h2load.status2xx());
        assertEquals(0, h2load.status4xx() + h2load.status5xx() + h2load.status3xx());
    }

    @Test
    void aRefusedRunCountsItsFailuresOnce() {
        H2loadOutput h2load = H2loadOutput.parse(Fixtures.text("h2load-refused.txt"));
        assertEquals(Duration.ofNanos(160_000), h2load.finishedIn());
        assertEquals(0, h2load.succeeded());
        // errored is part of failed: 10 requests went wrong, not 20.
        assertEquals(10, h2load.failed());
        assertEquals(10, h2load.errored());
        assertEquals(0, h2load.transferPerSecond());
    }

    @Test
    void everyStatusClass() {
        H2loadOutput h2load = H2loadOutput.parse(Fixtures.text("h2load-rate.txt")
                .replace("status codes: 14600 2xx, 0 3xx, 0 4xx, 0 5xx", "status codes: 14000 2xx, 1 3xx, 22 4xx, 333 5xx"));
        assertEquals(14000, h2load.status2xx());
        assertEquals(1, h2load.status3xx());
        assertEquals(22, h2load.status4xx());
        assertEquals(333, h2load.status5xx());
    }

    @Test
    void missingLinesAreNamed() {
        String noStatus = Fixtures.text("h2load-rate.txt").replace("status codes: 14600 2xx, 0 3xx, 0 4xx, 0 5xx\n", "");
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class, () -> H2loadOutput.parse(noStatus));
        assertEquals("h2load output: no 'status codes:' line (it begins 'starting benchmark...')", e.getMessage());
        e = assertThrows(UnreadableOutputException.class, () -> H2loadOutput.parse(Fixtures.text("wrk-latency.txt")));
        assertTrue(e.getMessage().startsWith("h2load output: no 'finished in' line"), e.getMessage());
    }

    @Test
    void aKnownLineWrittenOtherwiseIsNotSkipped() {
        UnreadableOutputException e = assertThrows(UnreadableOutputException.class, () -> H2loadOutput.parse(
                Fixtures.text("h2load-rate.txt").replace("finished in 3.15s", "finished in 3.15 fortnights")));
        assertTrue(e.getMessage().contains("not understood in line 'finished in 3.15 fortnights"), e.getMessage());
        e = assertThrows(UnreadableOutputException.class, () -> H2loadOutput.parse(
                Fixtures.text("h2load-rate.txt").replace("finished in 3.15s", "finished in 3.15ks")));
        assertTrue(e.getMessage().contains("'3.15ks' is not a time"), e.getMessage());
    }
}
