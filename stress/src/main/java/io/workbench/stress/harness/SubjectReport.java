package io.workbench.stress.harness;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one jcstress run of a {@link Subject} showed, and whether that is what it must show.
 *
 * @param subject what ran
 * @param effort  how hard
 * @param results the outcomes of each test that ran, by test class name
 * @param took    how long its run took, jcstress's start-up included (shared by every subject of the run)
 * @param run     the run's directory under the results directory, e.g. {@code mutants/round-2}
 * @param error   why the run produced no results, or null
 * @param tries   which run of this subject this is: 1 for the first, 2 for the first retry (a mutant
 *                not caught at first is run again at a higher effort, see {@link Effort#ciRetries()})
 */
public record SubjectReport(Subject subject, Effort effort, Map<String, TestOutcomes> results, Duration took,
                            String run, String error, int tries) {

    public SubjectReport {
        results = Map.copyOf(results);
        if (tries < 1) {
            throw new IllegalArgumentException("tries counts from 1: " + tries);
        }
    }

    /** The report of a subject's first run. */
    public SubjectReport(Subject subject, Effort effort, Map<String, TestOutcomes> results, Duration took,
                         String run, String error) {
        this(subject, effort, results, took, run, error, 1);
    }

    /** @return true if the subject showed what it must: nothing forbidden, or for a mutant, caught by every test that must */
    public boolean passed() {
        return problems().isEmpty();
    }

    /** Each way the run fell short, in words; empty if it passed. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (error != null) {
            problems.add(error);
            return problems;
        }
        for (Class<?> test : subject.tests()) {
            TestOutcomes outcomes = results.get(test.getName());
            if (outcomes == null) {
                problems.add(test.getSimpleName() + " did not run");
            } else if (subject.kind() == Subject.Kind.MUTANT) {
                if (subject.mustCatch().contains(test) && outcomes.forbidden() == 0) {
                    problems.add(String.format("%s did not catch it: no FORBIDDEN outcome in %,d samples (status %s)",
                            test.getSimpleName(), outcomes.samples(), outcomes.status()));
                }
            } else {
                if (!outcomes.ranCleanly()) {
                    problems.add(test.getSimpleName() + ": " + outcomes.status()
                            + (outcomes.messages().isEmpty() ? "" : ": " + outcomes.messages().get(0)));
                }
                if (outcomes.forbidden() > 0) {
                    problems.add(String.format("%s: %,d FORBIDDEN samples, most often %s", test.getSimpleName(),
                            outcomes.forbidden(), outcomes.topForbidden().map(TestOutcomes.Outcome::id).orElse("?")));
                }
                if (outcomes.ungraded() > 0) {
                    problems.add(String.format("%s: %,d samples of an outcome it does not grade", test.getSimpleName(),
                            outcomes.ungraded()));
                }
            }
        }
        return problems;
    }

    /** The outcomes of {@code test} in this run, or null if it did not run. */
    public TestOutcomes outcomes(Class<?> test) {
        return results.get(test.getName());
    }

    public long samples() {
        return results.values().stream().mapToLong(TestOutcomes::samples).sum();
    }

    public long forbidden() {
        return results.values().stream().mapToLong(TestOutcomes::forbidden).sum();
    }

    /** One line for the log: the subject, the verdict, the time. */
    public String headline() {
        String verdict;
        if (subject.kind() == Subject.Kind.MUTANT) {
            verdict = passed() ? "CAUGHT" : "NOT CAUGHT";
        } else {
            verdict = passed() ? "PASS" : "FAIL";
        }
        String attempt = tries == 1 ? "" : ", try " + tries + ": " + effort.label();
        return String.format("%-7s %s: %d test(s), %,d samples, FORBIDDEN %,d ... %s (%s, %d s%s)",
                subject.kind(), subject.name(), subject.tests().size(), samples(), forbidden(), verdict,
                run, took.toSeconds(), attempt);
    }
}
