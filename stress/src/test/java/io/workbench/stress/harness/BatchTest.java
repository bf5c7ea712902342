package io.workbench.stress.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BatchTest {

    enum Bugs implements Bug {
        FIRST, SECOND, THIRD;

        @Override
        public String description() {
            return name();
        }
    }

    static final class RaceA {
    }

    static final class RaceB {
    }

    static final class RaceC {
    }

    private static final Pattern ALL = Pattern.compile("");
    private static final Machine M = Machine.named("M").tests(RaceA.class, RaceB.class)
            .mutant(Bugs.FIRST, RaceA.class).mutant(Bugs.SECOND, RaceB.class).mutant(Bugs.THIRD, RaceA.class, RaceB.class)
            .build();
    private static final Machine N = Machine.named("N").tests(RaceC.class).mutant(Bugs.FIRST, RaceC.class).build();

    @Test
    void theRealCodeRunsAloneTheControlsTogetherAndTheMutantsInRoundsOfOnePerMachine() {
        List<Batch> batches = Batch.of(StressCheck.plan(List.of(M, N), ALL, StressCheck.Scope.MUTANTS));
        assertEquals(List.of("real", "control", "mutants/round-1", "mutants/round-2", "mutants/round-3"),
                batches.stream().map(Batch::directory).toList());
        assertEquals("none", batches.get(0).variant());
        assertEquals("M,N", batches.get(1).variant());
        assertEquals("M/FIRST,N/FIRST", batches.get(2).variant());
        assertEquals(List.of(RaceA.class, RaceC.class), batches.get(2).tests());
        assertEquals("M/SECOND", batches.get(3).variant());
        assertEquals("M/THIRD", batches.get(4).variant());
    }

    @Test
    void eachMachineOfASharedRunSeesItsOwnVariant() {
        Batch round = Batch.of(StressCheck.plan(List.of(M, N), ALL, StressCheck.Scope.MUTANTS)).get(2);
        assertEquals(Bugs.FIRST, Variant.parse(round.variant(), "M", Bugs.class).bug());
        assertEquals(Bugs.FIRST, Variant.parse(round.variant(), "N", Bugs.class).bug());
        assertTrue(Variant.parse(round.variant(), "O", Bugs.class).isReal());
    }

    @Test
    void twoCopiesOfOneMachineOrTheRealCodeWithACopyCannotShareARun() {
        Subject first = Subject.mutant(M, M.mutants().get(0), ALL, false);
        Subject second = Subject.mutant(M, M.mutants().get(1), ALL, false);
        assertThrows(IllegalArgumentException.class, () -> new Batch("x", List.of(first, second)));
        assertThrows(IllegalArgumentException.class, () -> new Batch("x", List.of(Subject.real(List.of(N), ALL), first)));
    }

    @Test
    void theFilterRunsExactlyTheBatchsTests() {
        Batch batch = new Batch("control", List.of(Subject.control(M, Pattern.compile("RaceB"))));
        assertEquals(List.of(RaceB.class), batch.tests());
        Pattern filter = Pattern.compile(batch.testFilter());
        assertTrue(filter.matcher(RaceB.class.getName()).find());
        assertFalse(filter.matcher(RaceA.class.getName()).find());
        assertFalse(filter.matcher(RaceB.class.getName() + "Longer").find());
    }
}
