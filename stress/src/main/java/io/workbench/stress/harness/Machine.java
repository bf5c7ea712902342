package io.workbench.stress.harness;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One lock-free state machine under proof, as the catalog registers it: its name (the one its
 * tests pass to {@link Variant#selected}), its jcstress tests, and its mutants with the tests
 * that must catch each.
 *
 * @param name    the machine's name
 * @param tests   every jcstress test of the machine; each runs against the real implementation
 * @param mutants the machine's mutants, each with the tests that must catch it
 */
public record Machine(String name, List<Class<?>> tests, List<Mutant> mutants) {

    public Machine {
        tests = List.copyOf(tests);
        mutants = List.copyOf(mutants);
        Set<Bug> bugs = new LinkedHashSet<>();
        for (Mutant mutant : mutants) {
            if (!mutant.machine().equals(name)) {
                throw new IllegalArgumentException(mutant.id() + " is not a mutant of " + name);
            }
            if (!bugs.add(mutant.bug())) {
                throw new IllegalArgumentException(mutant.id() + " is registered twice");
            }
            for (Class<?> test : mutant.caughtBy()) {
                if (!tests.contains(test)) {
                    throw new IllegalArgumentException(mutant.id() + " must be caught by " + test.getName()
                            + ", which is not a test of " + name);
                }
            }
        }
    }

    /** Starts the registration of a machine named {@code name}. */
    public static Builder named(String name) {
        return new Builder(name);
    }

    /** The mutants a test must catch. */
    public List<Mutant> mutantsCaughtBy(Class<?> test) {
        return mutants.stream().filter(m -> m.caughtBy().contains(test)).toList();
    }

    /** Collects a machine's registration: its tests, then its mutants. */
    public static final class Builder {
        private final String name;
        private final List<Class<?>> tests = new ArrayList<>();
        private final List<Mutant> mutants = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        public Builder tests(Class<?>... tests) {
            this.tests.addAll(List.of(tests));
            return this;
        }

        /** A mutant with {@code bug}, which each of {@code caughtBy} must catch. */
        public Builder mutant(Bug bug, Class<?>... caughtBy) {
            mutants.add(new Mutant(name, bug, List.of(caughtBy)));
            return this;
        }

        public Machine build() {
            return new Machine(name, tests, mutants);
        }
    }
}
