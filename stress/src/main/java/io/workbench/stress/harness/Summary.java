package io.workbench.stress.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import org.openjdk.jcstress.annotations.Expect;

/**
 * The readable account of a set of runs: per machine, every test's outcomes on the real
 * implementation with their counts, the control copy's verdict, and each mutant with the tests
 * that caught it. Rendered as text for the console and as Markdown for the results directory.
 */
public final class Summary {

    private final List<Machine> machines;
    private final List<SubjectReport> reports;

    public Summary(List<Machine> machines, List<SubjectReport> reports) {
        this.machines = List.copyOf(machines);
        this.reports = List.copyOf(reports);
    }

    /** @return true if every run showed what it must */
    public boolean passed() {
        return !reports.isEmpty() && reports.stream().allMatch(SubjectReport::passed);
    }

    /** The verdict in one line: FORBIDDEN count of the real code and the copies, mutants caught. */
    public String verdict() {
        StringJoiner parts = new StringJoiner("; ", (passed() ? "PASS: " : "FAIL: "), "");
        for (SubjectReport report : reports) {
            if (report.subject().kind() != Subject.Kind.MUTANT) {
                parts.add(report.subject().name() + ": " + report.subject().tests().size() + " test(s), FORBIDDEN "
                        + report.forbidden() + (report.passed() ? "" : " (" + report.problems().size() + " problems)"));
            }
        }
        List<SubjectReport> mutants = ofKind(Subject.Kind.MUTANT);
        if (!mutants.isEmpty()) {
            long caught = mutants.stream().filter(SubjectReport::passed).count();
            long retried = mutants.stream().filter(m -> m.passed() && m.tries() > 1).count();
            parts.add(caught + " of " + mutants.size() + " mutants caught"
                    + (retried == 0 ? "" : " (" + retried + " of them only on a retry at a higher effort)"));
        }
        return parts.toString();
    }

    /** The console summary. */
    public String text() {
        StringBuilder text = new StringBuilder();
        text.append("==== stress summary ").append("=".repeat(80)).append('\n');
        for (SubjectReport real : ofKind(Subject.Kind.REAL)) {
            text.append(real.headline()).append('\n');
            real.problems().forEach(p -> text.append("    problem: ").append(p).append('\n'));
        }
        for (Machine machine : machines) {
            text.append('\n').append(machine.name()).append('\n');
            text.append("  real implementation, ").append(effortOf(Subject.Kind.REAL)).append('\n');
            for (Class<?> test : machine.tests()) {
                appendRealTest(text, machine, test);
            }
            for (SubjectReport report : reports) {
                if (report.subject().kind() == Subject.Kind.CONTROL && report.subject().isCopyOf(machine)) {
                    text.append("  ").append(report.headline()).append('\n');
                    report.problems().forEach(p -> text.append("      problem: ").append(p).append('\n'));
                }
            }
            for (SubjectReport report : reports) {
                if (report.subject().kind() == Subject.Kind.MUTANT && report.subject().isCopyOf(machine)) {
                    appendMutant(text, report);
                }
            }
        }
        text.append('\n').append("RESULT ").append(verdict()).append('\n');
        return text.toString();
    }

    private void appendRealTest(StringBuilder text, Machine machine, Class<?> test) {
        Optional<TestOutcomes> found = realOutcomes(test);
        List<String> catches = machine.mutantsCaughtBy(test).stream().map(m -> m.bug().name()).toList();
        text.append("    ").append(test.getSimpleName());
        if (found.isEmpty()) {
            text.append(": not run\n");
            return;
        }
        TestOutcomes outcomes = found.get();
        text.append(String.format(": %,d samples, FORBIDDEN %,d", outcomes.samples(), outcomes.forbidden()));
        if (!outcomes.ranCleanly()) {
            text.append(", ").append(outcomes.status());
        }
        if (!catches.isEmpty()) {
            text.append("; must catch ").append(String.join(", ", catches));
        }
        text.append('\n');
        for (TestOutcomes.Outcome outcome : outcomes.outcomes()) {
            if (outcome.count() > 0 || outcome.expect() != Expect.FORBIDDEN) {
                text.append(String.format("      %,13d  %-22s %s%n", outcome.count(), outcome.expect(), outcome.id()));
            }
        }
    }

    private static void appendMutant(StringBuilder text, SubjectReport report) {
        Subject subject = report.subject();
        text.append("  ").append(report.headline()).append('\n');
        text.append("      bug: ").append(subject.mutant().bug().description()).append('\n');
        for (Class<?> test : subject.tests()) {
            TestOutcomes outcomes = report.outcomes(test);
            String role = subject.mustCatch().contains(test) ? "must catch" : "matrix";
            text.append(String.format("      %-10s %-30s ", role, test.getSimpleName()));
            if (outcomes == null) {
                text.append("not run\n");
                continue;
            }
            text.append(String.format("FORBIDDEN %,d of %,d", outcomes.forbidden(), outcomes.samples()));
            outcomes.topForbidden().ifPresent(o -> text.append(", most often: ").append(o.id()));
            text.append('\n');
        }
        report.problems().forEach(p -> text.append("      problem: ").append(p).append('\n'));
    }

    /**
     * The Markdown summary: per machine, a table of each test, the mutants it must catch, its
     * outcomes on the real implementation and the FORBIDDEN samples it saw against each mutant.
     */
    public String markdown() {
        StringBuilder md = new StringBuilder("# jcstress summary\n\n");
        md.append("**").append(verdict()).append("**\n\n");
        md.append("Real implementation: ").append(effortOf(Subject.Kind.REAL)).append(". Copies: ")
                .append(effortOf(Subject.Kind.MUTANT)).append(".\n");
        for (Machine machine : machines) {
            md.append("\n## ").append(machine.name()).append("\n\n");
            md.append("| test | kills (FORBIDDEN samples / samples against the mutant) | outcomes on the real implementation (samples) |\n");
            md.append("|---|---|---|\n");
            for (Class<?> test : machine.tests()) {
                md.append("| ").append(test.getSimpleName()).append(" | ").append(kills(machine, test)).append(" | ");
                md.append(realOutcomes(test).map(Summary::outcomeList).orElse("not run")).append(" |\n");
            }
            md.append('\n');
            for (SubjectReport report : reports) {
                if (report.subject().isCopyOf(machine)) {
                    md.append("- ").append(report.headline().replace("...", "→")).append('\n');
                }
            }
        }
        return md.toString();
    }

    private String kills(Machine machine, Class<?> test) {
        List<String> kills = new ArrayList<>();
        for (Mutant mutant : machine.mutantsCaughtBy(test)) {
            String counts = reports.stream()
                    .filter(r -> r.subject().kind() == Subject.Kind.MUTANT && r.subject().mutant().equals(mutant))
                    .map(r -> r.outcomes(test))
                    .filter(o -> o != null)
                    .map(o -> String.format(" (%,d / %,d)", o.forbidden(), o.samples()))
                    .findFirst().orElse(" (not run)");
            kills.add(mutant.bug().name() + counts);
        }
        return kills.isEmpty() ? "none" : String.join("<br>", kills);
    }

    private static String outcomeList(TestOutcomes outcomes) {
        StringJoiner list = new StringJoiner("<br>");
        for (TestOutcomes.Outcome outcome : outcomes.outcomes()) {
            if (outcome.count() > 0 || outcome.expect() != Expect.FORBIDDEN) {
                list.add(String.format("`%s` %s: %,d", outcome.id(), outcome.expect(), outcome.count()));
            }
        }
        return list.toString();
    }

    private Optional<TestOutcomes> realOutcomes(Class<?> test) {
        return ofKind(Subject.Kind.REAL).stream().map(r -> r.outcomes(test)).filter(o -> o != null).findFirst();
    }

    private String effortOf(Subject.Kind kind) {
        return ofKind(kind).stream().map(r -> r.effort().label()).findFirst().orElse("not run");
    }

    private List<SubjectReport> ofKind(Subject.Kind kind) {
        return reports.stream().filter(r -> r.subject().kind() == kind).toList();
    }
}
