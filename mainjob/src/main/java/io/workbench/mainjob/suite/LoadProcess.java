package io.workbench.mainjob.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One run of the load command as a separate JVM. Its stderr (a progress line a second, then its
 * table) is kept in {@code load.stderr} and each line handed to the progress display; its stdout
 * carries only {@code SUMMARY <path>}. A run that overstays its deadline is stopped (SIGTERM: the
 * generator writes its summary, marked interrupted), so no run of the suite is unbounded.
 */
public final class LoadProcess {

    public static final String STDERR = "load.stderr";
    private static final String SUMMARY = "SUMMARY ";

    /** The process of the run under way, so that Ctrl-C can stop it. */
    private final AtomicReference<Process> current = new AtomicReference<>();

    /**
     * How a run ended.
     *
     * @param exitCode    the load command's exit status (137 if it had to be killed)
     * @param summaryFile where its summary.json is, from its SUMMARY line, or null
     * @param overran     true when it was stopped for running past its deadline
     */
    public record Ended(int exitCode, Path summaryFile, boolean overran) {
    }

    public Ended run(List<String> command, Path dir, Duration deadline, Consumer<String> progress) throws IOException {
        Files.createDirectories(dir);
        Process process = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .start();
        current.set(process);
        AtomicReference<Path> summary = new AtomicReference<>();
        Thread out = Thread.ofPlatform().daemon().name("load-stdout").start(() -> {
            try (BufferedReader in = reader(process.getInputStream())) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith(SUMMARY)) {
                        summary.set(dir.resolve(line.substring(SUMMARY.length()).trim()));
                    }
                }
            } catch (IOException closed) {
                // The process ended.
            }
        });
        Thread err = Thread.ofPlatform().daemon().name("load-stderr").start(() -> {
            try (BufferedReader in = reader(process.getErrorStream());
                 PrintWriter file = new PrintWriter(Files.newBufferedWriter(dir.resolve(STDERR), StandardCharsets.UTF_8), true)) {
                String line;
                while ((line = in.readLine()) != null) {
                    file.println(line);
                    progress.accept(line);
                }
            } catch (IOException closed) {
                // The process ended.
            }
        });
        boolean overran = false;
        try {
            if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                overran = true;
                process.destroy();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(10, TimeUnit.SECONDS);
                }
            }
            out.join(5_000);
            err.join(5_000);
        } catch (InterruptedException interrupted) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            current.set(null);
        }
        int exit = process.isAlive() ? 137 : process.exitValue();
        return new Ended(exit, summary.get(), overran);
    }

    /** Asks the run under way, if any, to stop (SIGTERM): the generator still writes its summary. */
    public void stopCurrent() {
        Process process = current.get();
        if (process != null) {
            process.destroy();
        }
    }

    private static BufferedReader reader(java.io.InputStream stream) {
        return new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
    }
}
