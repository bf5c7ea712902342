package io.workbench.stress.server.handling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The handling fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real HandlingState: no variant is selected.)
 */
class HandlingRaceTest {

    private final HandlingRace race = new HandlingRace();

    @Test
    void whoeverComesSecondCarriesOn() {
        race.dispatch();
        assertEquals("false", race.handled());
        assertEquals("true", race.completed());
        assertEquals("IDLE", race.state());

        race.dispatch();
        assertEquals("false", race.completed());
        assertEquals("true", race.handled());
        assertEquals("IDLE", race.state());
    }

    @Test
    void aSecondCompletionFailsLoudly() {
        race.dispatch();
        race.handled();
        assertEquals("true", race.completed());
        assertEquals("IllegalStateException", race.completed());
        assertEquals("IDLE", race.state());
    }
}
