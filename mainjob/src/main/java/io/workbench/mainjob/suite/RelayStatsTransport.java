package io.workbench.mainjob.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Reaches a target the runner cannot: in {@code --network netns} the target listens on the veth
 * address inside its namespace, which the runner's (root) namespace has no route to, by design.
 * Rather than add a route or an interface to the root namespace, the probe runs where the
 * generator runs: one {@link StatsRelay} JVM per target, started with the generator's namespace
 * prefix and pinning, asked one path at a time over its stdin and stdout. Its requests take the
 * same veth path as the load. One JVM for the whole target, not one per poll, since the
 * concurrency-level scenario polls five times a second.
 */
public final class RelayStatsTransport implements StatsTransport {

    /** Small and quick to start: it makes a handful of requests a second at most. */
    static final List<String> FLAGS = List.of("-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private final Process process;
    private final PrintStream requests;
    private final BufferedReader answers;

    private RelayStatsTransport(Process process) {
        this.process = process;
        this.requests = new PrintStream(process.getOutputStream(), true, StandardCharsets.UTF_8);
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** The relay's command line: {@code prefix} (namespace, pinning), then the JVM. */
    static List<String> command(List<String> prefix, JvmLaunch launch, String url) {
        List<String> command = new java.util.ArrayList<>(prefix);
        command.add(launch.java());
        command.addAll(FLAGS);
        command.addAll(List.of("-cp", launch.generatorClasspath(), StatsRelay.class.getName(), url));
        return command;
    }

    public static RelayStatsTransport start(List<String> prefix, JvmLaunch launch, String url, Path stderr) throws IOException {
        Process process = new ProcessBuilder(command(prefix, launch, url))
                .redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()))
                .start();
        return new RelayStatsTransport(process);
    }

    /** One request at a time: the poller and the runner share the relay. */
    @Override
    public synchronized Optional<Answer> get(String path) {
        if (!process.isAlive()) {
            return Optional.empty();
        }
        requests.println(path);
        try {
            // The relay's own client times out after 5 s, so an answer line always comes while it lives.
            return StatsRelay.decode(answers.readLine());
        } catch (IOException ended) {
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        // Closing its stdin ends it; a relay stuck on a request is stopped.
        requests.close();
        try {
            if (!process.waitFor(HttpStatsTransport.TIMEOUT.toSeconds() + 2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException interrupted) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
