package io.workbench.stress.harness;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MachineTest {

    enum Bugs implements Bug {
        BROKEN;

        @Override
        public String description() {
            return "broken";
        }
    }

    static final class Race {
    }

    static final class Elsewhere {
    }

    @Test
    void aMutantNoTestMustCatchIsRefused() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Machine.named("M").tests(Race.class).mutant(Bugs.BROKEN).build());
        assertTrue(error.getMessage().contains("M/BROKEN"), error.getMessage());
    }

    @Test
    void aMutantMustBeCaughtByTheMachinesOwnTests() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Machine.named("M").tests(Race.class).mutant(Bugs.BROKEN, Elsewhere.class).build());
        assertTrue(error.getMessage().contains("Elsewhere"), error.getMessage());
    }

    @Test
    void aBugIsRegisteredOnce() {
        assertThrows(IllegalArgumentException.class, () -> Machine.named("M").tests(Race.class)
                .mutant(Bugs.BROKEN, Race.class).mutant(Bugs.BROKEN, Race.class).build());
    }
}
