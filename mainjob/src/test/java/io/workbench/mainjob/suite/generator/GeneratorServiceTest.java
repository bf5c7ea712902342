package io.workbench.mainjob.suite.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator's protocol: a run a line in, its stderr as LOG lines and a DONE line with its status and summary out. */
class GeneratorServiceTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A loopback port nothing listens on: the run finds its target unreachable, at once, and still writes its summary. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String request(Path dir, String url) throws IOException {
        return JSON.writeValueAsString(new RunRequest(dir.toString(), List.of(url, "--rate", "100", "--requests", "10", "--prime", "0",
                "--out", dir.toString())));
    }

    @Test
    void eachRunIsAnsweredWithItsLinesAndItsEndOneAfterAnother(@TempDir Path dir) throws IOException {
        String url = "http://127.0.0.1:" + closedPort() + "/hello";
        String requests = request(dir.resolve("a"), url) + "\n\n" + request(dir.resolve("b"), url) + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        GeneratorService.serve(new BufferedReader(new StringReader(requests)), new PrintStream(out, true, StandardCharsets.UTF_8));

        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        List<String> done = lines.stream().filter(line -> line.startsWith(GeneratorService.DONE)).toList();
        assertEquals(2, done.size(), lines.toString());
        assertEquals("DONE 1 " + dir.resolve("a").resolve("summary.json").toAbsolutePath(), done.get(0), "exit 1: unreachable");
        assertEquals("DONE 1 " + dir.resolve("b").resolve("summary.json").toAbsolutePath(), done.get(1));
        assertTrue(lines.stream().allMatch(line -> line.startsWith(GeneratorService.LOG) || line.startsWith(GeneratorService.DONE)),
                "nothing else on the protocol: " + lines);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("LOG loadgen: ") && line.contains("unreachable")), lines.toString());
        assertTrue(Files.readString(dir.resolve("a").resolve(GeneratorService.STDERR)).contains("unreachable"), "kept in load.stderr too");
        assertTrue(Files.isRegularFile(dir.resolve("b").resolve("summary.json")));
    }

    @Test
    void aLineThatIsNotARunRequestEndsTheService(@TempDir Path dir) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        assertThrows(IOException.class, () -> GeneratorService.serve(new BufferedReader(new StringReader("run this\n")),
                new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
