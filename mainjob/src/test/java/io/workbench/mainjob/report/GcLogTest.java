package io.workbench.mainjob.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.report.results.GcPause;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcLogTest {

    @Test
    void readsPausesOfTheParallelAndG1CollectorsAndPlacesTheirStartOnTheWallClock() {
        List<GcPause> pauses = GcLog.pauses(List.of(
                "[2026-11-24T10:30:00.000+0000][0.005s][info][gc] Using Parallel",
                "[2026-11-24T10:30:01.123+0000][1.128s][info][gc          ] GC(0) Pause Young (Allocation Failure) 1024M->5M(3925M) 3.456ms",
                "[2026-11-24T10:30:02.500+0000][2.505s][info][gc,start] GC(1) Pause Full (Ergonomics)",
                "[2026-11-24T10:30:02.620+0000][2.625s][info][gc] GC(1) Pause Full (Ergonomics) 900M->200M(3925M) 120.4ms",
                "[2026-11-24T10:30:03.000+0000][3.005s][info][gc] GC(2) Pause Young (Normal) (G1 Evacuation Pause) 25M->3M(256M) 2.000ms",
                "[2026-11-24T10:30:04.000+0000][4.005s][info][gc,heap,exit] Heap"));

        assertEquals(3, pauses.size(), pauses.toString());
        GcPause young = pauses.get(0);
        assertEquals("Pause Young (Allocation Failure)", young.description());
        assertEquals(3.456, young.durationMs(), 1e-9);
        // Logged when it ended; it began 3 ms (rounded) before.
        assertEquals(Instant.parse("2026-11-24T10:30:01.120Z").toEpochMilli(), young.startEpochMillis());
        GcPause full = pauses.get(1);
        assertEquals("Pause Full (Ergonomics)", full.description());
        assertEquals(Instant.parse("2026-11-24T10:30:02.500Z").toEpochMilli(), full.startEpochMillis());
        assertEquals("Pause Young (Normal) (G1 Evacuation Pause)", pauses.get(2).description());
    }

    @Test
    void skipsALogWithoutWallClockStampsRatherThanGuessingItsTime() {
        List<GcPause> pauses = GcLog.pauses(List.of(
                "[1.128s][info][gc] GC(0) Pause Young (Allocation Failure) 1024M->5M(3925M) 3.456ms"));

        assertTrue(pauses.isEmpty(), pauses.toString());
    }

    @Test
    void aMissingLogHasNoPauses(@TempDir Path dir) throws IOException {
        assertTrue(GcLog.pauses(dir.resolve("gc.log")).isEmpty());
    }

    @Test
    void theJvmOptionAsksForTheWallClockTheParserNeeds() {
        String option = GcLog.jvmOption(Path.of("/tmp/x/gc.log"));

        assertEquals("-Xlog:gc:file=/tmp/x/gc.log:utctime,uptime,level,tags", option);
    }
}
