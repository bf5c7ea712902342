package io.workbench.stress.harness;

import io.workbench.stress.build.MutantGenerator;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;

/**
 * Which variant of a state machine the jcstress tests in this VM drive: the real implementation,
 * its copy without an edit (the control), or the copy with one bug's edits (a mutant). The copies
 * are generated at build time from the real class ({@link MutantGenerator}); a test reaches the
 * selected one through {@link #copyDriver}.
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

    private final Class<B> bugs;
    private final boolean real;
    private final B bug;

    private Variant(Class<B> bugs, boolean real, B bug) {
        this.bugs = bugs;
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
            return new Variant<>(bugs, true, null);
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
            return new Variant<>(bugs, true, null);
        }
        int separator = mine.indexOf(SEPARATOR);
        if (separator < 0) {
            return new Variant<>(bugs, false, null);
        }
        String bugName = mine.substring(separator + 1);
        for (B candidate : bugs.getEnumConstants()) {
            if (candidate.name().equals(bugName)) {
                return new Variant<>(bugs, false, candidate);
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

    /**
     * The constructor of {@code driver}'s twin beside the selected copy, or null for the real
     * implementation. The build generates each copy of a machine (the control and each mutant) into
     * a package of its own under the package of the machine's bug enum, and beside it a copy of each
     * class that drives the real machine, rewritten to drive the copy instead
     * ({@link MutantGenerator}); this finds that twin. Look it up once per VM and keep it in a
     * static final field, where the JIT treats it as a constant.
     *
     * @param driver     the class that drives the real machine
     * @param parameters the types of the constructor's parameters
     * @throws IllegalStateException if the build generated no such twin
     */
    public MethodHandle copyDriver(Class<?> driver, Class<?>... parameters) {
        if (real) {
            return null;
        }
        String name = MutantGenerator.copyPackage(bugs.getPackageName(), bug == null ? null : bug.name())
                + "." + driver.getSimpleName();
        try {
            Class<?> twin = Class.forName(name, true, driver.getClassLoader());
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(twin, MethodHandles.lookup());
            return lookup.findConstructor(twin, MethodType.methodType(void.class, parameters))
                    .asType(MethodType.methodType(Object.class, parameters));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no generated twin " + name + " of " + driver.getName() + " for the " + this, e);
        }
    }

    /** What {@link MethodHandle#invoke} of a {@link #copyDriver} threw, unchecked. */
    public static RuntimeException copyFailed(Throwable thrown) {
        if (thrown instanceof RuntimeException r) {
            return r;
        }
        if (thrown instanceof Error e) {
            throw e;
        }
        return new IllegalStateException("the copy's driver failed", thrown);
    }

    @Override
    public String toString() {
        return real ? "real" : bug == null ? "control copy" : "mutant " + bug.name();
    }
}
