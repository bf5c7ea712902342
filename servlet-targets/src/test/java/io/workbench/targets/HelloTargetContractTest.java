package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.hello.Strategy;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hello contract, checked over real sockets against every server in {@link ServerCatalog} and
 * every strategy it offers, each started in-process on port 0 exactly as the command starts it. A
 * server plugged into the catalog is held to all of it without a test of its own.
 */
class HelloTargetContractTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    static Stream<Arguments> targets() {
        return ServerCatalog.all().stream().flatMap(technology -> technology.strategies().stream()
                .sorted()
                .map(strategy -> Arguments.of(technology, strategy)));
    }

    @AfterAll
    static void closeClient() {
        CLIENT.close();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void helloIs200TextPlainHello(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0)) {
            HttpResponse<String> response = get(target, "/hello");
            assertEquals(200, response.statusCode());
            assertEquals("text/plain", response.headers().firstValue("content-type").orElseThrow());
            assertEquals("hello", response.body());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void waitParameterDelaysTheAnswerAtLeastThatLong(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0)) {
            long start = System.nanoTime();
            HttpResponse<String> response = get(target, "/hello?wait=100");
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals("hello", response.body());
            assertTrue(tookMillis >= 100, "answered after " + tookMillis + " ms");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void configuredWaitAppliesWithoutParameterAndZeroOverridesIt(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 150)) {
            long start = System.nanoTime();
            assertEquals("hello", get(target, "/hello").body());
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(tookMillis >= 150, "answered after " + tookMillis + " ms");
            assertEquals("hello", get(target, "/hello?wait=0").body());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void badWaitIs400WithTheReason(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0)) {
            HttpResponse<String> response = get(target, "/hello?wait=x");
            assertEquals(400, response.statusCode());
            assertEquals("wait must be a whole number of milliseconds, was 'x'", response.body());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void anythingElseIs404(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0)) {
            assertEquals(404, get(target, "/nope").statusCode());
            assertEquals(404, get(target, "/hello/more").statusCode());
            HttpResponse<String> post = CLIENT.send(HttpRequest.newBuilder(target.uri().resolve("/hello"))
                    .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, post.statusCode());
            assertEquals(0, target.stats().startedCount(), "only GET /hello is counted");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void statsCountEveryHelloAndNothingElse(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0)) {
            for (int i = 0; i < 3; i++) {
                assertEquals(200, get(target, "/hello?wait=" + i).statusCode());
            }
            assertEquals(400, get(target, "/hello?wait=-1").statusCode());
            get(target, "/nope");
            // The counters move when the server learns the write is done, which may be a moment
            // after the client has read the response.
            awaitTrue(() -> target.stats().completedCount() == 4, "4 completed: " + target.stats());

            HttpResponse<String> stats = get(target, "/stats");
            assertEquals(200, stats.statusCode());
            assertEquals("application/json", stats.headers().firstValue("content-type").orElseThrow());
            // maxInFlight may be 2: a response can reach the client a moment before its write is reported done.
            assertTrue(stats.body().startsWith("{\"started\":4,\"completed\":4,\"inFlight\":0,\"maxInFlight\":"), stats.body());
            assertEquals(stats.body(), get(target, "/stats").body(), "reading the counters does not change them");
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void maxInFlightSeesConcurrentWaits(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0)) {
            List<CompletableFuture<HttpResponse<String>>> waiting = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                waiting.add(CLIENT.sendAsync(HttpRequest.newBuilder(target.uri().resolve("/hello?wait=2000")).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            // All four are held by the server at once: /stats, asked meanwhile, sees them.
            awaitTrue(() -> target.stats().inFlightCount() == 4, "4 in flight: " + target.stats());
            assertTrue(get(target, "/stats").body().contains("\"inFlight\":4,\"maxInFlight\":4"));
            for (CompletableFuture<HttpResponse<String>> response : waiting) {
                assertEquals("hello", response.get(30, TimeUnit.SECONDS).body());
            }
            awaitTrue(() -> target.stats().inFlightCount() == 0, "none in flight: " + target.stats());
            RequestStats stats = target.stats();
            assertEquals(4, stats.startedCount());
            assertEquals(4, stats.completedCount());
            assertEquals(4, stats.maxInFlightCount());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void keepAliveConnectionServesOneRequestAfterAnother(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0); HttpWire wire = new HttpWire(target.port())) {
            for (String path : List.of("/hello", "/nope", "/hello?wait=20", "/stats")) {
                wire.write(HttpWire.get(path));
                HttpWire.Response response = wire.read();
                assertEquals(path.equals("/nope") ? 404 : 200, response.status(), path);
            }
            assertEquals(2, target.stats().startedCount());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void pipelinedRequestsAreAnsweredInOrder(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0); HttpWire wire = new HttpWire(target.port())) {
            // The first request waits, the ones behind it do not: answered in request order all the same.
            wire.write(HttpWire.get("/hello?wait=200") + HttpWire.get("/nope") + HttpWire.get("/hello?wait=bad")
                    + HttpWire.get("/hello"));
            assertEquals(200, wire.read().status());
            assertEquals(404, wire.read().status());
            HttpWire.Response bad = wire.read();
            assertEquals(400, bad.status());
            assertTrue(bad.body().contains("'bad'"), bad.body());
            HttpWire.Response last = wire.read();
            assertEquals(200, last.status());
            assertEquals("hello", last.body());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void connectionCloseIsHonouredAfterTheResponse(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0); HttpWire wire = new HttpWire(target.port())) {
            wire.write("GET /hello?wait=50 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            HttpWire.Response response = wire.read();
            assertEquals("hello", response.body());
            assertEquals("close", response.header("connection"));
            assertTrue(wire.closedByServer());
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void stopFinishesInFlightRequestsThenRefusesConnections(ServerTechnology technology, Strategy strategy) throws Exception {
        Target target = start(technology, strategy, 0);
        try {
            CompletableFuture<HttpResponse<String>> inFlight = CLIENT.sendAsync(
                    HttpRequest.newBuilder(target.uri().resolve("/hello?wait=300")).build(), HttpResponse.BodyHandlers.ofString());
            awaitTrue(() -> target.stats().inFlightCount() == 1, "1 in flight: " + target.stats());
            target.stop();
            assertEquals("hello", inFlight.get(10, TimeUnit.SECONDS).body());
            assertThrows(ConnectException.class, () -> new HttpWire(target.port()).close());
        } finally {
            target.stop();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("targets")
    void connectionsOpenedAndDroppedLeaveNoDescriptorBehind(ServerTechnology technology, Strategy strategy) throws Exception {
        try (Target target = start(technology, strategy, 0)) {
            try (HttpWire warm = new HttpWire(target.port())) {
                warm.write(HttpWire.get("/hello"));
                warm.read();
            }
            long baseline = openDescriptors();
            for (int i = 0; i < 300; i++) {
                try (HttpWire wire = new HttpWire(target.port())) {
                    if (i % 2 == 0) {
                        wire.write(HttpWire.get("/hello"));
                        wire.read();
                    } // else: connect and drop without a word
                }
            }
            // Each closed socket takes the server a selector round to notice.
            awaitTrue(() -> openDescriptors() <= baseline, "open descriptors back to " + baseline);
        }
    }

    private static Target start(ServerTechnology technology, Strategy strategy, long defaultWaitMillis) throws Exception {
        return Target.start(technology, TargetSettings.of(strategy, 0, defaultWaitMillis));
    }

    private static HttpResponse<String> get(Target target, String pathAndQuery) throws IOException, InterruptedException {
        URI uri = target.uri().resolve(pathAndQuery);
        return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static long openDescriptors() {
        try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
            return descriptors.count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Polls {@code condition} for up to 10 s: the bound is generous, the assertion is about what, not when. */
    static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(5);
        }
    }
}
