package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** --trace reaches the measured runs only: a warm-up window or a search step carries no ids and joins nothing. */
class LoadArgumentsTest {

    private static final Profile QUICK = Profile.byName("quick").orElseThrow();

    @Test
    void tracedRunsAreTheMeasuredOnesOfEveryModel() {
        LoadArguments traced = new LoadArguments(1, 1, true);
        Path out = Path.of("/tmp/out");
        assertTrue(traced.measured("http://127.0.0.1:1", QUICK.preset(Scenario.HIGH_CONCURRENCY), 1, false, out, "x").contains("--trace"));
        assertTrue(traced.measured("http://127.0.0.1:1", QUICK.preset(Scenario.CONCURRENCY_LEVEL), 1, false, out, "x").contains("--trace"),
                "all at once too");
        assertFalse(traced.warmupWindow("http://127.0.0.1:1", QUICK.preset(Scenario.HIGH_CONCURRENCY), 1000, out, "x").contains("--trace"));
        assertFalse(traced.searchStep("http://127.0.0.1:1", QUICK.preset(Scenario.OVERHEAD), 5000, 1, 1, false, out, "x").contains("--trace"));
    }

    @Test
    void untracedRunsNeverAskForIt() {
        LoadArguments plain = new LoadArguments(1, 1, false);
        assertFalse(plain.measured("http://127.0.0.1:1", QUICK.preset(Scenario.HIGH_CONCURRENCY), 1, false, Path.of("/tmp/out"), "x")
                .contains("--trace"));
    }
}
