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

    enum Door { OPEN, CLOSED, LOCKED }

    @Test
    void aTableOverAnEnumNamesItsConstantsAndTakesThemAsStates() {
        Transitions door = Transitions.over(Door.class)
                .allow(Door.OPEN, Door.CLOSED)
                .allow(Door.CLOSED, Door.OPEN, Door.LOCKED);
        assertTrue(door.allows(Door.CLOSED.ordinal(), Door.LOCKED.ordinal()));
        assertFalse(door.allows(Door.OPEN.ordinal(), Door.LOCKED.ordinal()));
        assertEquals("LOCKED", door.name(Door.LOCKED.ordinal()));
        IllegalStateException x = assertThrows(IllegalStateException.class,
                () -> door.check(Door.LOCKED.ordinal(), Door.OPEN.ordinal(), "Door@1"));
        assertTrue(x.getMessage().contains("LOCKED !-> OPEN"), x.getMessage());
    }

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
