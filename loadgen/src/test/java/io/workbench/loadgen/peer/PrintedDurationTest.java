package io.workbench.loadgen.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PrintedDurationTest {

    @Test
    void everyUnitTheToolsPrint() {
        assertEquals(Duration.ofNanos(394_000), PrintedDuration.parse("394.00us"));
        assertEquals(Duration.ofNanos(4_240_000), PrintedDuration.parse("4.24ms"));
        assertEquals(Duration.ofMillis(1_050), PrintedDuration.parse("1.05s"));
        assertEquals(Duration.ofSeconds(120), PrintedDuration.parse("2.00m"));
        assertEquals(Duration.ofMinutes(90), PrintedDuration.parse("1.50h"));
        assertEquals(Duration.ofNanos(160_000), PrintedDuration.parse("160us"));
        assertEquals(Duration.ofSeconds(3), PrintedDuration.parse("3s"));
    }

    @Test
    void millisecondsKeepTheFraction() {
        assertEquals(0.394, PrintedDuration.millis(PrintedDuration.parse("394.00us")), 1e-12);
        assertEquals(172.93, PrintedDuration.millis(PrintedDuration.parse("172.93ms")), 1e-12);
        assertEquals(1050.0, PrintedDuration.millis(PrintedDuration.parse("1.05s")), 1e-12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ms", "1.23", "1.23ns", "1.23 ms", "-1.00ms", "-nan", "1,5ms"})
    void anythingElseIsRefusedByName(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrintedDuration.parse(text));
        assertTrue(e.getMessage().contains("'" + text.strip() + "'"), e.getMessage());
    }
}
