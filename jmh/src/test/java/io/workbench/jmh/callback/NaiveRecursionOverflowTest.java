package io.workbench.jmh.callback;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The overflow search finds a finite depth on a small stack, and it is where overflowing starts. */
class NaiveRecursionOverflowTest {

    private static final long SMALL_STACK = 256 * 1024;
    private static final long HUGE_STACK = 256L * 1024 * 1024;

    @Test
    void findsTheDepthAtWhichASmallStackOverflows() throws Exception {
        int first = NaiveRecursionOverflow.firstOverflow(SMALL_STACK);
        assertTrue(first > 1, "overflowed at " + first);
        // JIT compilation between attempts shrinks frames, so allow slack either side of the edge.
        assertTrue(NaiveRecursionOverflow.overflows(first * 16, SMALL_STACK), "16x the depth must overflow");
        assertFalse(NaiveRecursionOverflow.overflows(Math.max(1, first / 16), SMALL_STACK), "1/16 of it must fit");
    }

    @Test
    void aTaskOf1024WritesFitsAHugeStack() throws Exception {
        assertFalse(NaiveRecursionOverflow.overflows(1024, HUGE_STACK));
    }
}
