package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Both orders of the two events that end a dispatch, one thread at a time: exactly one of them is
 * told to carry on, and the machine is idle again after. The races between threads are for jcstress.
 */
class HandlingStateTest {

    @Test
    void completedInsideHandleLetsTheHandlingThreadCarryOn() {
        HandlingState state = new HandlingState();
        state.dispatch();
        assertFalse(state.completed(), "handle() is still running: it carries on, not the completer");
        assertEquals(HandlingState.COMPLETED, state.get());
        assertTrue(state.handled());
        assertTrue(state.isIdle());
    }

    @Test
    void completedAfterHandleReturnedLetsTheCompleterCarryOn() {
        HandlingState state = new HandlingState();
        state.dispatch();
        assertFalse(state.handled(), "nothing completed yet: the handling thread lets go");
        assertEquals(HandlingState.WAITING, state.get());
        assertTrue(state.completed());
        assertTrue(state.isIdle());
    }

    @Test
    void theMachineIsReusedRequestAfterRequest() {
        HandlingState state = new HandlingState();
        for (int i = 0; i < 1000; i++) {
            state.dispatch();
            if (i % 2 == 0) {
                assertFalse(state.completed());
                assertTrue(state.handled());
            } else {
                assertFalse(state.handled());
                assertTrue(state.completed());
            }
        }
        assertTrue(state.isIdle());
    }

    @Test
    void aSecondCompletionOrADispatchOutOfTurnFailsLoudly() {
        HandlingState state = new HandlingState();
        assertThrows(IllegalStateException.class, state::completed, "no exchange outstanding");
        state.dispatch();
        assertThrows(IllegalStateException.class, state::dispatch, "one request at a time");
        state.completed();
        assertThrows(IllegalStateException.class, state::completed, "completed twice");
        assertTrue(state.handled());
        assertThrows(IllegalStateException.class, state::handled, "handle() returned twice");
        assertTrue(state.isIdle(), "a refused event changes nothing: " + state);
    }
}
