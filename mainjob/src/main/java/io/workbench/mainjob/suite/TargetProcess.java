package io.workbench.mainjob.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One target JVM: started with its command, waited for until it prints {@code READY <url>},
 * stopped with SIGTERM (SIGKILL if it ignores it). Its stdout goes to {@code target.stdout} once
 * the READY line has been read, its stderr to {@code target.stderr}.
 *
 * <p>Life cycle: {@code start} returns a {@link Started} (READY seen) or a {@link NotStarted} with
 * the reason: exit status 2 is the target command refusing the cell, any other exit or no READY in
 * time is a failure to start.
 */
public final class TargetProcess {

    public static final String STDERR = "target.stderr";
    public static final String STDOUT = "target.stdout";
    /** How long a stopping target gets before it is killed: longer than its own 2 s grace. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** The target command's exit status for a cell it does not offer. */
    static final int EXIT_REFUSED = 2;

    private final Process process;
    private final String url;

    private TargetProcess(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /** The outcome of a start: running with its URL, or not, with the exit status and the reason. */
    public sealed interface Outcome permits Started, NotStarted {
    }

    public record Started(TargetProcess target) implements Outcome {
    }

    /**
     * @param refused  true when the target command refused the cell (exit 2)
     * @param exitCode its exit status, or null if it was still running and had to be killed
     * @param reason   one line: the end of its stderr, or what the wait saw
     */
    public record NotStarted(boolean refused, Integer exitCode, String reason) implements Outcome {
    }

    public static Outcome start(List<String> command, Path dir, Duration readyTimeout) throws IOException {
        Files.createDirectories(dir);
        Path stderr = dir.resolve(STDERR);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(stderr.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Process process = builder.start();
        CompletableFuture<String> ready = new CompletableFuture<>();
        Thread reader = Thread.ofPlatform().daemon().name("target-stdout").start(() -> copyStdout(process, dir.resolve(STDOUT), ready));
        String url;
        try {
            url = ready.get(readyTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException slow) {
            Integer exit = kill(process);
            return new NotStarted(false, exit, "no READY line within " + readyTimeout.toSeconds() + " s" + lastWords(stderr));
        } catch (ExecutionException | InterruptedException ended) {
            Integer exit = waitFor(process, Duration.ofSeconds(10));
            if (exit == null) {
                exit = kill(process);
            }
            reader.interrupt();
            boolean refused = exit != null && exit == EXIT_REFUSED;
            return new NotStarted(refused, exit, (refused ? "refused by the target command" : "exited with status " + exit + " before READY") + lastWords(stderr));
        }
        return new Started(new TargetProcess(process, url));
    }

    public String url() {
        return url;
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Exit status if it has already ended (a crash under load), else empty. */
    public Optional<Integer> exitedWith() {
        return process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
    }

    /** SIGTERM, then SIGKILL after {@link #STOP_TIMEOUT}. Returns its exit status (137 for killed). */
    public int stop() {
        if (!process.isAlive()) {
            return process.exitValue();
        }
        process.destroy();
        Integer exit = waitFor(process, STOP_TIMEOUT);
        return exit != null ? exit : kill(process);
    }

    /** The last lines of the target's stderr, for a failure's reason. */
    public static String lastWords(Path stderr) {
        try {
            List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
            List<String> last = new ArrayList<>(lines.subList(Math.max(0, lines.size() - 3), lines.size()));
            last.removeIf(String::isBlank);
            return last.isEmpty() ? "" : ": " + String.join(" / ", last).strip();
        } catch (IOException | RuntimeException unreadable) {
            return "";
        }
    }

    private static void copyStdout(Process process, Path file, CompletableFuture<String> ready) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                if (!ready.isDone() && line.startsWith("READY ")) {
                    ready.complete(line.substring("READY ".length()).trim());
                }
            }
        } catch (IOException closed) {
            // The process ended; what was read is in the file.
        }
        ready.completeExceptionally(new IOException("stdout closed before READY"));
    }

    private static Integer waitFor(Process process, Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static Integer kill(Process process) {
        process.destroyForcibly();
        Integer exit = waitFor(process, Duration.ofSeconds(10));
        return exit;
    }

    @Override
    public String toString() {
        return "TargetProcess[pid=" + process.pid() + ", " + url + (process.isAlive() ? ", running" : ", exited") + "]";
    }
}
