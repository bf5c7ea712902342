package io.workbench.mainjob.findings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class HolmTest {

    @Test
    void theSmallestIsJudgedAtAlphaOverKTheNextAtAlphaOverKMinusOne() {
        // k = 3: 0.01 <= 0.05/3, 0.02 <= 0.05/2, 0.04 <= 0.05/1: all three.
        assertArrayEquals(new boolean[] {true, true, true}, Holm.rejected(new double[] {0.04, 0.01, 0.02}, 0.05));
        // 0.03 > 0.025 stops the steps: the rest are kept even though 0.04 <= 0.05.
        assertArrayEquals(new boolean[] {true, false, false}, Holm.rejected(new double[] {0.01, 0.03, 0.04}, 0.05));
    }

    @Test
    void oneTestIsJudgedAtAlphaItself() {
        assertArrayEquals(new boolean[] {true}, Holm.rejected(new double[] {0.05}, 0.05));
        assertArrayEquals(new boolean[] {false}, Holm.rejected(new double[] {0.0501}, 0.05));
    }

    @Test
    void aSmallPValueThatBonferroniWouldKeepIsKeptWhenTheFirstStepFails() {
        assertArrayEquals(new boolean[] {false, false}, Holm.rejected(new double[] {0.026, 0.03}, 0.05));
    }
}
