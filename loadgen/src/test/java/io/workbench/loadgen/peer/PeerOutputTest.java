package io.workbench.loadgen.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command's output is what the scripts in bench/ read: its exact lines are the contract. */
class PeerOutputTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return PeerOutput.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private List<String> outLines() {
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void wrkFigures() {
        assertEquals(0, run("wrk", Fixtures.path("wrk-socket-errors.txt").toString()));
        assertEquals(List.of("requests=28", "seconds=3.060", "rps=9.16", "transfer_bytes_per_s=767064801",
                "socket_errors_connect=0", "socket_errors_read=0", "socket_errors_write=0", "socket_errors_timeout=18",
                "non_2xx_3xx=0", "errors=18", "p50_ms=467.750", "p75_ms=695.350", "p90_ms=899.340", "p99_ms=899.340"), outLines());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void wrk2Figures() {
        assertEquals(0, run("wrk2", Fixtures.path("wrk2-latency-uncorrected.txt").toString()));
        List<String> lines = outLines();
        assertTrue(lines.containsAll(List.of("rps=9480.69", "errors=0", "corrected_p50_ms=1.070", "corrected_p99_9_ms=287.490",
                "corrected_p99_999_ms=293.380", "corrected_p100_ms=293.380", "uncorrected_p50_ms=0.061", "uncorrected_p99_ms=0.685")),
                lines.toString());
        assertEquals(10 + 8 + 8, lines.size(), lines.toString());
    }

    @Test
    void h2loadFigures() {
        assertEquals(0, run("h2load", Fixtures.path("h2load-rate.txt").toString()));
        assertEquals(List.of("seconds=3.150", "rps=4866.67", "transfer_bytes_per_s=515871", "total=14600", "started=14650",
                "done=14600", "succeeded=14600", "failed=0", "errored=0", "timeout=0",
                "status_2xx=14600", "status_3xx=0", "status_4xx=0", "status_5xx=0"), outLines());
    }

    @Test
    void everyLineIsAShellAssignment() {
        for (String[] args : List.of(new String[] {"wrk", "wrk-latency.txt"}, new String[] {"wrk2", "wrk2-latency-uncorrected.txt"},
                new String[] {"h2load", "h2load-refused.txt"})) {
            out.reset();
            assertEquals(0, run(args[0], Fixtures.path(args[1]).toString()));
            for (String line : outLines()) {
                assertTrue(line.matches("[a-z][a-z0-9_]*=[0-9]+(\\.[0-9]+)?"), args[1] + ": " + line);
            }
        }
    }

    @Test
    void unreadableOutputExitsOneWithTheReason() {
        String file = Fixtures.path("wrk-refused.txt").toString();
        assertEquals(1, run("wrk", file));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertEquals(file + ": wrk output: no 'N requests in T, B read' line (it begins 'unable to connect to 127.0.0.1:1 Connection refused')",
                err.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void aMissingFileExitsOne() {
        assertEquals(1, run("h2load", "/nonexistent/rate.txt"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("h2load output: cannot read /nonexistent/rate.txt"));
    }

    @Test
    void aWrongCommandLineExitsTwo() {
        assertEquals(2, run("ab", "file"));
        assertEquals(2, run("wrk"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("usage: PeerOutput wrk|wrk2|h2load FILE"));
        // Parsed by picocli: --help is its usage, on stdout, and exit 0.
        out.reset();
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: peer-output [-h] TOOL FILE"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void percentileNames() {
        assertEquals("50", PeerOutput.percentileName(50));
        assertEquals("99_9", PeerOutput.percentileName(99.9));
        assertEquals("99_999", PeerOutput.percentileName(99.999));
        assertEquals("100", PeerOutput.percentileName(100));
    }
}
