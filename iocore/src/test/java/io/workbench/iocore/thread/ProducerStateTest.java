package io.workbench.iocore.thread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The single-producer machine, one thread at a time; the races are jcstress's. */
class ProducerStateTest {

    @Test
    void oneProducerAtATimeAndARequestWhileProducingIsNotLost() {
        ProducerState state = new ProducerState();
        assertTrue(state.tryProduce());
        assertFalse(state.tryProduce(), "a second producer is refused");
        assertEquals(ProducerState.PRODUCING | ProducerState.REPRODUCE, state.get());
        assertFalse(state.tryIdle(), "the owner must produce once more for the refused request");
        assertEquals(ProducerState.PRODUCING, state.get());
        assertTrue(state.tryIdle());
        assertEquals(ProducerState.IDLE, state.get());
    }

    @Test
    void handOffKeepsOthersOutUntilResumed() {
        ProducerState state = new ProducerState();
        assertTrue(state.tryProduce());
        state.handOff();
        assertFalse(state.tryProduce(), "nobody starts producing while production is handed off");
        state.resumeHandedOff();
        assertEquals(ProducerState.PRODUCING | ProducerState.REPRODUCE, state.get(), "the request survives the hand-off");
        assertFalse(state.tryIdle());
        assertTrue(state.tryIdle());
    }

    @Test
    void wrongTransitionsFailLoudly() {
        ProducerState state = new ProducerState();
        assertThrows(IllegalStateException.class, state::tryIdle);
        assertThrows(IllegalStateException.class, state::handOff);
        assertThrows(IllegalStateException.class, state::resumeHandedOff);
        assertTrue(state.tryProduce());
        assertThrows(IllegalStateException.class, state::resumeHandedOff);
        assertTrue(state.toString().contains("PRODUCING"), state.toString());
    }
}
