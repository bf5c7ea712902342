package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.TargetSettings;
import io.workbench.targets.trace.TraceHeader;
import io.workbench.targets.trace.TraceRecorder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --trace} on every cell of the matrix: a request that carries a trace id is recorded once,
 * with its four stamps in order and none missing, its known wait in the handler part; a request
 * without an id, or with one that is not an id, is not; {@code GET /trace} serves each record once;
 * a target started without tracing answers {@code /trace} with a 404 and records nothing. The
 * stamps are checked against the client's own clock readings, in order only.
 */
class TraceContractTest {

    private static final long WAIT_MILLIS = 30;
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @AfterAll
    static void closeClient() {
        CLIENT.close();
    }

    private static HttpResponse<String> get(Target target, String path, String traceValue) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.uri().resolve(path)).timeout(Duration.ofSeconds(30));
        if (traceValue != null) {
            request.header(TraceHeader.NAME, traceValue);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<long[]> rows(String csv) {
        List<String> lines = Arrays.asList(csv.split("\n"));
        int columns = lines.indexOf(TraceRecorder.COLUMNS);
        assertTrue(columns > 0, "the columns line after the meta lines: " + csv);
        assertEquals("# workbench-trace " + TraceRecorder.FORMAT_VERSION, lines.get(0));
        return lines.subList(columns + 1, lines.size()).stream()
                .map(line -> Arrays.stream(line.split(",")).mapToLong(Long::parseLong).toArray()).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.workbench.targets.Cell#valid")
    void aTracedRequestIsStampedAtTheSamePointsOnEveryCell(Cell cell) throws Exception {
        try (Target target = Target.start(cell.technology(), TargetSettings.of(cell.strategy(), 0, 0).withTrace(true))) {
            long before = System.nanoTime();
            HttpResponse<String> traced = get(target, "/hello?wait=" + WAIT_MILLIS, "0000000000000000007");
            assertEquals(200, traced.statusCode());
            assertEquals("hello", traced.body());
            assertEquals(200, get(target, "/hello", null).statusCode());
            assertEquals(200, get(target, "/hello", "not-an-id").statusCode());
            HttpResponse<String> trace = get(target, TraceRecorder.PATH, null);
            long after = System.nanoTime();
            assertEquals(200, trace.statusCode());
            assertEquals(TraceRecorder.CONTENT_TYPE, trace.headers().firstValue("content-type").orElseThrow().split(";")[0]);
            assertTrue(trace.body().contains("\n# cell " + cell + "\n"), trace.body());
            assertTrue(trace.body().contains("\n# first-read " + cell.technology().traceFirstRead() + "\n"), trace.body());
            assertTrue(trace.body().contains("\n# dropped 0\n"), trace.body());
            List<long[]> rows = rows(trace.body());
            assertEquals(1, rows.size(), "only the request with an id: " + trace.body());
            long[] row = rows.get(0);
            String stamps = Arrays.toString(row);
            assertEquals(7, row[0]);
            assertEquals(0, row[6], "no stamp missing: " + stamps);
            assertTrue(row[1] - before > 0, "first read after the client began to send: " + stamps);
            assertTrue(row[2] - row[1] >= 0, "entered after the first read: " + stamps);
            assertTrue(row[3] - row[2] >= WAIT_MILLIS * 1_000_000, "the wait is in the handler part: " + stamps);
            assertTrue(row[4] - row[3] >= 0, "the last write issued after the answer started: " + stamps);
            assertTrue(row[5] - row[4] >= 0, "handed after the last write was issued: " + stamps);
            assertTrue(after - row[5] > 0, "handed before the client read the trace: " + stamps);
            assertEquals(0, rows(get(target, TraceRecorder.PATH, null).body()).size(), "each record served once");
        }
    }

    @org.junit.jupiter.api.Test
    void withoutTracingTraceIsA404AndTheIdIsIgnored() throws Exception {
        try (Target target = Target.start(ServerCatalog.byName("iocore").orElseThrow(), TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0))) {
            assertEquals(200, get(target, "/hello", "7").statusCode());
            HttpResponse<String> trace = get(target, TraceRecorder.PATH, null);
            assertEquals(404, trace.statusCode());
            assertTrue(trace.body().contains("tracing is off"), trace.body());
            assertEquals(null, target.tracing());
        }
    }

    @org.junit.jupiter.api.Test
    void onlyAGetDrains() throws Exception {
        try (Target target = Target.start(ServerCatalog.byName("iocore").orElseThrow(),
                TargetSettings.of(Strategy.ASYNC_COMPLETE, 0, 0).withTrace(true))) {
            assertEquals(200, get(target, "/hello", "1").statusCode());
            HttpResponse<String> post = CLIENT.send(HttpRequest.newBuilder(target.uri().resolve(TraceRecorder.PATH))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, post.statusCode());
            assertEquals("GET", post.headers().firstValue("allow").orElseThrow());
            assertEquals(1, rows(get(target, TraceRecorder.PATH, null).body()).size(), "the POST drained nothing");
        }
    }
}
