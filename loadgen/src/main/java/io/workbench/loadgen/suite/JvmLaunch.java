package io.workbench.loadgen.suite;

import io.workbench.iocore.launch.ChildJvm;
import io.workbench.loadgen.report.GcLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVMs the suite starts: the same java as the runner's own, with fixed flags recorded in the report.
 *
 * <p>Targets get the 2016 study's target flags: a 4 GB heap, fixed, the throughput (Parallel)
 * collector ("not enough [heap] to take advantage of G1"), explicit GC disabled and a heap dump on
 * OutOfMemoryError (its {@code -server} and {@code -XX:+AggressiveOpts} no longer exist). The
 * generator gets the flags {@code ./workbench load} gives it: a 1 GB heap touched up front and the
 * throughput collector, which rarely runs since its recording path allocates nothing (the study's
 * generator needed G1 and 12 GB; this one shares the machine with the target). On JDK 24+ both allow
 * {@code sun.misc.Unsafe}, which Netty and JCTools use, so no JVM prints warnings or changes path.
 *
 * @param java              the java executable
 * @param featureVersion    its feature version (21, 25, ...)
 * @param targetClasspath   the class path with the target command on it
 * @param loadClasspath     the class path with the load command on it
 */
public record JvmLaunch(String java, int featureVersion, String targetClasspath, String loadClasspath) {

    static final String TARGET_MAIN = "io.workbench.targets.TargetCommand";
    static final String LOAD_MAIN = "io.workbench.loadgen.LoadCommand";

    /** The java running this code, with the given class paths. */
    public static JvmLaunch current(String targetClasspath, String loadClasspath) {
        return new JvmLaunch(ChildJvm.java(), Runtime.version().feature(), targetClasspath, loadClasspath);
    }

    public List<String> targetFlags() {
        List<String> flags = new ArrayList<>(List.of("-Xms4g", "-Xmx4g", "-XX:+UseParallelGC", "-XX:+DisableExplicitGC",
                "-XX:+HeapDumpOnOutOfMemoryError"));
        unsafe(flags);
        return flags;
    }

    public List<String> loadFlags() {
        List<String> flags = new ArrayList<>(List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-XX:+UseParallelGC"));
        unsafe(flags);
        return flags;
    }

    private void unsafe(List<String> flags) {
        flags.addAll(ChildJvm.accessFlags(featureVersion));
    }

    /** The target's command line (without pinning): flags, GC log and heap dumps into {@code dir}. */
    public List<String> targetCommand(TargetId target, Path dir) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(targetFlags());
        command.add("-XX:HeapDumpPath=" + dir);
        command.add(GcLog.jvmOption(dir.resolve(GcLog.FILE_NAME)));
        command.add("-cp");
        command.add(targetClasspath);
        command.add(TARGET_MAIN);
        command.addAll(List.of("--server", target.server(), "--strategy", target.strategy(), "--port", "0"));
        return command;
    }

    /** The load command's command line (without pinning), followed by its arguments. */
    public List<String> loadCommand(List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(loadFlags());
        command.add("-cp");
        command.add(loadClasspath);
        command.add(LOAD_MAIN);
        command.addAll(arguments);
        return command;
    }
}
