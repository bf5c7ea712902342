package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.results.Environment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the target and the generator off each other's CPU, as the 2016 study did with two
 * machines: the target on CPU 0, the generator on CPU 1, with {@code taskset}, when it is installed
 * and there are at least two CPUs. Otherwise both run unpinned and the report says why.
 *
 * @param record what results.json records
 */
public record Pinning(Environment.Pinning record) {

    static final String TARGET_CPUS = "0";
    static final String LOAD_CPUS = "1";

    public static Pinning detect() {
        int cpus = Runtime.getRuntime().availableProcessors();
        Path taskset = findOnPath("taskset");
        if (taskset == null) {
            return new Pinning(new Environment.Pinning(false, null, null,
                    "taskset is not installed (Debian package util-linux); target and generator share the CPUs"));
        }
        if (cpus < 2) {
            return new Pinning(new Environment.Pinning(false, null, null,
                    "only " + cpus + " CPU available; target and generator share it"));
        }
        return new Pinning(new Environment.Pinning(true, TARGET_CPUS, LOAD_CPUS,
                cpus + " CPUs; the target alone on CPU " + TARGET_CPUS + ", the generator alone on CPU " + LOAD_CPUS
                        + (cpus > 2 ? " (the others left to the system)" : "")));
    }

    /** The command prefix that pins the target, or nothing. */
    public List<String> target() {
        return prefix(record.targetCpus());
    }

    /**
     * Moves the runner's own threads (all of them, and those they start later) onto the generator's
     * CPU, off the target's: the runner reads the targets' counters while they are measured, and on
     * the target's core that work would be taken from the target. On the generator's core it runs
     * at a lower priority than the generator ({@link io.workbench.mainjob.suite.proc.SamplingThread}).
     * The processes it starts are pinned by their own command lines.
     *
     * @return false when not pinned, or {@code taskset} refused
     */
    public boolean pinRunner() {
        if (!record.pinned()) {
            return false;
        }
        try {
            Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", record.loadCpus(), String.valueOf(ProcessHandle.current().pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return taskset.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && taskset.exitValue() == 0;
        } catch (java.io.IOException failed) {
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The command prefix that pins the generator, or nothing. */
    public List<String> load() {
        return prefix(record.loadCpus());
    }

    private List<String> prefix(String cpus) {
        if (!record.pinned()) {
            return List.of();
        }
        List<String> prefix = new ArrayList<>();
        prefix.add("taskset");
        prefix.add("-c");
        prefix.add(cpus);
        return prefix;
    }

    static Path findOnPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
