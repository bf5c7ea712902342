package io.workbench.iocore.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The failure accounting alone: episodes, the backoff sequence, when a rebuild is due. */
class SelectFailuresTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private final List<Long> waits = new ArrayList<>();
    private final SelectFailures failures = new SelectFailures(new SelectFailures.Policy(3, MS, 50 * MS, waits::add));

    @Test
    void onlyTheFirstFailureOfAnEpisodeAsksToBeLogged() {
        assertTrue(failures.failed(), "the first failure starts an episode");
        for (int i = 0; i < 9; i++) {
            assertFalse(failures.failed(), "failure " + (i + 2) + " of the same episode");
        }
        assertTrue(failures.isFailing());
        SelectFailures.Episode episode = failures.succeeded();
        assertEquals(10, episode.failures());
        assertFalse(failures.isFailing());
        assertTrue(failures.failed(), "a failure after a success starts a new episode");
        assertEquals(2, failures.episodes());
        assertEquals(11, failures.failures(), "the total survives episodes");
    }

    @Test
    void successWhileHealthyReportsNothing() {
        assertNull(failures.succeeded());
        assertFalse(failures.isFailing());
        assertEquals(0, failures.failures());
    }

    @Test
    void backoffDoublesFromTheInitialWaitUpToTheCap() {
        for (int i = 0; i < 9; i++) {
            failures.failed();
            failures.backOff();
        }
        assertEquals(List.of(MS, 2 * MS, 4 * MS, 8 * MS, 16 * MS, 32 * MS, 50 * MS, 50 * MS, 50 * MS), waits);
    }

    @Test
    void backoffStartsOverWithTheNextEpisode() {
        for (int i = 0; i < 4; i++) {
            failures.failed();
        }
        failures.succeeded();
        failures.failed();
        failures.backOff();
        assertEquals(List.of(MS), waits);
    }

    @Test
    void noWaitWhenNotFailing() {
        failures.backOff();
        assertTrue(waits.isEmpty());
    }

    @Test
    void theParkingWaitLastsItsTimeOnAnInterruptedThread_andLeavesTheInterruptStatusAsItWas() {
        SelectFailures parked = new SelectFailures(new SelectFailures.Policy(3, 20 * MS, 20 * MS, SelectFailures.Sleeper.PARK));
        parked.failed();
        Thread.currentThread().interrupt();
        try {
            long start = System.nanoTime();
            parked.backOff();
            long waited = System.nanoTime() - start;
            assertTrue(waited >= 20 * MS, "an interrupted thread waited " + waited + " ns instead of 20 ms: a busy loop");
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept for whoever owns the thread");
        } finally {
            Thread.interrupted();
        }
        long start = System.nanoTime();
        parked.backOff();
        long waited = System.nanoTime() - start;
        assertTrue(waited >= 20 * MS, "waited " + waited + " ns instead of 20 ms");
        assertFalse(Thread.currentThread().isInterrupted(), "no interrupt where there was none");
    }

    @Test
    void theCapHoldsForVeryLongEpisodesWithoutOverflow() {
        SelectFailures.Policy policy = failures.policy();
        assertEquals(50 * MS, policy.backoffNanos(64));
        assertEquals(50 * MS, policy.backoffNanos(Integer.MAX_VALUE));
        SelectFailures.Policy huge = new SelectFailures.Policy(3, Long.MAX_VALUE / 4, Long.MAX_VALUE, waits::add);
        assertEquals((Long.MAX_VALUE / 4) * 2, huge.backoffNanos(2));
        assertEquals(Long.MAX_VALUE, huge.backoffNanos(40), "doubling past the cap gives the cap, never an overflow");
    }

    @Test
    void rebuildsAreDueAtTheThresholdThenAtEachDoubling() {
        List<Integer> dueAt = new ArrayList<>();
        for (int n = 1; n <= 50; n++) {
            failures.failed();
            if (failures.rebuildDue()) {
                dueAt.add(n);
                failures.rebuilt();
            }
        }
        assertEquals(List.of(3, 6, 12, 24, 48), dueAt);
        assertEquals(5, failures.rebuilds());
        SelectFailures.Episode episode = failures.succeeded();
        assertEquals(5, episode.rebuilds());
        assertEquals(0, episode.failedRebuilds());
    }

    @Test
    void aRebuildThatCouldNotOpenASelectorStillMovesTheScheduleOn() {
        List<Integer> dueAt = new ArrayList<>();
        for (int n = 1; n <= 12; n++) {
            failures.failed();
            if (failures.rebuildDue()) {
                dueAt.add(n);
                failures.rebuildFailed();
            }
        }
        assertEquals(List.of(3, 6, 12), dueAt);
        assertEquals(0, failures.rebuilds());
        assertEquals(3, failures.failedRebuilds());
        assertEquals(3, failures.succeeded().failedRebuilds());
    }

    @Test
    void aNewEpisodeRebuildsAtTheFirstThresholdAgain() {
        for (int n = 1; n <= 6; n++) {
            failures.failed();
            if (failures.rebuildDue()) {
                failures.rebuilt();
            }
        }
        failures.succeeded();
        failures.failed();
        failures.failed();
        assertFalse(failures.rebuildDue());
        failures.failed();
        assertTrue(failures.rebuildDue(), "the third failure of the new episode");
    }

    @Test
    void describeShowsTotalsAndTheRunningEpisode() {
        assertEquals("selectFailures=0,episodes=0,rebuilds=0", failures.describe());
        failures.failed();
        failures.failed();
        failures.failed();
        failures.rebuilt();
        assertEquals("selectFailures=3,episodes=1,rebuilds=1,FAILING(3)", failures.describe());
        failures.succeeded();
        assertEquals("selectFailures=3,episodes=1,rebuilds=1", failures.describe());
    }

    @Test
    void policyRejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new SelectFailures.Policy(0, MS, MS, waits::add));
        assertThrows(IllegalArgumentException.class, () -> new SelectFailures.Policy(3, 2 * MS, MS, waits::add));
        assertThrows(IllegalArgumentException.class, () -> new SelectFailures.Policy(3, -1, MS, waits::add));
    }
}
