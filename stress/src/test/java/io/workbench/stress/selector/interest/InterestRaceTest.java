package io.workbench.stress.selector.interest;

import static java.nio.channels.SelectionKey.OP_READ;
import static java.nio.channels.SelectionKey.OP_WRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The interest fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real interest word: no variant is selected.)
 */
class InterestRaceTest {

    @Test
    void twoChangesQueueOneUpdateThatAppliesBoth() {
        InterestRace race = InterestRace.registeredFor(0);
        assertEquals("submit", race.change(OP_READ));
        assertEquals("-", race.change(OP_WRITE));
        assertEquals("queued=1 key=RW word=RW", race.settle());
    }

    @Test
    void aChangeAfterTheQueuedUpdateQueuesItsOwn() {
        InterestRace race = InterestRace.registeredFor(0);
        race.change(OP_READ);
        race.runQueuedUpdate();
        assertEquals("submit", race.change(OP_WRITE));
        assertEquals("queued=1 key=RW word=RW", race.settle());
    }

    @Test
    void aChangeInsideASelectedRoundRidesOnTheRoundsUpdate() {
        InterestRace before = InterestRace.registeredFor(OP_READ);
        assertEquals("submit", before.change(OP_WRITE));
        before.selectedRound(OP_READ);
        assertEquals("queued=1 key=-W word=-W", before.settle());

        InterestRace after = InterestRace.registeredFor(OP_READ);
        after.selectedRound(OP_READ);
        assertEquals("submit", after.change(OP_WRITE));
        assertEquals("queued=1 key=-W word=-W", after.settle());
    }

    @Test
    void runningAnUpdateNobodyQueuedIsAnError() {
        InterestRace race = InterestRace.registeredFor(OP_READ);
        assertThrows(IllegalStateException.class, race::runQueuedUpdate);
    }
}
