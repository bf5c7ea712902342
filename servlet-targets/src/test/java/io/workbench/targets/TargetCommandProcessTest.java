package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.launch.ChildJvm;
import io.workbench.targets.server.ServerTechnology;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command end to end, as the launcher and the benchmark scripts use it: a separate JVM, one
 * READY line on stdout, a request, SIGTERM, exit status 0, nothing left running.
 */
class TargetCommandProcessTest {

    private static final Pattern READY = Pattern.compile("READY http://127\\.0\\.0\\.1:(\\d+)");

    static Stream<ServerTechnology> technologies() {
        return ServerCatalog.all().stream();
    }

    @ParameterizedTest
    @MethodSource("technologies")
    void printsReadyAnswersAndStopsCleanlyOnSigterm(ServerTechnology technology, @TempDir Path tmp) throws Exception {
        File stderr = tmp.resolve("stderr.txt").toFile();
        // The cheapest cell of the server to start: one that holds no thread per request.
        String strategy = technology.strategies().stream().sorted(Comparator.reverseOrder()).findFirst().orElseThrow().cliName();
        Process process = new ProcessBuilder(command("--server", technology.name(), "--strategy", strategy, "--wait", "10"))
                .redirectError(stderr)
                .start();
        try (BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String ready = CompletableFuture.supplyAsync(() -> readLine(stdout)).get(60, TimeUnit.SECONDS);
            Matcher matcher = READY.matcher(ready == null ? "" : ready);
            assertTrue(matcher.matches(), "first line: " + ready + ", stderr: " + Files.readString(stderr.toPath()));
            int port = Integer.parseInt(matcher.group(1));

            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                HttpResponse<String> response = client.send(
                        HttpRequest.newBuilder(URI.create(ready.substring("READY ".length()) + "/hello")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals("hello", response.body());
            }
            assertEquals(0, process.descendants().count(), "the target starts no process of its own");

            // SIGTERM through the handle: Process.destroy() would also close our end of stdout.
            process.toHandle().destroy();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "stopped within 30 s of SIGTERM");
            assertEquals(0, process.exitValue(), "stderr: " + Files.readString(stderr.toPath()));
            assertNull(stdout.readLine(), "READY is the only line on stdout");
            assertFalse(process.isAlive());
            assertThrows(ConnectException.class, () -> new HttpWire(port).close(), "nothing listens any more");
            assertEquals("", Files.readString(stderr.toPath()), "a clean run says nothing on stderr");
        } finally {
            process.destroyForcibly();
        }
    }

    /** A refused cell, through the real main(): exit status 2, the reason on stderr, nothing on stdout. */
    @Test
    void aRefusedCellExits2(@TempDir Path tmp) throws Exception {
        File stderr = tmp.resolve("stderr.txt").toFile();
        Process process = new ProcessBuilder(command("--server", "netty", "--strategy", "write-listener"))
                .redirectError(stderr)
                .start();
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(2, process.exitValue());
            assertEquals("", new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            String error = Files.readString(stderr.toPath());
            assertTrue(error.startsWith("target: netty refuses write-listener: WriteListener is a Servlet 3.1 API"), error);
            assertEquals(1, error.lines().count(), error);
        } finally {
            process.destroyForcibly();
        }
    }

    private static List<String> command(String... args) {
        List<String> command = ChildJvm.command();
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TargetCommand.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static String readLine(BufferedReader reader) {
        try {
            return reader.readLine();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
