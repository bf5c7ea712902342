package io.workbench.iocore.selector;

import static io.workbench.iocore.selector.EndPointWords.CLOSED;
import static io.workbench.iocore.selector.EndPointWords.INPUT_SHUT;
import static io.workbench.iocore.selector.EndPointWords.OUTPUT_SHUT;
import static io.workbench.iocore.selector.EndPointWords.UPDATE_PENDING;
import static java.nio.channels.SelectionKey.OP_READ;
import static java.nio.channels.SelectionKey.OP_WRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.selector.EndPointWords.OutputShut;
import org.junit.jupiter.api.Test;

/** The two words' transitions one at a time; their races are proven in the stress module. */
class EndPointWordsTest {

    private final EndPointWords words = new EndPointWords() { };

    @Test
    void theFirstAddedOpSubmitsTheUpdateAndLaterOnesRideOnIt() {
        assertTrue(words.addInterest(OP_READ), "the flag was clear: submit");
        assertFalse(words.addInterest(OP_WRITE), "an update is pending: it will apply this op too");
        assertEquals(OP_READ | OP_WRITE | UPDATE_PENDING, words.interestWord());
        assertEquals(OP_READ | OP_WRITE, words.takeUpdate());
        assertEquals(OP_READ | OP_WRITE, words.interestWord(), "the update cleared the flag only");
    }

    @Test
    void anOpAlreadyWantedChangesNothing() {
        words.addInterest(OP_READ);
        words.takeUpdate();
        assertFalse(words.addInterest(OP_READ));
        assertEquals(OP_READ, words.interestWord());
    }

    @Test
    void anOpAddedAfterTheUpdateSubmitsAnother() {
        words.addInterest(OP_READ);
        words.takeUpdate();
        assertTrue(words.addInterest(OP_WRITE));
        assertEquals(OP_READ | OP_WRITE, words.takeUpdate());
    }

    @Test
    void selectionConsumesTheReadyOpsAndMarksTheRoundsUpdate() {
        words.addInterest(OP_READ);
        words.addInterest(OP_WRITE);
        words.takeUpdate();
        words.takeReady(OP_READ);
        assertEquals(OP_WRITE | UPDATE_PENDING, words.interestWord());
        assertFalse(words.addInterest(OP_READ), "reading again during the round: the round's update applies it");
        assertEquals(OP_READ | OP_WRITE, words.takeUpdate());
    }

    @Test
    void theSecondSideToShutClosesWhicheverItIs() {
        assertEquals(OutputShut.SHUT_OUTPUT, words.shutOutput());
        assertTrue(words.shutInput(), "output was shut: the end of input closes");

        EndPointWords other = new EndPointWords() { };
        assertFalse(other.shutInput(), "output still open");
        assertEquals(OutputShut.SHUT_OUTPUT_THEN_CLOSE, other.shutOutput());
        assertEquals(INPUT_SHUT | OUTPUT_SHUT, other.shutWord());
    }

    @Test
    void outputIsShutOnceAndNotAfterClose() {
        assertEquals(OutputShut.SHUT_OUTPUT, words.shutOutput());
        assertEquals(OutputShut.NOTHING, words.shutOutput());

        EndPointWords closed = new EndPointWords() { };
        assertTrue(closed.markClosed());
        assertEquals(OutputShut.NOTHING, closed.shutOutput());
    }

    @Test
    void onlyTheFirstCloseCloses() {
        assertTrue(words.markClosed());
        assertFalse(words.markClosed());
        assertEquals(CLOSED, words.shutWord());
    }

    @Test
    void namesShowTheWords() {
        assertEquals("--", EndPointWords.interestName(0));
        assertEquals("RW+UPDATE_PENDING", EndPointWords.interestName(OP_READ | OP_WRITE | UPDATE_PENDING));
        assertEquals("OPEN", EndPointWords.shutName(0));
        assertEquals("ISHUT+OSHUT", EndPointWords.shutName(INPUT_SHUT | OUTPUT_SHUT));
        assertEquals("CLOSED", EndPointWords.shutName(INPUT_SHUT | CLOSED));
    }
}
