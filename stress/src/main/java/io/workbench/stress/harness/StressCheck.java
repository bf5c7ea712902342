package io.workbench.stress.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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

    private final JcstressRun jcstress;
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
    public StressCheck(JcstressRun jcstress, Path results, PrintStream out, boolean echoRealRuns, Duration timeout) {
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

    /**
     * Runs {@code batch} at {@code effort} in one jcstress invocation and judges each of its
     * subjects; a run that fails to produce results fails every subject in it.
     */
    public List<SubjectReport> run(Batch batch, Effort effort) throws InterruptedException {
        return run(batch, effort, 1);
    }

    /**
     * Runs {@code batch} at {@code first}, then each mutant of it that was not caught again at each
     * of {@code retries} in turn, until it is caught or the retries run out. Each subject's report
     * is its last run's, with {@link SubjectReport#tries()} saying how many runs it took; the real
     * code and the control copies are judged on their one run.
     */
    public List<SubjectReport> runUntilCaught(Batch batch, Effort first, List<Effort> retries) throws InterruptedException {
        Map<Subject, SubjectReport> last = new LinkedHashMap<>();
        run(batch, first, 1).forEach(report -> last.put(report.subject(), report));
        for (int retry = 0; retry < retries.size(); retry++) {
            List<Subject> missed = last.values().stream()
                    .filter(report -> report.subject().kind() == Subject.Kind.MUTANT && !report.passed())
                    .map(SubjectReport::subject)
                    .toList();
            if (missed.isEmpty()) {
                break;
            }
            // Subjects of one batch belong to different machines, so the missed ones can share a run too.
            Batch again = new Batch(batch.directory() + "/retry-" + (retry + 1), missed);
            run(again, retries.get(retry), retry + 2).forEach(report -> last.put(report.subject(), report));
        }
        return List.copyOf(last.values());
    }

    private List<SubjectReport> run(Batch batch, Effort effort, int tries) throws InterruptedException {
        // jcstress gives its forks its own JVM flags too (Jcstress.jvmFlags()); the variant is theirs alone.
        List<String> args = new ArrayList<>(effort.arguments(List.of("-D" + Variant.PROPERTY + "=" + batch.variant())));
        args.addAll(List.of("-t", batch.testFilter()));
        Path dir = results.resolve(batch.directory());
        out.printf("stress: running %s: %d test(s), %s; report in %s%n",
                batch.label(), batch.tests().size(), effort.label(), dir);
        long start = System.nanoTime();
        Map<String, TestOutcomes> outcomes = Map.of();
        String error = null;
        try {
            boolean echo = echoRealRuns && batch.subjects().get(0).kind() == Subject.Kind.REAL;
            outcomes = jcstress.run(dir, args, echo ? out : null, timeout);
        } catch (IOException e) {
            error = e.getMessage();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        List<SubjectReport> reports = new ArrayList<>();
        for (Subject subject : batch.subjects()) {
            Map<String, TestOutcomes> own = new HashMap<>();
            for (Class<?> test : subject.tests()) {
                TestOutcomes o = outcomes.get(test.getName());
                if (o != null) {
                    own.put(test.getName(), o);
                }
            }
            SubjectReport report = new SubjectReport(subject, effort, own, took, batch.directory(), error, tries);
            out.println("stress: " + report.headline());
            reports.add(report);
        }
        return reports;
    }
}
