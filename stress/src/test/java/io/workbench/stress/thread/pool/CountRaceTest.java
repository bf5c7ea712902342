package io.workbench.stress.thread.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The thread-count fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real ThreadCount: no variant is selected.)
 */
class CountRaceTest {

    @Test
    void theLastSlotGoesToOneStart() {
        CountRace race = new CountRace(0, 2, 1);
        assertEquals("true", race.start());
        assertEquals("false", race.start());
        assertEquals("count=2 alive=2", race.settle());
    }

    @Test
    void theMinimumStaysWhenTwoRetire() {
        CountRace race = new CountRace(1, 4, 2);
        assertEquals("true", race.retire());
        assertEquals("false", race.retire());
        assertEquals("count=1 alive=1", race.settle());
    }

    @Test
    void aRetireAndAStartBothCountInEitherOrder() {
        CountRace retireFirst = new CountRace(0, 2, 1);
        assertEquals("true", retireFirst.retire());
        assertEquals("true", retireFirst.start());
        assertEquals("count=1 alive=1", retireFirst.settle());

        CountRace startFirst = new CountRace(0, 2, 1);
        assertEquals("true", startFirst.start());
        assertEquals("true", startFirst.retire());
        assertEquals("count=1 alive=1", startFirst.settle());
    }

    @Test
    void aSetUpBeyondTheMaximumIsRefused() {
        assertThrows(IllegalStateException.class, () -> new CountRace(0, 2, 3));
    }
}
