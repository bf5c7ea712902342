package io.workbench.stress.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jcstress.annotations.Expect;

/**
 * The check's retry ladder, driven by a scripted jcstress: a mutant that shows no FORBIDDEN
 * sample at first is run again at each higher effort until it is caught, and its report says on
 * which try; a caught mutant and the real code are never run twice.
 */
class StressCheckRetryTest {

    static final class RaceA {
    }

    static final class RaceB {
    }

    enum Bugs implements Bug {
        THIN, THICK;

        @Override
        public String description() {
            return name();
        }
    }

    private static final Machine MACHINE_A = Machine.named("A").tests(RaceA.class).mutant(Bugs.THIN, RaceA.class).build();
    private static final Machine MACHINE_B = Machine.named("B").tests(RaceB.class).mutant(Bugs.THICK, RaceB.class).build();

    @TempDir
    Path results;

    /** A jcstress that sees FORBIDDEN samples of a test only from its {@code catchesFrom}-th run of it on. */
    private static final class ScriptedJcstress implements JcstressRun {
        private final Map<String, Integer> catchesFrom;
        private final Map<String, Integer> runs = new HashMap<>();
        final List<List<String>> invocations = new ArrayList<>();

        ScriptedJcstress(Map<String, Integer> catchesFrom) {
            this.catchesFrom = catchesFrom;
        }

        @Override
        public Map<String, TestOutcomes> run(Path dir, List<String> args, PrintStream echo, Duration timeout) {
            invocations.add(args);
            String filter = args.get(args.indexOf("-t") + 1);
            Map<String, TestOutcomes> outcomes = new HashMap<>();
            for (String test : catchesFrom.keySet()) {
                if (filter.contains(test)) {
                    int run = runs.merge(test, 1, Integer::sum);
                    long forbidden = run >= catchesFrom.get(test) ? 5 : 0;
                    outcomes.put(test, new TestOutcomes(test, "NORMAL", List.of(
                            new TestOutcomes.Outcome("ok", Expect.ACCEPTABLE, 1000, "fine"),
                            new TestOutcomes.Outcome("bad", Expect.FORBIDDEN, forbidden, "broken")), List.of()));
                }
            }
            return outcomes;
        }
    }

    private List<SubjectReport> check(ScriptedJcstress jcstress) throws InterruptedException {
        StressCheck check = new StressCheck(jcstress, results, new PrintStream(new ByteArrayOutputStream()), false, Duration.ofMinutes(1));
        List<Subject> mutants = StressCheck.plan(List.of(MACHINE_A, MACHINE_B), Pattern.compile(""), StressCheck.Scope.MUTANTS)
                .stream().filter(s -> s.kind() == Subject.Kind.MUTANT).toList();
        Batch round = Batch.of(mutants).get(0);
        assertEquals(2, round.subjects().size(), "both mutants share the first round");
        return check.runUntilCaught(round, Effort.ci(), Effort.ciRetries());
    }

    @Test
    void aMutantMissedAtFirstIsCaughtOnARetryAndSaysSo() throws InterruptedException {
        ScriptedJcstress jcstress = new ScriptedJcstress(Map.of(RaceA.class.getName(), 2, RaceB.class.getName(), 1));
        List<SubjectReport> reports = check(jcstress);

        SubjectReport thin = reports.get(0);
        assertTrue(thin.passed(), thin.problems()::toString);
        assertEquals(2, thin.tries());
        assertEquals(Effort.ciRetries().get(0), thin.effort());
        assertTrue(thin.headline().contains("try 2"), thin.headline());

        SubjectReport thick = reports.get(1);
        assertTrue(thick.passed());
        assertEquals(1, thick.tries());
        assertFalse(thick.headline().contains("try"), thick.headline());

        assertEquals(2, jcstress.invocations.size(), "one first run, one retry");
        String retryFilter = jcstress.invocations.get(1).get(jcstress.invocations.get(1).indexOf("-t") + 1);
        assertTrue(retryFilter.contains(RaceA.class.getName()) && !retryFilter.contains(RaceB.class.getName()),
                "only the missed mutant's test runs again: " + retryFilter);
        assertTrue(new Summary(List.of(MACHINE_A, MACHINE_B), reports).verdict().contains("1 of them only on a retry"));
    }

    @Test
    void aMutantNeverCaughtFailsAfterEveryRetry() throws InterruptedException {
        ScriptedJcstress jcstress = new ScriptedJcstress(Map.of(RaceA.class.getName(), 99, RaceB.class.getName(), 1));
        List<SubjectReport> reports = check(jcstress);

        SubjectReport thin = reports.get(0);
        assertFalse(thin.passed());
        assertEquals(1 + Effort.ciRetries().size(), thin.tries());
        assertEquals(1 + Effort.ciRetries().size(), jcstress.invocations.size());
        assertTrue(thin.headline().contains("NOT CAUGHT"), thin.headline());
    }

    @Test
    void theRetriesRunAtHigherEffortsThanCi() {
        List<Effort> retries = Effort.ciRetries();
        assertEquals(List.of("-m", "default"), retries.get(0).args().subList(0, 2));
        assertTrue(retries.get(0).singleConfiguration());
        assertFalse(retries.get(1).singleConfiguration(), "the last retry spans every JVM configuration");
    }
}
