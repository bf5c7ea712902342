package io.workbench.fuzz;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The CI fuzzing budget both ways: every input asked ran, or the run fails saying the time bound cut it short. */
class FuzzingBudgetTest {

    @Test
    void aRunThatRanEveryInputAskedPasses() {
        assertDoesNotThrow(() -> FuzzingBudget.hold(60_000, 60_000, "ran 60,000 of 60,000"));
    }

    @Test
    void aRunTheTimeBoundCutShortFailsLoudly() {
        AssertionError cut = assertThrows(AssertionError.class, () -> FuzzingBudget.hold(60_000, 59_999, "ran 59,999 of 60,000"));
        assertTrue(cut.getMessage().startsWith("FUZZING CUT SHORT: ran 59,999 of 60,000. The time bound stopped the run"), cut.getMessage());
    }
}
