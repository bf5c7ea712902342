package io.workbench.stress.client.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.stress.client.RecordingListener;
import org.junit.jupiter.api.Test;

/**
 * The exchange fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real HttpExchange: no variant is selected.)
 */
class ExchangeRaceTest {

    private final ExchangeRace race = new ExchangeRace();
    private final RecordingListener listener = new RecordingListener(race.tags);

    @Test
    void theFirstEndWinsAndTheSecondDoesNothing() {
        race.send(0, listener);
        assertTrue(race.respond(0));
        assertEquals("inactive", race.closeOutstanding(0, ExchangeRace.CLOSED));
        assertFalse(race.fail(0, ExchangeRace.TIMEOUT));
        assertEquals("succeeded@s", listener.render());
        assertEquals("succeeded", race.outcome());
    }

    @Test
    void aFailureKeepsItsCause() {
        race.send(0, listener);
        assertEquals("true", race.closeOutstanding(0, ExchangeRace.TIMEOUT));
        assertFalse(race.respond(0));
        assertEquals("failed:TIMEOUT@s", listener.render());
        assertEquals("failed:TIMEOUT", race.outcome());
    }

    @Test
    void aLateEndOfAnOldSequenceLeavesTheNewRequestAlone() {
        RecordingListener next = new RecordingListener(race.tags);
        race.send(0, listener);
        race.respond(0);
        race.send(2, next);
        assertFalse(race.fail(0, ExchangeRace.CLOSED));
        assertTrue(race.isActive(2));
        assertEquals("none", next.render());
    }
}
