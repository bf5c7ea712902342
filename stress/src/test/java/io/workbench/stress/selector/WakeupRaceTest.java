package io.workbench.stress.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The wakeup fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real SelectorWakeup: no variant is selected.)
 */
class WakeupRaceTest {

    @Test
    void aSubmitterAfterTheSelectorBlockedClaimsTheWakeup() {
        WakeupRace race = new WakeupRace();
        assertEquals("block", race.prepareToSelect());
        assertEquals("wakeup", race.submit());
        assertEquals("WOKEN", race.state());
        assertEquals("no-wakeup", race.submit());
        assertEquals("ok", race.selected());
        assertEquals("PROCESSING", race.state());
    }

    @Test
    void aSelectorThatFindsAnActionDoesNotBlockAndNobodyWakesIt() {
        WakeupRace race = new WakeupRace();
        assertEquals("no-wakeup", race.submit());
        assertEquals("selectNow", race.prepareToSelect());
        assertEquals("PROCESSING", race.state());
    }

    @Test
    void aLateClaimAfterSelectedFindsTheSelectorProcessing() {
        WakeupRace race = new WakeupRace();
        race.prepareToSelect();
        assertEquals("ok", race.selected());
        assertEquals("no-wakeup", race.submit());
        assertEquals("PROCESSING", race.state());
    }
}
