package io.workbench.stress.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * How hard a jcstress run tries: the jcstress arguments, and whether the flags the forked VMs
 * need replace jcstress's JVM configurations ({@code -jvmArgs}: one configuration) or are added
 * to each of them ({@code -jvmArgsPrepend}).
 *
 * @param label               how reports name it
 * @param args                jcstress arguments, without the test filter and the result directory
 * @param singleConfiguration true to run one JVM configuration (the JDK's defaults) instead of all jcstress detects
 */
public record Effort(String label, List<String> args, boolean singleConfiguration) {

    /** jcstress options the harness sets itself: the test filter, the report directory, the parse-only mode. */
    private static final Set<String> RESERVED = Set.of("-t", "-r", "-p");

    public Effort {
        args = List.copyOf(args);
    }

    /**
     * What CI runs: jcstress's quick mode (5 iterations of 200 ms per test) in one JVM
     * configuration with unified compilation, and without pre-touching the heap. One fork per
     * test: enough for every registered test to catch its mutant and for the whole real suite to
     * run, in a few minutes on two cores. The longer modes run every configuration jcstress
     * detects (see {@link #of}).
     */
    public static Effort ci() {
        return new Effort("ci: quick mode, one JVM configuration", List.of("-m", "quick", "-sc", "false", "-pth", "false"), true);
    }

    /**
     * The efforts a mutant not caught at {@link #ci()} is tried at again, in order, before the check
     * fails: a catch that depends on a rare interleaving (a missing barrier that only some hardware
     * shows) may see no sample in one short run on one CPU and thousands in a longer one. First
     * jcstress's default mode (longer iterations, more forks) in the same configuration, then the
     * quick mode across every JVM configuration jcstress detects (other compilers and heap layouts
     * open other windows). Only mutants are retried: a FORBIDDEN outcome of the real code is a bug
     * at the first sighting.
     */
    public static List<Effort> ciRetries() {
        return List.of(
                new Effort("retry: default mode, one JVM configuration", List.of("-m", "default", "-sc", "false", "-pth", "false"), true),
                new Effort("retry: quick mode, every JVM configuration", List.of("-m", "quick", "-sc", "false", "-pth", "false"), false));
    }

    /** The user's jcstress arguments over every JVM configuration jcstress detects; {@code -m quick} unless a mode is given. */
    public static Effort of(List<String> jcstressArgs) {
        List<String> args = new ArrayList<>();
        for (String arg : jcstressArgs) {
            if (RESERVED.contains(arg)) {
                throw new IllegalArgumentException("jcstress option " + arg + " is the harness's own"
                        + (arg.equals("-r") ? "; choose where results go with --results DIR" : ""));
            }
        }
        if (!jcstressArgs.contains("-m")) {
            args.addAll(List.of("-m", "quick"));
        }
        args.addAll(jcstressArgs);
        return new Effort(String.join(" ", args) + ", every JVM configuration", args, false);
    }

    /** The jcstress arguments that pass {@code forkFlags} to every forked VM, one flag per option. */
    List<String> arguments(List<String> forkFlags) {
        List<String> all = new ArrayList<>(args);
        for (String flag : forkFlags) {
            all.add(singleConfiguration ? "-jvmArgs" : "-jvmArgsPrepend");
            all.add(flag);
        }
        return all;
    }
}
