package io.workbench.stress.harness;

import java.util.List;

/**
 * A machine's copy with one bug, and the jcstress tests that must catch it: each of them must
 * observe at least one FORBIDDEN outcome when run against it.
 *
 * @param machine  the machine's name
 * @param bug      the one bug
 * @param caughtBy the tests that must catch it (a subset of the machine's tests, never empty)
 */
public record Mutant(String machine, Bug bug, List<Class<?>> caughtBy) {

    public Mutant {
        caughtBy = List.copyOf(caughtBy);
        if (caughtBy.isEmpty()) {
            throw new IllegalArgumentException(machine + "/" + bug.name() + ": a mutant no test must catch proves nothing");
        }
    }

    /** The id on the command line and in {@value Variant#PROPERTY}: {@code <machine>/<BUG>}. */
    public String id() {
        return Variant.value(machine, bug);
    }
}
