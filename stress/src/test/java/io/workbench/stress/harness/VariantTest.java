package io.workbench.stress.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.stress.thread.pool.mutant.ThreadCountBug;
import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;

class VariantTest {

    enum Bugs implements Bug {
        LOST, DOUBLED;

        @Override
        public String description() {
            return name().toLowerCase();
        }
    }

    @Test
    void noPropertyOrNoneSelectsTheRealImplementation() {
        for (String value : new String[] {null, "", Variant.NONE}) {
            Variant<Bugs> variant = Variant.parse(value, "Machine", Bugs.class);
            assertTrue(variant.isReal(), String.valueOf(value));
            assertNull(variant.bug());
        }
    }

    @Test
    void theMachinesNameAloneSelectsTheControlCopy() {
        Variant<Bugs> variant = Variant.parse("Machine", "Machine", Bugs.class);
        assertFalse(variant.isReal());
        assertNull(variant.bug());
        assertEquals("Machine", Variant.value("Machine", null));
    }

    @Test
    void machineSlashBugSelectsThatMutant() {
        Variant<Bugs> variant = Variant.parse("Machine/DOUBLED", "Machine", Bugs.class);
        assertFalse(variant.isReal());
        assertEquals(Bugs.DOUBLED, variant.bug());
        assertEquals("Machine/DOUBLED", Variant.value("Machine", Bugs.DOUBLED));
    }

    @Test
    void anotherMachinesMutantLeavesThisMachineReal() {
        assertTrue(Variant.parse("Other/LOST", "Machine", Bugs.class).isReal());
        assertTrue(Variant.parse("MachineTwo", "Machine", Bugs.class).isReal());
    }

    @Test
    void anUnknownBugOfThisMachineFailsLoudly() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Variant.parse("Machine/TYPO", "Machine", Bugs.class));
        assertTrue(error.getMessage().contains("TYPO"), error.getMessage());
    }

    @Test
    void aListSelectsACopyOfEachMachineItNames() {
        assertEquals(Bugs.LOST, Variant.parse("Other/DOUBLED,Machine/LOST", "Machine", Bugs.class).bug());
        Variant<Bugs> control = Variant.parse("Other/DOUBLED,Machine", "Machine", Bugs.class);
        assertFalse(control.isReal());
        assertNull(control.bug());
        assertTrue(Variant.parse("Other/DOUBLED,Another", "Machine", Bugs.class).isReal());
    }

    @Test
    void aListThatNamesAMachineTwiceFailsLoudly() {
        assertThrows(IllegalArgumentException.class, () -> Variant.parse("Machine/LOST,Machine", "Machine", Bugs.class));
    }

    @Test
    void aCopysDriverIsTheDriversTwinBesideThatCopy() throws Throwable {
        Class<?> driver = Class.forName("io.workbench.stress.thread.pool.RealCount");
        assertNull(Variant.parse(Variant.NONE, ThreadCountBug.MACHINE, ThreadCountBug.class).copyDriver(driver, int.class, int.class));

        MethodHandle control = Variant.parse(ThreadCountBug.MACHINE, ThreadCountBug.MACHINE, ThreadCountBug.class)
                .copyDriver(driver, int.class, int.class);
        assertEquals("io.workbench.stress.thread.pool.mutant.control.RealCount", control.invoke(0, 2).getClass().getName());

        MethodHandle mutant = Variant.parse("ThreadCount/START_CHECK_THEN_ACT", ThreadCountBug.MACHINE, ThreadCountBug.class)
                .copyDriver(driver, int.class, int.class);
        assertEquals("io.workbench.stress.thread.pool.mutant.start_check_then_act.RealCount",
                mutant.invoke(0, 2).getClass().getName());
    }

    @Test
    void aCopyTheBuildDidNotGenerateFailsLoudly() {
        Variant<Bugs> variant = Variant.parse("Machine/LOST", "Machine", Bugs.class);
        IllegalStateException missing = assertThrows(IllegalStateException.class, () -> variant.copyDriver(VariantTest.class));
        assertTrue(missing.getMessage().contains("io.workbench.stress.harness.lost.VariantTest"), missing.getMessage());
    }
}
