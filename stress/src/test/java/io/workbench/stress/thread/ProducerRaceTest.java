package io.workbench.stress.thread;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The producer fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real ProducerState: no variant is selected.)
 */
class ProducerRaceTest {

    @Test
    void aRequestWhileProducingIsKeptAndHonoured() {
        ProducerRace race = new ProducerRace();
        assertEquals("true", race.tryProduce());
        assertEquals("false", race.tryProduce());
        assertEquals("PRODUCING+REPRODUCE", race.state());
        assertEquals("false", race.tryIdle());
        assertEquals("true", race.tryIdle());
        assertEquals("IDLE", race.state());
    }

    @Test
    void aRequestWhileHandedOffSurvivesTheResume() {
        ProducerRace race = new ProducerRace();
        race.tryProduce();
        assertEquals("ok", race.handOff());
        assertEquals("false", race.tryProduce());
        assertEquals("ok", race.resumeHandedOff());
        assertEquals("PRODUCING+REPRODUCE", race.state());
    }

    @Test
    void aResumeThatWasNotHandedOffIsAnError() {
        ProducerRace race = new ProducerRace();
        race.tryProduce();
        assertEquals("IllegalStateException", race.resumeHandedOff());
    }
}
