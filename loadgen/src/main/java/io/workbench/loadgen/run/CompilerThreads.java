package io.workbench.loadgen.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Gives the generator's own JIT compiler threads the lowest priority ({@code nice} 19), so that on
 * the one core the generator is pinned to they run when its loop does not want the core, not
 * instead of it. At normal priority a compile that holds the core when an intended time comes keeps
 * the loop waiting for the scheduler, up to several milliseconds, and the run counts that as the
 * generator's lateness: at 10,000 req/s over 1,164 connections (the high-concurrency scenario)
 * four runs were late by 0.82-1.47 ms at p99 with the compilers at nice 0, and by 0.26-0.48 ms
 * with them at 19. The run lowers them once priming has compiled the hot paths and the compiler
 * has been quiet ({@link CompilerQuiet}): what is compiled later runs in the loop's idle time.
 *
 * <p>Linux shows each thread under {@code /proc/self/task/<tid>}, its name in {@code comm}
 * (HotSpot's "C1 CompilerThread0", "C2 CompilerThread0", cut to 15 characters). The JDK cannot
 * set a thread's priority, so util-linux's {@code renice}, which changes one thread when given its
 * id, does; a user may raise the nice value of their own threads. Elsewhere, without renice, or
 * refused, nothing changes and the outcome says why. The load command's JVM creates all its compiler
 * threads at start ({@code -XX:-UseDynamicNumberOfCompilerThreads}), so one pass finds them all.
 */
public final class CompilerThreads {

    /** The nice value the compiler threads get: the lowest priority a normal thread can have. */
    public static final int NICE = 19;

    private static final Path OWN_TASKS = Path.of("/proc/self/task");
    private static final String RENICE = "renice";
    private static final long RENICE_TIMEOUT_SECONDS = 10;

    /**
     * What lowering did.
     *
     * @param threads the compiler threads found
     * @param nice    the nice value they now have, or null if it was not set
     * @param note    why it was not set (null when it was)
     */
    public record Outcome(int threads, Integer nice, String note) {

        static Outcome notLowered(int threads, String why) {
            return new Outcome(threads, null, why);
        }

        public String describe() {
            return nice != null ? threads + " JIT compiler thread(s) at nice " + nice
                    : "JIT compiler threads at their normal priority: " + note;
        }
    }

    private CompilerThreads() {
    }

    /** Lowers this JVM's compiler threads to {@link #NICE}. */
    public static Outcome lowerPriority() {
        return lowerPriority(OWN_TASKS, RENICE);
    }

    /**
     * @param tasks   the directory of the process's threads ({@code /proc/self/task})
     * @param renice  the renice command
     */
    static Outcome lowerPriority(Path tasks, String renice) {
        List<String> ids;
        try {
            ids = compilerThreadIds(tasks);
        } catch (IOException | SecurityException x) {
            return Outcome.notLowered(0, "the threads could not be listed (" + tasks + ": " + x.getMessage() + ")");
        }
        if (ids.isEmpty()) {
            return Outcome.notLowered(0, "no JIT compiler thread found in " + tasks);
        }
        List<String> command = new ArrayList<>(List.of(renice, "-n", Integer.toString(NICE), "-p"));
        command.addAll(ids);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(RENICE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Outcome.notLowered(ids.size(), renice + " did not finish in " + RENICE_TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                return Outcome.notLowered(ids.size(), renice + " exited with " + process.exitValue() + ": "
                        + new String(output, StandardCharsets.UTF_8).strip());
            }
        } catch (IOException x) {
            return Outcome.notLowered(ids.size(), renice + " could not run (" + x.getMessage() + "; it is in util-linux)");
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            return Outcome.notLowered(ids.size(), "interrupted");
        }
        return new Outcome(ids.size(), NICE, null);
    }

    /** @return the ids of the threads under {@code tasks} whose name says they are a JIT compiler's */
    static List<String> compilerThreadIds(Path tasks) throws IOException {
        List<String> ids = new ArrayList<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                String name;
                try {
                    name = Files.readString(thread.resolve("comm"), StandardCharsets.UTF_8).strip();
                } catch (IOException x) {
                    continue; // the thread ended meanwhile
                }
                if (isCompilerThread(name)) {
                    ids.add(thread.getFileName().toString());
                }
            }
        }
        ids.sort(null);
        return ids;
    }

    /** HotSpot names them "C1 CompilerThread<n>", "C2 CompilerThread<n>" or "JVMCI CompilerThread<n>", which comm cuts to 15 characters. */
    static boolean isCompilerThread(String comm) {
        return comm.contains(" CompilerT");
    }
}
