package io.workbench.iocore.thread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The count's transitions one at a time; its races are proven in the stress module. */
class ThreadCountTest {

    @Test
    void startsAreCountedUpToTheMaximum() {
        ThreadCount count = new ThreadCount(0, 2);
        assertTrue(count.tryStart(true));
        assertTrue(count.tryStart(true));
        assertFalse(count.tryStart(true), "at the maximum");
        assertEquals(2, count.get());
    }

    @Test
    void aStoppedPoolStartsNothing() {
        ThreadCount count = new ThreadCount(0, 2);
        assertFalse(count.tryStart(false));
        assertEquals(0, count.get());
    }

    @Test
    void idleThreadsRetireDownToTheMinimumWhileRunning() {
        ThreadCount count = new ThreadCount(1, 3);
        count.tryStart(true);
        count.tryStart(true);
        assertTrue(count.tryRetire(true));
        assertFalse(count.tryRetire(true), "at the minimum");
        assertEquals(1, count.get());
    }

    @Test
    void aStoppingPoolLetsEveryThreadRetire() {
        ThreadCount count = new ThreadCount(1, 3);
        count.tryStart(true);
        assertTrue(count.tryRetire(false));
        assertEquals(0, count.get());
    }

    @Test
    void aFailedStartAndAClearUncount() {
        ThreadCount count = new ThreadCount(0, 2);
        count.tryStart(true);
        count.tryStart(true);
        count.startFailed();
        assertEquals(1, count.get());
        count.clear();
        assertEquals(0, count.get());
    }

    @Test
    void boundsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ThreadCount(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new ThreadCount(-1, 2));
        assertThrows(IllegalArgumentException.class, () -> new ThreadCount(3, 2));
    }
}
