package io.workbench.stress.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs subjects through jcstress, one child JVM each, and judges what they showed. Knows nothing
 * of any particular machine: what to run comes from the catalog through {@link #plan}.
 */
public final class StressCheck {

    /** How far a plan goes. */
    public enum Scope {
        /** The real implementations only. */
        REAL,
        /** The real implementations, each machine's control copy, and each mutant against the tests that must catch it. */
        MUTANTS,
        /** As {@link #MUTANTS}, but each mutant against every test of its machine: which tests catch which bug. */
        MATRIX
    }

    private final Jcstress jcstress;
    private final Path results;
    private final PrintStream out;
    private final boolean echoRealRuns;
    private final Duration timeout;

    /**
     * @param results      the directory each run's report goes under
     * @param out          where progress goes
     * @param echoRealRuns true to copy jcstress's console to {@code out} while it runs the real
     *                     implementations (the console of every run always goes to the run's log)
     * @param timeout      how long one run may take before it is killed
     */
    public StressCheck(Jcstress jcstress, Path results, PrintStream out, boolean echoRealRuns, Duration timeout) {
        this.jcstress = jcstress;
        this.results = results;
        this.out = out;
        this.echoRealRuns = echoRealRuns;
        this.timeout = timeout;
    }

    /** The subjects that prove {@code machines}, restricted to the tests whose names {@code filter} finds. */
    public static List<Subject> plan(List<Machine> machines, Pattern filter, Scope scope) {
        List<Subject> plan = new ArrayList<>();
        plan.add(Subject.real(machines, filter));
        if (scope != Scope.REAL) {
            for (Machine machine : machines) {
                plan.add(Subject.control(machine, filter));
                for (Mutant mutant : machine.mutants()) {
                    plan.add(Subject.mutant(machine, mutant, filter, scope == Scope.MATRIX));
                }
            }
        }
        // A mutant none of whose catching tests is selected would pass unproven: leave it out.
        return plan.stream()
                .filter(s -> !s.tests().isEmpty() && (s.kind() != Subject.Kind.MUTANT || !s.mustCatch().isEmpty()))
                .toList();
    }

    /** Runs {@code subject} at {@code effort} and judges it; a run that fails to produce results is a failed report. */
    public SubjectReport run(Subject subject, Effort effort) throws InterruptedException {
        // jcstress gives its forks its own JVM flags too (Jcstress.jvmFlags()); the variant is theirs alone.
        List<String> args = new ArrayList<>(effort.arguments(List.of("-D" + Variant.PROPERTY + "=" + subject.variant())));
        args.addAll(List.of("-t", subject.testFilter()));
        Path dir = results.resolve(subject.directory());
        out.printf("stress: running %s: %d test(s), %s; report in %s%n",
                subject.name(), subject.tests().size(), effort.label(), dir);
        long start = System.nanoTime();
        SubjectReport report;
        try {
            boolean echo = echoRealRuns && subject.kind() == Subject.Kind.REAL;
            Map<String, TestOutcomes> outcomes = jcstress.run(dir, args, echo ? out : null, timeout);
            report = new SubjectReport(subject, effort, outcomes, Duration.ofNanos(System.nanoTime() - start), null);
        } catch (IOException e) {
            report = new SubjectReport(subject, effort, Map.of(), Duration.ofNanos(System.nanoTime() - start),
                    e.getMessage());
        }
        out.println("stress: " + report.headline());
        return report;
    }
}
