package io.workbench.stress.harness;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Subjects that run together in one jcstress invocation. Each test reads only its own machine's
 * variant, so copies of different machines can share a run: one {@value Variant#PROPERTY} value
 * names a copy of each, and each test runs once, against its machine's copy. Two copies of the
 * same machine cannot share one, nor can the real implementations share with a copy.
 *
 * <p>Sharing matters for time: before its first test, every jcstress invocation probes the JVM
 * with a score of short-lived VMs, several seconds on two cores, which the copies would otherwise
 * pay once each.
 *
 * @param directory where its jcstress report goes, under the results directory
 * @param subjects  what runs in it, at most one per machine
 */
public record Batch(String directory, List<Subject> subjects) {

    public Batch {
        subjects = List.copyOf(subjects);
        if (subjects.isEmpty()) {
            throw new IllegalArgumentException("a batch runs at least one subject");
        }
        Set<String> machines = new HashSet<>();
        for (Subject subject : subjects) {
            if (subject.kind() == Subject.Kind.REAL ? subjects.size() != 1 : !machines.add(subject.machine())) {
                throw new IllegalArgumentException(subject.name() + " cannot share a run with " + subjects);
            }
        }
    }

    /**
     * Packs a plan into as few runs as the rule allows: the real implementations alone, the
     * control copies of every machine together, and the mutants in rounds, the first mutant of
     * each machine in round 1, the second in round 2, and so on.
     */
    public static List<Batch> of(List<Subject> plan) {
        List<Batch> batches = new ArrayList<>();
        List<Subject> controls = new ArrayList<>();
        List<List<Subject>> rounds = new ArrayList<>();
        for (Subject subject : plan) {
            switch (subject.kind()) {
                case REAL -> batches.add(new Batch("real", List.of(subject)));
                case CONTROL -> controls.add(subject);
                case MUTANT -> firstRoundWithout(rounds, subject.machine()).add(subject);
            }
        }
        if (!controls.isEmpty()) {
            batches.add(new Batch("control", controls));
        }
        for (int i = 0; i < rounds.size(); i++) {
            batches.add(new Batch("mutants/round-" + (i + 1), rounds.get(i)));
        }
        return batches;
    }

    private static List<Subject> firstRoundWithout(List<List<Subject>> rounds, String machine) {
        for (List<Subject> round : rounds) {
            if (round.stream().noneMatch(s -> s.machine().equals(machine))) {
                return round;
            }
        }
        List<Subject> round = new ArrayList<>();
        rounds.add(round);
        return round;
    }

    /** The value of {@value Variant#PROPERTY} that selects every subject's variant at once. */
    public String variant() {
        return String.join(String.valueOf(Variant.LIST_SEPARATOR), subjects.stream().map(Subject::variant).toList());
    }

    /** Every test of every subject. */
    public List<Class<?>> tests() {
        Set<Class<?>> tests = new LinkedHashSet<>();
        subjects.forEach(s -> tests.addAll(s.tests()));
        return List.copyOf(tests);
    }

    /** The jcstress {@code -t} filter that runs exactly {@link #tests()}. */
    public String testFilter() {
        StringBuilder regex = new StringBuilder("^(");
        List<Class<?>> tests = tests();
        for (int i = 0; i < tests.size(); i++) {
            regex.append(i == 0 ? "" : "|").append(Pattern.quote(tests.get(i).getName()));
        }
        return regex.append(")$").toString();
    }

    /** How progress lines name it: the subject, or the number of subjects it runs. */
    public String label() {
        return subjects.size() == 1 ? subjects.get(0).name() : directory + " (" + subjects.size() + " copies)";
    }
}
