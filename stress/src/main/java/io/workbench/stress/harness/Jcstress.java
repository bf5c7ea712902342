package io.workbench.stress.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs the jcstress uber-jar in a child JVM of this JDK, in a directory of its own, and reads back
 * what it observed.
 *
 * <p>A child JVM, not jcstress's API in this one: jcstress forks its test VMs with the class path
 * of the JVM that runs it, so the child (class path: the jar) makes them see exactly the jar's
 * classes, whatever this JVM's class path is (Surefire's manifest-only booter jar, an IDE's...).
 * It also keeps jcstress's static state out of this JVM, which runs it many times.
 */
public final class Jcstress implements JcstressRun {

    private static final String MAIN = "org.openjdk.jcstress.Main";
    private static final int LOG_TAIL_LINES = 40;

    private final Path jar;
    private final Path java;

    /** @param jar the jcstress uber-jar with the tests ({@code stress/target/jcstress.jar}) */
    public Jcstress(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(jar + " does not exist; build it with ./workbench stress or "
                    + "./mvnw -pl stress -am package -DskipTests");
        }
        this.jar = jar.toAbsolutePath();
        this.java = Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * The flags of the JVM that runs jcstress, which jcstress passes on to every fork: JNA, which
     * jcstress uses to pin threads to CPUs, loads native code, and JDK 22+ warns on every fork
     * unless told.
     */
    public static List<String> jvmFlags() {
        return List.of("--enable-native-access=ALL-UNNAMED");
    }

    /**
     * Runs jcstress with {@code args} (a report directory is added) in {@code dir}, which is
     * emptied first. The console goes to {@code dir/jcstress.log}, and to {@code echo} if not null.
     *
     * @return the outcomes of every test that ran, by test class name
     * @throws IOException if jcstress did not produce a result file; the message has the log's tail
     */
    @Override
    public Map<String, TestOutcomes> run(Path dir, List<String> args, PrintStream echo, Duration timeout)
            throws IOException, InterruptedException {
        Path workDir = dir.toAbsolutePath();
        clear(workDir);
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmFlags());
        command.addAll(List.of("-cp", jar.toString(), MAIN));
        command.addAll(args);
        command.addAll(List.of("-r", workDir.toString()));

        Path log = workDir.resolve("jcstress.log");
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
        Deque<String> tail = new ArrayDeque<>();
        Thread pump = Thread.ofPlatform().daemon().name("jcstress-log").start(() -> copyOutput(process, log, echo, tail));
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException("jcstress did not finish within " + timeout + "; log: " + log);
            }
        } finally {
            if (process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            pump.join(TimeUnit.SECONDS.toMillis(10));
        }
        Path results = resultFile(workDir);
        if (results == null) {
            List<String> lastLines;
            synchronized (tail) {
                lastLines = List.copyOf(tail);
            }
            throw new IOException("jcstress exited with " + process.exitValue() + " and wrote no result file; "
                    + "the end of " + log + ":\n  " + String.join("\n  ", lastLines));
        }
        return ResultFile.read(results);
    }

    private static void copyOutput(Process process, Path log, PrintStream echo, Deque<String> tail) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer out = Files.newBufferedWriter(log)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.write(line);
                out.write('\n');
                if (echo != null) {
                    echo.println(line);
                }
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > LOG_TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("copying jcstress's output to " + log, e);
        }
    }

    private static Path resultFile(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().matches("jcstress-results-.*\\.bin\\.gz"))
                    .findFirst().orElse(null);
        }
    }

    /** Empties (or creates) a run's directory: a stale report or result file must not be read as this run's. */
    private static void clear(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                    if (!path.equals(dir)) {
                        Files.delete(path);
                    }
                }
            }
        }
        Files.createDirectories(dir);
    }
}
