package io.workbench.stress.selector.shut;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The shut fixture on one thread: the sequential orders of each race give the outcomes its
 * jcstress test accepts. (This VM runs the real shut word: no variant is selected.)
 */
class ShutRaceTest {

    @Test
    void theSecondSideShutClosesInEitherOrder() {
        ShutRace outputFirst = new ShutRace();
        outputFirst.shutdownOutput();
        outputFirst.endOfInput();
        assertEquals("closes=1 outputShutdowns=1 word=ISHUT+OSHUT+CLOSED", outputFirst.settle());

        ShutRace inputFirst = new ShutRace();
        inputFirst.endOfInput();
        assertEquals("closes=0 outputShutdowns=0 word=ISHUT", inputFirst.settle());
        inputFirst.shutdownOutput();
        assertEquals("closes=1 outputShutdowns=1 word=ISHUT+OSHUT+CLOSED", inputFirst.settle());
    }

    @Test
    void aSecondCloseDoesNothing() {
        ShutRace race = new ShutRace();
        race.close();
        race.close();
        race.shutdownOutput();
        assertEquals("closes=1 outputShutdowns=0 word=OSHUT+CLOSED", race.settle());
    }

    @Test
    void anEndOfInputAfterCloseStillRecordsTheShutInput() {
        ShutRace race = new ShutRace();
        race.shutdownOutput();
        race.close();
        race.endOfInput();
        assertEquals("closes=1 outputShutdowns=1 word=ISHUT+OSHUT+CLOSED", race.settle());
    }
}
