package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.workbench.loadgen.LoadCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace across two processes, as a user runs it: a target JVM started with {@code --trace} the
 * way the runner starts targets, and the generator (this JVM) with {@code --trace}, each reading
 * its own {@link System#nanoTime()}. Each request asks the target to wait a known time, so the
 * handler part must hold that wait, whatever the server; and with the two sides on one clock, no
 * part of any joined request is below zero and the clock check says so.
 */
class TraceAcrossProcessesTest {

    /** What the server asks of each request: a timer of this long inside the handler part. */
    private static final int WAIT_MS = 20;
    /**
     * The handler part is the wait plus the strategy's hand-offs to the pool and back: at least the
     * wait (a timer never fires early), and at most this much more at the median on a machine of two
     * cores shared with the generator and the build.
     */
    private static final double HANDLER_TOLERANCE_MS = 5.0;

    private static List<String> targetCommand(String cell, Path dir) {
        String classpath = System.getProperty("java.class.path");
        List<String> command = new ArrayList<>(JvmLaunch.current(classpath, classpath).targetCommand(TargetId.parse(cell), dir));
        command.replaceAll(flag -> flag.equals("-Xms4g") ? "-Xms64m" : flag.equals("-Xmx4g") ? "-Xmx256m" : flag);
        command.add("--trace");
        return command;
    }

    @ParameterizedTest
    @ValueSource(strings = {"iocore:async-complete", "jetty:sync"})
    void theHandlerPartHoldsTheWaitTheTargetWasAskedForAndNoPartIsBelowZero(String cell, @TempDir Path dir) throws IOException {
        TargetProcess.Outcome outcome = TargetProcess.start(targetCommand(cell, dir), dir, Duration.ofSeconds(60));
        TargetProcess target = assertInstanceOf(TargetProcess.Started.class, outcome, outcome.toString()).target();
        JsonNode summary;
        try {
            summary = load(target.url() + "/hello?wait=" + WAIT_MS, dir.resolve("run"));
        } finally {
            assertEquals(0, target.stop(), "SIGTERM stops a traced target with status 0");
        }

        JsonNode trace = summary.get("trace");
        assertTrue(trace != null && trace.get("failure").isNull(), String.valueOf(trace));
        assertEquals(cell, trace.get("cell").asText());
        long responses = trace.get("measuredResponses").asLong();
        assertEquals(200, responses, trace.toString());
        assertEquals(responses, trace.get("joined").asLong(), "every response joined: " + trace);
        assertEquals(0, trace.get("unmatched").get("generator").asLong(), trace.toString());
        assertEquals(0, trace.get("incomplete").asLong(), trace.toString());
        assertEquals(0, trace.get("negativeRequests").asLong(), "no part of any request below zero: " + trace);
        assertTrue(trace.get("clock").get("shared").asBoolean(), trace.get("clock").toString());

        JsonNode handler = trace.get("parts").get("handler");
        assertTrue(handler.get("minMs").asDouble() >= WAIT_MS - 0.001, "no request left its handler before the wait: " + handler);
        assertTrue(handler.get("p50Ms").asDouble() <= WAIT_MS + HANDLER_TOLERANCE_MS, "the handler part at the median: " + handler);
        // The parts are where the wait is: none of the others holds it at the median.
        for (Iterator<Map.Entry<String, JsonNode>> parts = trace.get("parts").fields(); parts.hasNext(); ) {
            Map.Entry<String, JsonNode> part = parts.next();
            assertTrue(part.getValue().get("negative").asLong() == 0, part.toString());
            if (!part.getKey().equals("handler")) {
                assertTrue(part.getValue().get("p50Ms").asDouble() < WAIT_MS / 2.0, part.toString());
            }
        }
        // The worst request's parts add up to its intended->end.
        JsonNode worst = trace.get("worst").get(0);
        double sum = 0;
        for (JsonNode ms : worst.get("partsMs")) {
            sum += ms.asDouble();
        }
        assertEquals(worst.get("intendedToEndMs").asDouble(), sum, 1e-6, worst.toString());
    }

    /** 200 requests at 100 req/s, traced, from this JVM; @return its summary.json */
    private static JsonNode load(String url, Path out) throws IOException {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = LoadCommand.execute(new String[] {url, "--rate", "100", "--requests", "200", "--trace", "--quiet", "--out", out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8), false);
        assertEquals(0, code, stderr.toString(StandardCharsets.UTF_8));
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }
}
