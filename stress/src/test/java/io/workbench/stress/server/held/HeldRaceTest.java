package io.workbench.stress.server.held;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The held-responses fixture on one thread: the sequential orders of each race give the outcomes
 * its jcstress test accepts. (This VM runs the real HeldResponses: no variant is selected.)
 */
class HeldRaceTest {

    @Test
    void oneWriteCarriesTheHeldResponse() {
        HeldRace race = new HeldRace().holdOne();
        assertEquals("carried", race.carry());
        assertEquals("nothing", race.carry());
        assertEquals("CARRIED", race.state());
        assertEquals(1, race.outstanding());
    }

    @Test
    void aCloseLeavesACarriedBufferToItsWrite_inEitherOrder() {
        HeldRace closeFirst = new HeldRace().holdOne().carried();
        assertEquals("kept", closeFirst.drop());
        assertEquals("own,alone", closeFirst.finishWrite());
        assertEquals(0, closeFirst.outstanding());
        assertEquals("NONE", closeFirst.state());

        HeldRace writeFirst = new HeldRace().holdOne().carried();
        assertEquals("own,alone", writeFirst.finishWrite());
        assertEquals("kept", writeFirst.drop());
        assertEquals(0, writeFirst.outstanding());
    }

    @Test
    void aCloseDropsWhatNoWriteCarries() {
        HeldRace race = new HeldRace().holdOne();
        assertEquals("dropped", race.drop());
        assertEquals(0, race.outstanding());
        assertEquals("NONE", race.state());
        assertEquals("nothing", race.carry());
    }

    @Test
    void aWriteThatWaitsIsWoken_andOneThatComesAfterGoesAtOnce() {
        HeldRace waits = new HeldRace().holdOne().carried();
        assertEquals("waits", waits.await());
        assertEquals("wakes", waits.written());
        assertEquals("NONE", waits.state());

        HeldRace goes = new HeldRace().holdOne().carried();
        assertEquals("alone", goes.written());
        assertEquals("goes", goes.await());
        assertEquals(0, goes.outstanding());
    }

    @Test
    void writtenWithNothingCarriedFailsLoudly() {
        HeldRace race = new HeldRace().holdOne();
        assertEquals("IllegalStateException", race.written());
    }

    @Test
    void aHoldAfterTheCarryingWriteIsOverTakesAFreshBuffer_andOneDuringItIsRefused() {
        HeldRace after = new HeldRace().holdOne().carried();
        assertEquals("alone", after.written());
        assertEquals("held", after.hold());
        assertEquals("HELD", after.state());
        assertEquals(1, after.outstanding());
        assertEquals("43", after.heldBytes(), "the fresh buffer holds the response");

        HeldRace during = new HeldRace().holdOne().carried();
        assertEquals("refused", during.hold());
        assertEquals("alone", during.written());
        assertEquals("NONE", during.state());
        assertEquals(0, during.outstanding());
        assertEquals("none", during.heldBytes());
    }
}
