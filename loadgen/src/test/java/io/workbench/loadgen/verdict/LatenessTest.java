package io.workbench.loadgen.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The lateness rule: the larger of 1 ms and 1% of the median latency from the intended time, unless --lag-limit says. */
class LatenessTest {

    @Test
    void theFloorHoldsForFastTargetsAndTheShareOfTheMedianForSlowOnes() {
        Lateness fast = Lateness.judge(0.8, 0.04, null);
        assertEquals(1.0, fast.limitMs(), 1e-9);
        assertFalse(fast.exceeded());
        assertFalse(fast.fromOption());
        assertTrue(Lateness.judge(1.4, 0.04, null).exceeded(), "1.4 ms against 40 µs responses");

        Lateness slow = Lateness.judge(1.4, 1_000.0, null);
        assertEquals(10.0, slow.limitMs(), 1e-9, "1% of a 1,000 ms median");
        assertFalse(slow.exceeded(), "1.4 ms against waits of a second");
        assertTrue(Lateness.judge(10.5, 1_000.0, null).exceeded());
        assertEquals(1.0, Lateness.judge(0.5, 99.0, null).limitMs(), 1e-9, "1% of 99 ms is under the floor");
        assertTrue(slow.rule().contains("1000.000 ms") && slow.rule().contains("10.000 ms"), slow.rule());
    }

    @Test
    void theOptionOverridesTheRuleBothWays() {
        Lateness strict = Lateness.judge(1.4, 1_000.0, 0.5);
        assertEquals(0.5, strict.limitMs(), 1e-9);
        assertTrue(strict.exceeded());
        assertTrue(strict.fromOption());
        assertTrue(strict.rule().startsWith("--lag-limit"), strict.rule());
        assertFalse(Lateness.judge(40.0, 0.04, 50.0).exceeded());
    }

    @Test
    void nothingMeasuredIsNeverLateAndTheRuleSaysItReadNoMedian() {
        Lateness none = Lateness.judge(null, null, null);
        assertFalse(none.exceeded());
        assertEquals(1.0, none.limitMs(), 1e-9);
        assertTrue(none.rule().contains("(none)"), none.rule());
    }
}
