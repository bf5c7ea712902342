package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.launch.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that runs out of file descriptors (a JVM of its own under {@code ulimit -n}): new
 * connections are refused cleanly (closed at once, not left hanging in the accept queue), the
 * selector does not spin, connections already open keep working, it accepts again once
 * descriptors are free, and it logs a warning, not a stack trace, and stops cleanly.
 */
class DescriptorLimitTest {

    private static final int FD_LIMIT = 400;

    @Test
    void atTheLimitNewConnectionsAreRefusedCleanlyAndOldOnesKeepWorking(@TempDir Path tmp) throws Exception {
        List<String> command = new ArrayList<>();
        command.addAll(ChildJvm.command());
        command.addAll(List.of("-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                HelloServerMain.class.getName()));
        String shell = "ulimit -n " + FD_LIMIT + " && exec " + String.join(" ", command.stream().map(a -> "'" + a + "'").toList());
        Path stderr = tmp.resolve("stderr.txt");
        Process process = new ProcessBuilder("bash", "-c", shell).redirectError(stderr.toFile()).start();
        List<RawClient> held = new ArrayList<>();
        try (BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String ready = stdout.readLine();
            assertTrue(ready != null && ready.startsWith("READY "), "first line: " + ready + ", stderr: " + Files.readString(stderr));
            int port = Integer.parseInt(ready.substring("READY ".length()));

            int refused = 0;
            for (int i = 0; i < FD_LIMIT + 100 && refused < 50; i++) {
                RawClient client = new RawClient(port);
                client.socket.setSoTimeout(10_000);
                try {
                    assertEquals("hello", client.send(RawClient.get("/hello")).read().body());
                    held.add(client);
                } catch (SocketTimeoutException hanging) {
                    client.close();
                    throw new AssertionError("connection " + i + " was left hanging at the limit", hanging);
                } catch (IOException closed) {
                    // Closed or reset by the server: refused, as it should be at the limit.
                    refused++;
                    client.close();
                }
            }
            assertTrue(refused >= 50, "connections past the limit are refused: " + refused);
            assertTrue(held.size() > FD_LIMIT / 2, held.size() + " connections held below a limit of " + FD_LIMIT);

            long ticks = cpuTicks(process.pid());
            Thread.sleep(1000);
            long spent = cpuTicks(process.pid()) - ticks;
            assertTrue(spent < 50, "at the limit the server idles (a spinning selector would use ~100 ticks a second): " + spent);

            for (RawClient client : held.subList(0, 10)) {
                assertEquals("hello", client.send(RawClient.get("/hello")).read().body(), "an old connection still works");
            }
            for (RawClient client : held.subList(0, 20)) {
                client.close();
            }
            held.subList(0, 20).clear();
            // The server notices those closes within a selector round; then it accepts again.
            RawClient again = null;
            for (int attempt = 0; attempt < 100 && again == null; attempt++) {
                RawClient client = new RawClient(port);
                try {
                    assertEquals("hello", client.send(RawClient.get("/hello")).read().body());
                    again = client;
                } catch (IOException | RuntimeException notYet) {
                    client.close();
                    Thread.sleep(50);
                }
            }
            assertTrue(again != null, "accepts again once descriptors are free");
            again.close();
            for (RawClient client : held) {
                client.close();
            }
            held.clear();
            process.getOutputStream().close();
            String stopped = stdout.readLine();
            assertTrue(stopped != null && stopped.startsWith("STOPPED") && !stopped.endsWith(" refused=0"),
                    "the connector counted the connections it refused: " + stopped);
        } finally {
            for (RawClient client : held) {
                client.close();
            }
            process.getOutputStream().close();
        }
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "stopped when its input closed");
        assertEquals(0, process.exitValue());
        String errors = Files.readString(stderr);
        assertFalse(errors.contains("Exception in thread") || errors.contains("Error") || errors.contains("\tat "),
                "a warning, not a stack trace:\n" + errors);
        assertTrue(errors.contains("refusing new connections"), "stderr: [" + errors + "]");
    }

    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
