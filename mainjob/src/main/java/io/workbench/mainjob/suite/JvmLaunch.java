package io.workbench.mainjob.suite;

import io.workbench.iocore.launch.ChildJvm;
import io.workbench.mainjob.report.GcLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVMs the suite starts: the same java as the runner's own, with fixed flags recorded in the report:
 * the targets, and the one generator JVM of a run ({@link io.workbench.mainjob.suite.generator.GeneratorService},
 * which runs every load run of the run in process).
 *
 * <p>Targets get the 2016 study's target flags: a 4 GB heap, fixed, the throughput (Parallel)
 * collector ("not enough [heap] to take advantage of G1"), explicit GC disabled and a heap dump on
 * OutOfMemoryError (its {@code -server} and {@code -XX:+AggressiveOpts} no longer exist). The
 * generator gets the flags {@code ./workbench load} gives it: a 1 GB heap touched up front and the
 * throughput collector, which rarely runs since its recording path allocates nothing (the study's
 * generator needed G1 and 12 GB; this one shares the machine with the target). On JDK 24+ both allow
 * {@code sun.misc.Unsafe}, which Netty and JCTools use, so no JVM prints warnings or changes path.
 *
 * <p>The generator also runs on the C1 compiler alone ({@link #C1_ALONE}): its compiler threads
 * share the generator's one core, and with the top tier (C2) on, compilations took that core in
 * measured phases, making the loop late. C1's code costs more CPU per request, which the suite's
 * scenarios leave room for, and the generator's reach was measured with it ({@link GeneratorReach});
 * {@code ./workbench load} keeps both compilers for the headroom its highest rates need. The
 * measurements are in docs/main-job.md ("Why the generator runs on C1 alone").
 *
 * <p>As {@code ./workbench target} and {@code ./workbench load} do, the suite appends
 * {@code WORKBENCH_TARGET_JVM_OPTS} and {@code WORKBENCH_LOAD_JVM_OPTS} (whitespace-separated flags)
 * to each JVM's own, so they can override any of them (the last of a flag given twice wins, e.g.
 * {@code -XX:TieredStopAtLevel=4} gives the generator both compilers back); the report records the
 * flags with them.
 *
 * @param java              the java executable
 * @param featureVersion    its feature version (21, 25, ...)
 * @param targetClasspath   the class path with the target command on it
 * @param generatorClasspath the class path of the main job's own JVMs, the generator and the stats relay (the main
 *                          job with loadgen on it)
 * @param userTargetFlags   flags appended to the target's, from {@code WORKBENCH_TARGET_JVM_OPTS}
 * @param userLoadFlags     flags appended to the generator's, from {@code WORKBENCH_LOAD_JVM_OPTS}
 */
public record JvmLaunch(String java, int featureVersion, String targetClasspath, String generatorClasspath, List<String> userTargetFlags,
                        List<String> userLoadFlags) {

    static final String TARGET_OPTS = "WORKBENCH_TARGET_JVM_OPTS";
    static final String LOAD_OPTS = "WORKBENCH_LOAD_JVM_OPTS";

    static final String TARGET_MAIN = "io.workbench.targets.TargetCommand";
    static final String GENERATOR_MAIN = "io.workbench.mainjob.suite.generator.GeneratorService";
    /** The generator's JIT: C1 alone, no compilations of C2 on its core in a measured phase (see above). */
    static final String C1_ALONE = "-XX:TieredStopAtLevel=1";

    public JvmLaunch {
        userTargetFlags = List.copyOf(userTargetFlags);
        userLoadFlags = List.copyOf(userLoadFlags);
    }

    /** A launch with no flags of the user's. */
    public JvmLaunch(String java, int featureVersion, String targetClasspath, String generatorClasspath) {
        this(java, featureVersion, targetClasspath, generatorClasspath, List.of(), List.of());
    }

    /** The java running this code, with the given class paths and the user's flags from the environment. */
    public static JvmLaunch current(String targetClasspath, String generatorClasspath) {
        return new JvmLaunch(ChildJvm.java(), Runtime.version().feature(), targetClasspath, generatorClasspath,
                flags(System.getenv(TARGET_OPTS)), flags(System.getenv(LOAD_OPTS)));
    }

    /** As {@link #current(String, String)}, the generator on this JVM's own class path (the main job's). */
    public static JvmLaunch current(String targetClasspath) {
        return current(targetClasspath, System.getProperty("java.class.path"));
    }

    /** @return the whitespace-separated flags of {@code value}, none if it is null or blank */
    static List<String> flags(String value) {
        return value == null || value.isBlank() ? List.of() : List.of(value.strip().split("\\s+"));
    }

    public List<String> targetFlags() {
        List<String> flags = new ArrayList<>(List.of("-Xms4g", "-Xmx4g", "-XX:+UseParallelGC", "-XX:+DisableExplicitGC",
                "-XX:+HeapDumpOnOutOfMemoryError"));
        unsafe(flags);
        flags.addAll(userTargetFlags);
        return flags;
    }

    public List<String> loadFlags() {
        List<String> flags = new ArrayList<>(List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-XX:+UseParallelGC", C1_ALONE));
        unsafe(flags);
        flags.addAll(userLoadFlags);
        return flags;
    }

    private void unsafe(List<String> flags) {
        flags.addAll(ChildJvm.accessFlags(featureVersion));
    }

    /** The target's command line (without pinning): flags, GC log and heap dumps into {@code dir}. */
    public List<String> targetCommand(TargetId target, Path dir) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.add("-XX:HeapDumpPath=" + dir);
        command.add(GcLog.jvmOption(dir.resolve(GcLog.FILE_NAME)));
        // Last, so that the user's flags override any before them.
        command.addAll(targetFlags());
        command.add("-cp");
        command.add(targetClasspath);
        command.add(TARGET_MAIN);
        command.addAll(List.of("--server", target.server(), "--strategy", target.strategy(), "--port", "0"));
        return command;
    }

    /** The generator's command line (without pinning): the load command's flags, the service that runs load runs in process. */
    public List<String> generatorCommand() {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(loadFlags());
        command.add("-cp");
        command.add(generatorClasspath);
        command.add(GENERATOR_MAIN);
        return command;
    }
}
