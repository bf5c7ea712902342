package io.workbench.mainjob.suite.generator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The runner's handle on the {@link GeneratorService} JVM: started on the first run, given one run
 * at a time, and started again after it had to be stopped (a run past its deadline, which only
 * stopping the JVM can end). Its stderr (the JVM's own words) is appended to one file for the whole
 * run; each run's is in its {@code load.stderr}.
 *
 * <p>Life cycle: NOT STARTED --run()--> RUNNING (one run at a time) --close()--> CLOSED; a JVM that
 * ends (stopped past a deadline, interrupted, crashed) goes back to NOT STARTED, and the next run
 * starts a new one, which primes again.
 */
public final class GeneratorProcess implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a stopped JVM (or one whose stdin closed, after its run) gets before it is killed. */
    static final Duration STOP_GRACE = Duration.ofSeconds(30);

    /**
     * How a run ended.
     *
     * @param exitCode    the load command's exit status (130 interrupted, 137 killed)
     * @param summaryFile where its summary.json is, or null when it wrote none
     * @param overran     true when it was stopped for running past its deadline
     */
    public record Ended(int exitCode, Path summaryFile, boolean overran) {
    }

    private final List<String> command;
    private final Path stderr;
    private Process process;
    private PrintStream requests;
    private volatile Pending pending;
    private boolean primed;
    private int starts;
    private boolean closed;

    /**
     * @param command the service's full command line (network prefix, pinning, JVM, main class)
     * @param stderr  where the JVM's own stderr is appended
     */
    public GeneratorProcess(List<String> command, Path stderr) {
        this.command = List.copyOf(command);
        this.stderr = stderr;
    }

    /** A run under way: where its lines go, and its end. */
    private record Pending(Consumer<String> progress, CompletableFuture<String> done) {
    }

    /**
     * Runs the load command with {@code arguments} in the service, passing its stderr lines to
     * {@code progress}; a run past {@code deadline} is stopped (its JVM is: the run leaves no summary,
     * and the next run starts a new JVM).
     */
    public Ended run(List<String> arguments, Path dir, Duration deadline, Consumer<String> progress) throws IOException {
        Pending run;
        synchronized (this) {
            if (closed) {
                throw new IOException("the generator is closed");
            }
            ensureStarted();
            run = new Pending(progress, new CompletableFuture<>());
            pending = run;
            try {
                requests.println(JSON.writeValueAsString(new RunRequest(dir.toString(), arguments)));
            } catch (JsonProcessingException impossible) {
                throw new IOException(impossible);
            }
        }
        boolean overran = false;
        String done;
        try {
            done = run.done().get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException late) {
            overran = true;
            done = stopAndAwait(run);
        } catch (ExecutionException impossible) {
            done = null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            done = stopAndAwait(run);
        } finally {
            pending = null;
        }
        return ended(done, dir, overran);
    }

    /** True the first time it is asked after each start of the JVM: that run primes the generator's open path. */
    public synchronized boolean takePriming() {
        ensureStartedQuietly();
        if (primed) {
            return false;
        }
        primed = true;
        return true;
    }

    /** How many times the JVM was started. */
    public synchronized int starts() {
        return starts;
    }

    /** Stops the run under way, if any, with its JVM (SIGTERM; the run leaves no summary). */
    public void stopCurrent() {
        Process running;
        synchronized (this) {
            running = process;
        }
        if (running != null && pending != null) {
            running.destroy();
        }
    }

    /** Closes its stdin, so that it ends after the run under way; kills it if it does not within a minute. */
    @Override
    public void close() {
        Process running;
        synchronized (this) {
            closed = true;
            running = process;
            if (requests != null) {
                requests.close();
            }
        }
        if (running != null) {
            try {
                if (!running.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
                    running.destroyForcibly();
                    running.waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException interrupted) {
                running.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private void ensureStartedQuietly() {
        try {
            ensureStarted();
        } catch (IOException failed) {
            // The run that follows starts it again and reports the failure.
        }
    }

    private void ensureStarted() throws IOException {
        if (process != null && process.isAlive()) {
            return;
        }
        Files.createDirectories(stderr.toAbsolutePath().getParent());
        Process started = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()))
                .start();
        process = started;
        requests = new PrintStream(started.getOutputStream(), true, StandardCharsets.UTF_8);
        primed = false;
        starts++;
        Thread.ofPlatform().daemon().name("generator-stdout").start(() -> read(started));
    }

    /** Reads the protocol until the JVM ends; its end ends the run under way, if any. */
    private void read(Process from) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(from.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                Pending run = pending;
                if (run == null) {
                    continue;
                }
                if (line.startsWith(GeneratorService.LOG)) {
                    run.progress().accept(line.substring(GeneratorService.LOG.length()));
                } else if (line.startsWith(GeneratorService.DONE)) {
                    run.done().complete(line.substring(GeneratorService.DONE.length()));
                }
            }
        } catch (IOException closed) {
            // The JVM ended.
        }
        Pending run = pending;
        if (run != null) {
            try {
                from.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            run.done().complete((from.isAlive() ? 137 : from.exitValue()) + " " + GeneratorService.NO_SUMMARY);
        }
    }

    /** Stops the JVM under a run that must end now and waits for the protocol's end. */
    private String stopAndAwait(Pending run) {
        Process running;
        synchronized (this) {
            running = process;
        }
        running.destroy();
        try {
            return run.done().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException stuck) {
            running.destroyForcibly();
            return "137 " + GeneratorService.NO_SUMMARY;
        } catch (InterruptedException interrupted) {
            running.destroyForcibly();
            Thread.currentThread().interrupt();
            return "137 " + GeneratorService.NO_SUMMARY;
        }
    }

    /** The DONE line's status and summary; a run that ended with its JVM may still have written its summary. */
    private static Ended ended(String done, Path dir, boolean overran) {
        int exit = 137;
        Path summary = null;
        if (done != null) {
            String[] parts = done.trim().split(" ", 2);
            try {
                exit = Integer.parseInt(parts[0]);
            } catch (NumberFormatException garbled) {
                exit = 137;
            }
            if (parts.length > 1 && !parts[1].equals(GeneratorService.NO_SUMMARY)) {
                summary = Path.of(parts[1]);
            }
        }
        if (summary == null && Files.isRegularFile(dir.resolve("summary.json"))) {
            summary = dir.resolve("summary.json");
        }
        return new Ended(exit, summary, overran);
    }

    @Override
    public synchronized String toString() {
        return "GeneratorProcess[" + (closed ? "closed" : process == null ? "not started" : process.isAlive() ? "pid " + process.pid() : "ended")
                + ", starts=" + starts + (pending != null ? ", running" : "") + "]";
    }
}
