package io.workbench.iocore.http.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/** The probe's command line, as picocli parses it: the defaults, the values given, and each way it is refused. */
class ClientCostProbeOptionsTest {

    @Test
    void theDefaultsAndTheValuesGiven() {
        ClientCostProbe.Options defaults = ClientCostProbe.Options.parse();
        assertEquals(16, defaults.connections);
        assertEquals(1, defaults.depth);
        assertEquals(1_000_000, defaults.requests);
        assertEquals(200_000, defaults.warmup);
        assertEquals("loop", defaults.sender);

        ClientCostProbe.Options given = ClientCostProbe.Options.parse("--target", "127.0.0.1:8080", "--connections", "4", "--depth", "16",
                "--requests", "100", "--warmup", "0", "--sender", "thread", "--selectors", "2", "--max-seconds", "5");
        assertEquals("127.0.0.1:8080", given.target);
        assertEquals(16, given.depth);
        assertEquals(0, given.warmup);
        assertEquals("thread", given.sender);
        assertEquals(5, given.maxSeconds);
    }

    @Test
    void aWrongCommandLineIsRefusedSayingWhy() {
        assertRefused("--target is HOST:PORT", "--target", "localhost");
        assertRefused("--connections must be positive", "--connections", "0");
        assertRefused("--depth must be positive", "--depth", "-1");
        assertRefused("--warmup must not be negative", "--warmup", "-5");
        assertRefused("--sender is loop or thread", "--sender", "both");
        assertRefused("Unknown option", "--rate", "10");
        assertRefused("Invalid value", "--requests", "many");
        assertRefused("Missing required parameter", "--depth");
    }

    private static void assertRefused(String why, String... args) {
        ParameterException refused = assertThrows(ParameterException.class, () -> ClientCostProbe.Options.parse(args));
        assertTrue(refused.getMessage().contains(why), refused.getMessage());
    }
}
