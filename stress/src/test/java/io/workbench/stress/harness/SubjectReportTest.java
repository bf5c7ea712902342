package io.workbench.stress.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jcstress.annotations.Expect;

class SubjectReportTest {

    /** Stand-ins for jcstress test classes: the harness only uses their names. */
    static final class RaceA {
    }

    static final class RaceB {
    }

    enum Bugs implements Bug {
        BROKEN;

        @Override
        public String description() {
            return "broken";
        }
    }

    private static final Machine MACHINE = Machine.named("M").tests(RaceA.class, RaceB.class)
            .mutant(Bugs.BROKEN, RaceA.class).build();
    private static final Pattern ALL = Pattern.compile("");

    private static TestOutcomes outcomes(Class<?> test, long acceptable, long forbidden, String status) {
        return new TestOutcomes(test.getName(), status, List.of(
                new TestOutcomes.Outcome("ok", Expect.ACCEPTABLE, acceptable, "fine"),
                new TestOutcomes.Outcome("bad", Expect.FORBIDDEN, forbidden, "broken")), List.of());
    }

    private static SubjectReport report(Subject subject, TestOutcomes... outcomes) {
        Map<String, TestOutcomes> byTest = new HashMap<>();
        for (TestOutcomes o : outcomes) {
            byTest.put(o.test(), o);
        }
        return new SubjectReport(subject, Effort.ci(), byTest, Duration.ofSeconds(1), "run", null);
    }

    @Test
    void theRealCodePassesOnlyWithoutAForbiddenOutcome() {
        Subject real = Subject.real(List.of(MACHINE), ALL);
        assertTrue(report(real, outcomes(RaceA.class, 10, 0, "NORMAL"), outcomes(RaceB.class, 10, 0, "NORMAL")).passed());

        SubjectReport forbidden = report(real, outcomes(RaceA.class, 10, 1, "NORMAL"), outcomes(RaceB.class, 10, 0, "NORMAL"));
        assertFalse(forbidden.passed());
        assertEquals(1, forbidden.problems().size(), forbidden.problems()::toString);
        assertTrue(forbidden.problems().get(0).contains("RaceA"), forbidden.problems()::toString);
    }

    @Test
    void theRealCodeFailsWhenATestErredOrDidNotRun() {
        Subject real = Subject.real(List.of(MACHINE), ALL);
        assertFalse(report(real, outcomes(RaceA.class, 10, 0, "TEST_ERROR"), outcomes(RaceB.class, 10, 0, "NORMAL")).passed());
        SubjectReport missing = report(real, outcomes(RaceA.class, 10, 0, "NORMAL"));
        assertEquals(List.of("RaceB did not run"), missing.problems());
    }

    @Test
    void aMutantIsCaughtOnlyIfEveryTestThatMustCatchItSawAForbiddenOutcome() {
        Subject mutant = Subject.mutant(MACHINE, MACHINE.mutants().get(0), ALL, true);
        assertEquals(List.of(RaceA.class), mutant.mustCatch());
        assertTrue(report(mutant, outcomes(RaceA.class, 10, 3, "NORMAL"), outcomes(RaceB.class, 10, 0, "NORMAL")).passed());
        assertFalse(report(mutant, outcomes(RaceA.class, 10, 0, "NORMAL"), outcomes(RaceB.class, 10, 5, "NORMAL")).passed());
    }

    @Test
    void aRunWithoutResultsFails() {
        Subject control = Subject.control(MACHINE, ALL);
        SubjectReport failed = new SubjectReport(control, Effort.ci(), Map.of(), Duration.ZERO, "run", "jcstress crashed");
        assertEquals(List.of("jcstress crashed"), failed.problems());
    }
}
