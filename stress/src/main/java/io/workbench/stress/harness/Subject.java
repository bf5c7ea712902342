package io.workbench.stress.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What one jcstress run drives, which tests it runs, and what it must show.
 *
 * <ul>
 *   <li>{@link Kind#REAL}: the real implementations of every machine; no test may observe a
 *       FORBIDDEN outcome.</li>
 *   <li>{@link Kind#CONTROL}: a machine's generated copy without an edit; likewise. It shows that
 *       what every copy goes through (another package, the driver's twin, the few edits a copy
 *       needs to compile there) changes nothing the tests see, so that each mutant is caught for
 *       its own edit.</li>
 *   <li>{@link Kind#MUTANT}: the copy with one bug; each test in {@link #mustCatch()} must observe
 *       a FORBIDDEN outcome. Other tests may run too (the kill matrix) and catch it or not.</li>
 * </ul>
 *
 * @param kind      which of the three
 * @param name      how reports name it
 * @param variant   the value of {@value Variant#PROPERTY} for the forked VMs
 * @param tests     the tests to run
 * @param mustCatch the tests that must catch a mutant; empty otherwise
 * @param mutant    the mutant, for {@link Kind#MUTANT}; null otherwise
 */
public record Subject(Kind kind, String name, String variant, List<Class<?>> tests, List<Class<?>> mustCatch,
                      Mutant mutant) {

    public enum Kind { REAL, CONTROL, MUTANT }

    public Subject {
        tests = List.copyOf(tests);
        mustCatch = List.copyOf(mustCatch);
    }

    /** The real implementations of {@code machines}, against each machine's tests that {@code filter} selects. */
    public static Subject real(List<Machine> machines, Pattern filter) {
        List<Class<?>> tests = new ArrayList<>();
        machines.forEach(m -> tests.addAll(selected(m.tests(), filter)));
        return new Subject(Kind.REAL, "real implementations", Variant.NONE, tests, List.of(), null);
    }

    /** The copy of {@code machine} without a bug, against the machine's tests that {@code filter} selects. */
    public static Subject control(Machine machine, Pattern filter) {
        return new Subject(Kind.CONTROL, machine.name() + " copy without a bug", Variant.value(machine.name(), null),
                selected(machine.tests(), filter), List.of(), null);
    }

    /**
     * {@code mutant} against the tests that must catch it that {@code filter} selects, or, for
     * the kill matrix, against every test of {@code machine} that it selects.
     */
    public static Subject mutant(Machine machine, Mutant mutant, Pattern filter, boolean everyTest) {
        List<Class<?>> mustCatch = selected(mutant.caughtBy(), filter);
        List<Class<?>> tests = everyTest ? selected(machine.tests(), filter) : mustCatch;
        return new Subject(Kind.MUTANT, mutant.id(), mutant.id(), tests, mustCatch, mutant);
    }

    /** The machine a copy belongs to; null for the real implementations, which cover every machine. */
    public String machine() {
        return switch (kind) {
            case REAL -> null;
            case CONTROL -> variant;
            case MUTANT -> mutant.machine();
        };
    }

    /** @return true for {@code machine}'s control copy and mutants; the real run covers every machine */
    public boolean isCopyOf(Machine machine) {
        return machine.name().equals(machine());
    }

    private static List<Class<?>> selected(List<Class<?>> tests, Pattern filter) {
        return tests.stream().filter(t -> filter.matcher(t.getName()).find()).toList();
    }
}
