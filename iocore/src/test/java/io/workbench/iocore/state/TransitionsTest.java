package io.workbench.iocore.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TransitionsTest {

    private static final int OFF = 0;
    private static final int ON = 1;
    private static final int BROKEN = 2;

    private final Transitions table = new Transitions("OFF", "ON", "BROKEN")
            .allow(OFF, ON, BROKEN)
            .allow(ON, OFF, BROKEN);

    @Test
    void allowsOnlyTheMovesDrawn() {
        assertTrue(table.allows(OFF, ON));
        assertTrue(table.allows(ON, BROKEN));
        assertFalse(table.allows(OFF, OFF), "no self move unless drawn");
        assertFalse(table.allows(BROKEN, OFF), "a state with no successors is final");
    }

    @Test
    void aMoveNotDrawnFailsWithBothNamesAndTheMachine() {
        IllegalStateException x = assertThrows(IllegalStateException.class, () -> table.check(BROKEN, ON, "Lamp@1"));
        assertEquals("BROKEN !-> ON is not a transition of Lamp@1", x.getMessage());
    }

    @Test
    void aStateOutsideTheTableIsRefusedWhileBuilding() {
        assertThrows(IllegalArgumentException.class, () -> new Transitions("A", "B").allow(0, 2));
        assertThrows(IllegalArgumentException.class, () -> new Transitions("A").allow(-1, 0));
        assertThrows(IllegalArgumentException.class, Transitions::new);
    }

    @Test
    void namesAndDrawsTheTable() {
        assertEquals("ON", table.name(ON));
        assertEquals("Transitions[OFF->{ON,BROKEN}, ON->{OFF,BROKEN}, BROKEN->{}]", table.toString());
    }
}
