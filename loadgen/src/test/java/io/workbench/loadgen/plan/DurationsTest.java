package io.workbench.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Durations as typed on a command line: every unit, a fraction, a bare 0; and each malformed form refused, naming the option. */
class DurationsTest {

    @Test
    void everyUnitAndABareZero() {
        assertEquals(250_000, Durations.parseNanos("--spin", "250us"));
        assertEquals(1_500_000_000L, Durations.parseNanos("--duration", "1.5s"));
        assertEquals(500_000_000, Durations.parseNanos("--warmup", "500ms"));
        assertEquals(120_000_000_000L, Durations.parseNanos("--duration", "2m"));
        assertEquals(3_600_000_000_000L, Durations.parseNanos("--duration", "1h"));
        assertEquals(7, Durations.parseNanos("--spin", "7ns"));
        assertEquals(0, Durations.parseNanos("--batch", "0"));
        assertEquals(0, Durations.parseNanos("--batch", "0us"));
    }

    @Test
    void aNumberWithoutAUnitOrAnythingElseIsRefused() {
        for (String bad : new String[] {"10", "1x", "-1s", "", "s", "1.s", "0.5"}) {
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> Durations.parseNanos("--duration", bad), bad);
            assertTrue(x.getMessage().startsWith("--duration " + bad), x.getMessage());
        }
    }
}
