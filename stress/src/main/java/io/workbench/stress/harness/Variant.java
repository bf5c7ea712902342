package io.workbench.stress.harness;

import java.util.Objects;

/**
 * Which variant of a state machine the jcstress tests in this VM drive: the real implementation,
 * its mutant copy without a bug (the control), or the copy with one bug.
 *
 * <p>The harness chooses by passing the system property {@value #PROPERTY} to jcstress's forked
 * VMs: {@value #NONE} (or absent), the real one; {@code <machine>}, the control;
 * {@code <machine>/<BUG>}, the mutant. A value that names another machine leaves this machine
 * real, so one property serves every machine; a comma-separated list of such values selects a copy
 * of several machines at once (at most one entry per machine), for runs that several copies
 * share. A value that names this machine but no bug of it, or names it twice, fails loudly.
 *
 * @param <B> the machine's bug enum
 */
public final class Variant<B extends Enum<B> & Bug> {

    /** The system property the harness passes to the forked VMs. */
    public static final String PROPERTY = "workbench.stress.mutant";

    /** The value that selects the real implementation of every machine. */
    public static final String NONE = "none";

    /** Separates the entries of a value that selects copies of several machines. */
    public static final char LIST_SEPARATOR = ',';

    private static final char SEPARATOR = '/';

    private final boolean real;
    private final B bug;

    private Variant(boolean real, B bug) {
        this.real = real;
        this.bug = bug;
    }

    /** The variant of {@code machine} that {@value #PROPERTY} selects in this VM. */
    public static <B extends Enum<B> & Bug> Variant<B> selected(String machine, Class<B> bugs) {
        return parse(System.getProperty(PROPERTY), machine, bugs);
    }

    static <B extends Enum<B> & Bug> Variant<B> parse(String value, String machine, Class<B> bugs) {
        Objects.requireNonNull(machine, "machine");
        if (value == null || value.isEmpty() || value.equals(NONE)) {
            return new Variant<>(true, null);
        }
        String mine = null;
        for (String entry : value.split(String.valueOf(LIST_SEPARATOR))) {
            int separator = entry.indexOf(SEPARATOR);
            String named = separator < 0 ? entry : entry.substring(0, separator);
            if (named.equals(machine)) {
                if (mine != null) {
                    throw new IllegalArgumentException(PROPERTY + "=" + value + " names " + machine + " twice");
                }
                mine = entry;
            }
        }
        if (mine == null) {
            return new Variant<>(true, null);
        }
        int separator = mine.indexOf(SEPARATOR);
        if (separator < 0) {
            return new Variant<>(false, null);
        }
        String bugName = mine.substring(separator + 1);
        for (B candidate : bugs.getEnumConstants()) {
            if (candidate.name().equals(bugName)) {
                return new Variant<>(false, candidate);
            }
        }
        throw new IllegalArgumentException(PROPERTY + "=" + value + ": " + machine + " has no bug " + bugName);
    }

    /** The property value that selects the control copy of {@code machine} ({@code bug} null) or one of its mutants. */
    public static String value(String machine, Bug bug) {
        return bug == null ? machine : machine + SEPARATOR + bug.name();
    }

    /** @return true for the real implementation, as production code uses it */
    public boolean isReal() {
        return real;
    }

    /** @return the bug of the mutant copy; null for the real implementation and for the control copy */
    public B bug() {
        return bug;
    }

    @Override
    public String toString() {
        return real ? "real" : bug == null ? "control copy" : "mutant " + bug.name();
    }
}
