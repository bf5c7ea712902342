package io.workbench.iocore.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How workbench code starts another JVM: the same {@code java} as its own, with the flags that
 * every JVM of the workbench gets alike, written here once for the Java side (the {@code workbench}
 * script's {@code JDK_ACCESS_FLAGS} is the same decision for the JVMs it starts, and the parent
 * pom's {@code jdk24-unsafe-allowed} profile for the test JVMs Maven starts).
 *
 * <p>Today that is one flag: JDK 24 and later print a warning on the first use of
 * {@code sun.misc.Unsafe} unless it is allowed, and JCTools (iocore's queues) and Netty use it;
 * a warning on stderr would also be mistaken for a failure by a test that reads stderr, and Netty
 * would quietly change its code path without it.
 */
public final class ChildJvm {

    private ChildJvm() {
    }

    /** The flags on the JDK this code runs on (none before JDK 24). */
    public static List<String> accessFlags() {
        return accessFlags(Runtime.version().feature());
    }

    /** The flags on a JDK of {@code featureVersion}. */
    public static List<String> accessFlags(int featureVersion) {
        return featureVersion >= 24 ? List.of("--sun-misc-unsafe-memory-access=allow") : List.of();
    }

    /** The {@code java} executable of the JVM running this code. */
    public static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** {@code java}, its access flags, then {@code flags}: the start of a command line. */
    public static List<String> command(String... flags) {
        List<String> command = new ArrayList<>();
        command.add(java());
        command.addAll(accessFlags());
        command.addAll(List.of(flags));
        return command;
    }
}
