package io.workbench.stress.harness;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.openjdk.jcstress.annotations.Expect;

/**
 * What one jcstress test observed in one run, merged over every configuration it ran in.
 *
 * @param test     the test's class name
 * @param status   jcstress's status of the run: NORMAL, or the kind of error (TEST_ERROR, VM_ERROR...)
 * @param outcomes every outcome the test declares or observed, with its count (zero if not observed)
 * @param messages jcstress's messages about errors, if any
 */
public record TestOutcomes(String test, String status, List<Outcome> outcomes, List<String> messages) {

    /** One outcome: the arbiter's result string, how jcstress grades it, and how often it was seen. */
    public record Outcome(String id, Expect expect, long count, String description) {
    }

    public TestOutcomes {
        outcomes = List.copyOf(outcomes);
        messages = List.copyOf(messages);
    }

    /** @return true if every configuration ran to the end (no test, VM or timeout error) */
    public boolean ranCleanly() {
        return "NORMAL".equals(status);
    }

    public long samples() {
        return outcomes.stream().mapToLong(Outcome::count).sum();
    }

    /** @return how many samples showed a FORBIDDEN outcome */
    public long forbidden() {
        return outcomes.stream().filter(o -> o.expect() == Expect.FORBIDDEN).mapToLong(Outcome::count).sum();
    }

    /** @return how many samples showed an outcome the test does not grade at all (a broken test) */
    public long ungraded() {
        return outcomes.stream().filter(o -> o.expect() == Expect.UNKNOWN).mapToLong(Outcome::count).sum();
    }

    /** @return the most frequent FORBIDDEN outcome, if any was seen */
    public Optional<Outcome> topForbidden() {
        return outcomes.stream()
                .filter(o -> o.expect() == Expect.FORBIDDEN && o.count() > 0)
                .max(Comparator.comparingLong(Outcome::count));
    }

    /** @return the test's class name without its package */
    public String simpleName() {
        return test.substring(test.lastIndexOf('.') + 1);
    }
}
