package io.workbench.stress.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class StressCheckTest {

    enum Bugs implements Bug {
        FIRST, SECOND;

        @Override
        public String description() {
            return name();
        }
    }

    static final class RaceA {
    }

    static final class RaceB {
    }

    private static final Machine MACHINE = Machine.named("M").tests(RaceA.class, RaceB.class)
            .mutant(Bugs.FIRST, RaceA.class).mutant(Bugs.SECOND, RaceB.class).build();

    @Test
    void aPlanRunsTheRealCodeThenEachMachinesControlAndMutants() {
        List<Subject> plan = StressCheck.plan(List.of(MACHINE), Pattern.compile(""), StressCheck.Scope.MUTANTS);
        assertEquals(List.of("real implementations", "M copy without a bug", "M/FIRST", "M/SECOND"),
                plan.stream().map(Subject::name).toList());
        assertEquals(List.of(RaceA.class), plan.get(2).tests());
    }

    @Test
    void theMatrixRunsEachMutantAgainstEveryTest() {
        List<Subject> plan = StressCheck.plan(List.of(MACHINE), Pattern.compile(""), StressCheck.Scope.MATRIX);
        assertEquals(List.of(RaceA.class, RaceB.class), plan.get(2).tests());
        assertEquals(List.of(RaceA.class), plan.get(2).mustCatch());
    }

    @Test
    void aFilterLeavesOutTheMutantsNoneOfWhoseCatchingTestsItSelects() {
        List<Subject> plan = StressCheck.plan(List.of(MACHINE), Pattern.compile("RaceB"), StressCheck.Scope.MATRIX);
        assertEquals(List.of("real implementations", "M copy without a bug", "M/SECOND"),
                plan.stream().map(Subject::name).toList());
    }

    @Test
    void realOnlyIsJustTheRealCode() {
        List<Subject> plan = StressCheck.plan(List.of(MACHINE), Pattern.compile(""), StressCheck.Scope.REAL);
        assertEquals(List.of(Subject.Kind.REAL), plan.stream().map(Subject::kind).toList());
    }
}
