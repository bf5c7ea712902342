package io.workbench.targets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.hello.ThreadKind;
import io.workbench.targets.server.CellCard;
import io.workbench.targets.server.TargetSettings;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hello contract, checked over real sockets against every cell of the matrix (every server in
 * {@link ServerCatalog} under every strategy it runs), each started in-process on port 0 exactly as
 * the command starts it. A server plugged into the catalog is held to all of it without a test of
 * its own.
 *
 * <p>One target per cell, shared by the cell's tests and stopped by the last of them (which tests
 * the stop): the cells run one after the other, so at most one server lives at a time, and its
 * threads are the ones counted. Counters are compared as differences, since the tests share them.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.workbench.targets.Cell#valid")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HelloTargetContractTest {

    /** Waiting requests the asynchronous and virtual cells must hold without a platform thread each. */
    static final int CONCURRENT = 200;
    /**
     * The most platform threads an asynchronous or virtual cell may have started while holding
     * {@value #CONCURRENT} waiting requests: the pools the settings allow such a cell (100 threads,
     * started on demand) and a few of their own, well under one per request.
     */
    static final int MAX_THREADS_FOR_CONCURRENT = 120;

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final Pattern STATS = Pattern.compile(
            "\\{\"started\":(\\d+),\"completed\":(\\d+),\"inFlight\":(\\d+),\"maxInFlight\":(\\d+),"
                    + "\"streams\":(\\d+),\"streamsInFlight\":(\\d+),\"streamedBytes\":(\\d+)(,\"[a-zA-Z]+\":\\{.*})?}");

    /** The cell's target, and the platform threads that lived before it started. */
    private static Target target;
    private static ThreadCensus census;
    /** Records the threads of the requests the tests probe. */
    private static ProbeWatch probes;

    @Parameter
    Cell cell;

    @BeforeParameterizedClassInvocation
    static void startTheCell(Cell cell) throws Exception {
        census = ThreadCensus.now();
        probes = new ProbeWatch();
        target = Target.start(cell.technology(), TargetSettings.of(cell.strategy(), 0, 0), probes);
    }

    @AfterParameterizedClassInvocation
    static void stopTheCell() {
        if (target != null) {
            target.stop();
            target = null;
        }
    }

    @AfterAll
    static void closeClient() {
        CLIENT.close();
    }

    @Test
    @Order(1)
    void helloIs200TextPlainHello() throws Exception {
        HttpResponse<String> response = get("/hello");
        assertEquals(200, response.statusCode());
        assertEquals("text/plain", response.headers().firstValue("content-type").orElseThrow());
        assertEquals("hello", response.body());
        assertEquals("hello", get("/hello?wait=0").body());
    }

    @Test
    @Order(2)
    void waitParameterDelaysTheAnswerAtLeastThatLong() throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = get("/hello?wait=100");
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals("hello", response.body());
        assertTrue(tookMillis >= 100, "answered after " + tookMillis + " ms");
    }

    @Test
    @Order(3)
    void badWaitIs400WithTheReason() throws Exception {
        HttpResponse<String> response = get("/hello?wait=x");
        assertEquals(400, response.statusCode());
        assertEquals("wait must be a whole number of milliseconds, was 'x'", response.body());
    }

    @Test
    @Order(4)
    void anyOtherPathIs404WhateverTheMethodAndNotCounted() throws Exception {
        long started = target.stats().startedCount();
        assertEquals(404, get("/nope").statusCode());
        assertEquals(404, get("/hello/more").statusCode());
        HttpResponse<String> post = CLIENT.send(HttpRequest.newBuilder(target.uri().resolve("/nope"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, post.statusCode());
        HttpResponse<String> postHello = CLIENT.send(HttpRequest.newBuilder(target.uri().resolve("/hello"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, postHello.statusCode());
        assertEquals(started, target.stats().startedCount(), "only GET and HEAD /hello are counted");
    }

    @Test
    @Order(5)
    void statsCountEveryHelloAndNothingElse() throws Exception {
        awaitTrue(() -> target.stats().inFlightCount() == 0, "nothing in flight: " + target.stats());
        long[] before = stats();
        for (int i = 0; i < 3; i++) {
            assertEquals(200, get("/hello?wait=" + i).statusCode());
        }
        assertEquals(400, get("/hello?wait=-1").statusCode());
        get("/nope");
        // The counters move when the server learns the write is done, which may be a moment after
        // the client has read the response.
        awaitTrue(() -> target.stats().completedCount() == before[1] + 4, "4 more completed: " + target.stats());

        HttpResponse<String> stats = get("/stats");
        assertEquals(200, stats.statusCode());
        assertEquals("application/json", stats.headers().firstValue("content-type").orElseThrow());
        long[] after = parse(stats.body());
        assertEquals(before[0] + 4, after[0], "started: " + stats.body());
        assertEquals(before[1] + 4, after[1], "completed: " + stats.body());
        assertEquals(0, after[2], "in flight: " + stats.body());
        assertEquals(before[4], after[4], "no stream: " + stats.body());
        assertArrayEquals(after, parse(get("/stats").body()), "reading the counters does not change them");
        if (cell.technology().name().equals("iocore")) {
            // iocore adds what its execution strategy did: at least the requests above ran somewhere.
            Matcher counts = Pattern.compile("\"executionStrategy\":\\{\"ranInPlace\":(\\d+),\"ranEitherInPlace\":(\\d+),"
                    + "\"handedOff\":(\\d+),\"executed\":(\\d+)}").matcher(stats.body());
            assertTrue(counts.find(), stats.body());
            long tasks = 0;
            for (int i = 1; i <= 4; i++) {
                tasks += Long.parseLong(counts.group(i));
            }
            assertTrue(tasks >= 4, "the strategy counted the requests' tasks: " + stats.body());
        }
    }

    @Test
    @Order(6)
    void keepAliveConnectionServesOneRequestAfterAnother() throws Exception {
        long started = target.stats().startedCount();
        try (HttpWire wire = new HttpWire(target.port())) {
            for (String path : List.of("/hello", "/nope", "/hello?wait=20", "/stats", "/stream?bytes=1000")) {
                wire.write(HttpWire.get(path));
                HttpWire.Response response = wire.read();
                assertEquals(path.equals("/nope") ? 404 : 200, response.status(), path);
            }
            assertEquals(started + 2, target.stats().startedCount());
        }
    }

    @Test
    @Order(7)
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        try (HttpWire wire = new HttpWire(target.port())) {
            // The first request waits, the ones behind it do not: answered in request order all the same.
            // The 400 comes last: Tomcat closes a connection after a 400 (its statusDropsConnection).
            wire.write(HttpWire.get("/hello?wait=200") + HttpWire.get("/nope") + HttpWire.get("/stream?bytes=300&chunk=7")
                    + HttpWire.get("/hello") + HttpWire.get("/hello?wait=bad"));
            assertEquals(200, wire.read().status());
            assertEquals(404, wire.read().status());
            HttpWire.Response stream = wire.read();
            assertEquals(200, stream.status());
            assertEquals(300, stream.bodyBytes().length);
            HttpWire.Response hello = wire.read();
            assertEquals(200, hello.status());
            assertEquals("hello", hello.body());
            HttpWire.Response bad = wire.read();
            assertEquals(400, bad.status());
            assertTrue(bad.body().contains("'bad'"), bad.body());
        }
    }

    @Test
    @Order(8)
    void connectionCloseIsHonouredAfterTheResponse() throws Exception {
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write("GET /hello?wait=50 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            HttpWire.Response response = wire.read();
            assertEquals("hello", response.body());
            assertEquals("close", response.header("connection"));
            assertTrue(wire.closedByServer());
        }
    }

    @Test
    @Order(9)
    void connectionsOpenedAndDroppedLeaveNoDescriptorBehind() throws Exception {
        try (HttpWire warm = new HttpWire(target.port())) {
            warm.write(HttpWire.get("/hello"));
            warm.read();
        }
        long baseline = openDescriptors();
        for (int i = 0; i < 200; i++) {
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

    /**
     * {@value #CONCURRENT} requests wait at once, each on a connection of its own. An asynchronous or
     * virtual cell holds them all with far fewer platform threads than requests; a cell that holds
     * a platform thread per wait (the control) shows one thread each.
     */
    @Test
    @Order(10)
    void concurrentWaitingRequestsAreAllHeldAtOnce() throws Exception {
        awaitTrue(() -> target.stats().inFlightCount() == 0, "nothing in flight: " + target.stats());
        long started = target.stats().startedCount();
        List<Socket> sockets = new ArrayList<>();
        try {
            byte[] request = HttpWire.get("/hello?wait=2500").getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < CONCURRENT; i++) {
                Socket socket = new Socket();
                sockets.add(socket);
                socket.connect(new InetSocketAddress("127.0.0.1", target.port()), 5_000);
                socket.setSoTimeout(30_000);
                socket.getOutputStream().write(request);
            }
            // All of them are held by the server at once: /stats sees them.
            awaitTrue(() -> target.stats().inFlightCount() == CONCURRENT, CONCURRENT + " in flight: " + target.stats());
            int threads = census.newPlatformThreads();
            assertTrue(parse(get("/stats").body())[3] >= CONCURRENT, "maxInFlight");
            if (cell.holdsAPlatformThreadPerWait()) {
                assertTrue(threads >= CONCURRENT, cell + " holds a platform thread per wait, yet started only " + threads);
            } else {
                assertTrue(threads <= MAX_THREADS_FOR_CONCURRENT, cell + " started " + threads + " platform threads for "
                        + CONCURRENT + " waiting requests: " + census.describeNew());
            }
            System.out.printf("%s: %d waiting requests, %d platform threads started by the server%n", cell, CONCURRENT, threads);
            for (Socket socket : sockets) {
                HttpWire.Response response = HttpWire.read(socket.getInputStream());
                assertEquals("hello", response.body());
            }
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
        awaitTrue(() -> target.stats().inFlightCount() == 0, "none in flight: " + target.stats());
        assertEquals(started + CONCURRENT, target.stats().startedCount());
    }

    /**
     * HEAD is answered wherever GET is (RFC 9110 section 9.3.2): the same status and fields,
     * Content-Length included, and not one body byte, which the next response on the connection
     * proves (a stray body would stand where its status line belongs).
     */
    @Test
    @Order(11)
    void headIsTheGetsHeadWithoutABody() throws Exception {
        long started = target.stats().startedCount();
        long counted = 0;
        for (String path : List.of("/hello", "/hello?wait=20", "/hello?wait=x", "/nope", "/stats")) {
            HttpWire.Response get;
            try (HttpWire wire = new HttpWire(target.port())) {
                wire.write(HttpWire.get(path));
                get = wire.read();
            }
            try (HttpWire wire = new HttpWire(target.port())) {
                wire.write(HttpWire.head(path));
                HttpWire.Head head = wire.readHead();
                assertEquals(get.status(), head.status(), path);
                assertEquals(get.header("content-type"), head.header("content-type"), path);
                assertNull(head.header("transfer-encoding"), path);
                if (path.equals("/stats")) {
                    // The counters moved between the two requests, and so may the number of their digits.
                    assertTrue(head.contentLength() > 0, "the length of the counters GET would send: " + head.headers());
                } else {
                    assertEquals(get.bodyBytes().length, head.contentLength(), path + ": the Content-Length GET sends");
                }
                counted += assertNothingFollowsTheHead(wire, head, "HEAD " + path);
            }
            counted += path.startsWith("/hello") ? 2 : 0;
        }
        long expected = started + counted;
        awaitTrue(() -> target.stats().completedCount() >= expected, "completed " + expected + ": " + target.stats());
        assertEquals(expected, target.stats().startedCount(), "HEAD /hello is counted as GET is, the other paths are not");
    }

    /** HEAD /stream: the stream's head, Content-Length its length, and not one of its bytes generated. */
    @Test
    @Order(12)
    void headStreamIsTheStreamsHeadWithoutItsBytes() throws Exception {
        long streams = target.streamStats().startedCount();
        long bytes = target.streamStats().bytes();
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.head("/stream?bytes=1000"));
            HttpWire.Head head = wire.readHead();
            assertEquals(200, head.status());
            assertEquals(1000, head.contentLength());
            assertEquals("application/octet-stream", head.header("content-type"));
            assertNothingFollowsTheHead(wire, head, "HEAD /stream?bytes=1000");
            wire.write(HttpWire.head("/stream?bytes=1073741824&chunk=1"));
            HttpWire.Head gib = wire.readHead();
            assertEquals(1L << 30, gib.contentLength(), "a GiB announced, none written");
            assertNothingFollowsTheHead(wire, gib, "HEAD /stream?bytes=1073741824");
        }
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.head("/stream?bytes=-1"));
            HttpWire.Head bad = wire.readHead();
            assertEquals(400, bad.status());
            assertTrue(bad.contentLength() > 0, "the length of the reason GET would get");
            assertNothingFollowsTheHead(wire, bad, "HEAD /stream?bytes=-1");
        }
        assertEquals(streams, target.streamStats().startedCount(), "no stream started");
        assertEquals(bytes, target.streamStats().bytes(), "no byte streamed");
    }

    /**
     * Any other method on the contract's paths is a 405 with Allow: GET, HEAD. The request's body
     * (chunked, or Content-Length) is the server's to read or drop: the connection then serves the
     * next request, or the response said it would close and it does.
     */
    @Test
    @Order(13)
    void otherMethodsOnTheContractsPathsAre405WithAllow() throws Exception {
        long started = target.stats().startedCount();
        // Each request is written as its head, then its body in a second write (a server may answer
        // before the body is there), the body whole or a chunk at a time.
        List<List<String>> requests = List.of(
                List.of("POST /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                        "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"),
                List.of("POST /stream?bytes=10 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n",
                        "5\r\nhello\r\n", "6\r\n world\r\n", "0\r\n\r\n"),
                List.of("PUT /stats HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 11\r\n\r\n", "hello world"),
                List.of("DELETE /stream?bytes=10 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
                List.of("POST /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"));
        for (List<String> request : requests) {
            String line = request.get(0).substring(0, request.get(0).indexOf('\r'));
            try (HttpWire wire = new HttpWire(target.port())) {
                for (String part : request) {
                    wire.write(part);
                }
                HttpWire.Response response = wire.read();
                assertEquals(405, response.status(), line);
                String allow = response.header("allow");
                assertTrue(allow != null, line + ": Allow is sent: " + response.headers());
                List<String> methods = Stream.of(allow.split(",")).map(String::strip).toList();
                assertTrue(methods.contains("GET") && methods.contains("HEAD"), line + ": Allow: " + allow);
                if ("close".equalsIgnoreCase(response.header("connection"))) {
                    assertTrue(wire.closedByServer(), line + ": said close, and closed");
                } else {
                    wire.write(HttpWire.get("/hello"));
                    HttpWire.Response next = wire.read();
                    assertEquals(200, next.status(), line + ": the connection serves the next request");
                    assertEquals("hello", next.body(), line);
                }
            }
        }
        awaitTrue(() -> target.stats().inFlightCount() == 0, "nothing in flight: " + target.stats());
        assertTrue(target.stats().startedCount() <= started + requests.size(), "only the GETs after them are counted");
    }

    /**
     * RFC 9112 section 6.3: a request whose final transfer coding is not chunked has no length the
     * server can rely on: 400, then the connection is closed (the request pipelined behind is never
     * answered: where it starts is unknown).
     */
    @Test
    @Order(14)
    void chunkedNotTheFinalTransferCodingIs400AndClose() throws Exception {
        long started = target.stats().startedCount();
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write("POST /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked, gzip\r\n\r\n"
                    + "5\r\nhello\r\n0\r\n\r\n" + HttpWire.get("/hello"));
            HttpWire.Response response = wire.read();
            assertEquals(400, response.status(), response.body());
            assertTrue(wire.closedByServer(), "closed after the 400; the pipelined GET is not answered");
        }
        assertEquals(started, target.stats().startedCount());
    }

    /**
     * After a head without a body, the connection's next response must start right there: a stray
     * body would stand where its status line belongs. If the head said the connection closes (as
     * Tomcat does after a 400), the end of the stream must come before any byte.
     *
     * @return the hello requests this sent (1, or 0 when the connection closed)
     */
    private static int assertNothingFollowsTheHead(HttpWire wire, HttpWire.Head head, String what) throws IOException {
        if ("close".equalsIgnoreCase(head.header("connection"))) {
            assertTrue(wire.closedByServer(), what + ": nothing after the head, then the close");
            return 0;
        }
        wire.write(HttpWire.get("/hello"));
        HttpWire.Response next;
        try {
            next = wire.read();
        } catch (IOException strayBytes) {
            throw new AssertionError(what + ": bytes after the head where the next response belongs", strayBytes);
        }
        assertEquals(200, next.status(), what);
        assertEquals("hello", next.body(), what);
        return 1;
    }

    /**
     * The card's claim, checked on the running server: a {@code /hello} is handled on the kind of
     * thread the card says, and completed (sent) on the kind it says, for a zero wait and a wait;
     * the same thread when the card names no hand-off in between, another one when it names one.
     * Each thread's kind is told from its name, as the server (or the target's pools) named it.
     */
    @Test
    @Order(15)
    void eachHelloIsHandledAndCompletedOnTheKindsOfThreadItsCardSays() throws Exception {
        CellCard card = CellCard.of(cell.technology(), cell.strategy());
        try (HttpWire wire = new HttpWire(target.port())) {
            for (boolean waits : List.of(false, true)) {
                String id = cell + (waits ? "-wait" : "-now");
                wire.write(HttpWire.get("/hello?wait=" + (waits ? CellCard.WAIT_MILLIS : 0) + "&probe=" + id));
                assertEquals("hello", wire.read().body(), id);
                ProbeWatch.Trail trail = probes.trail(id);
                awaitTrue(() -> trail.ended(), id + " ended: " + trail);
                String what = cell + (waits ? " with a wait" : " with a zero wait") + ": " + trail;
                assertEquals(card.handledOn(), ThreadKinds.of(trail.handledOn, cell.technology()), what + ": handled on");
                assertEquals(card.completedOn(waits), ThreadKinds.of(trail.completedOn, cell.technology()), what + ": completed on");
                if (card.threads(waits).size() == 1) {
                    // (After a hand-off the request may come back to the same pool thread, free again: not checked.)
                    assertSame(trail.handledOn, trail.completedOn, what + ": no hand-off in the strategy");
                }
                if (cell.technology().writesOnItsIoThreadsOnly()) {
                    assertEquals(ThreadKind.IO, ThreadKinds.of(trail.endedOn, cell.technology()), what + ": written on the I/O thread");
                }
            }
        }
    }

    /**
     * {@code /stats} ends with what the JVM has spent: the bytes allocated grow as requests are
     * answered; {@code ?resetPeaks} starts maxInFlight again from what is in flight now (this cell's
     * 200 concurrent requests made it at least 200) and the peak thread count from the threads alive.
     */
    @Test
    @Order(16)
    void statsReportWhatTheJvmSpentAndResetPeaksStartsThePeaksAgain() throws Exception {
        awaitTrue(() -> target.stats().inFlightCount() == 0, "nothing in flight: " + target.stats());
        long[] before = jvm(get("/stats").body());
        for (int i = 0; i < 50; i++) {
            assertEquals("hello", get("/hello").body());
        }
        String grown = get("/stats").body();
        long[] after = jvm(grown);
        assertTrue(after[0] > before[0], "allocatedBytes grew over 50 requests: " + before[0] + " -> " + after[0]);
        assertTrue(after[2] >= after[1], "peakThreads >= liveThreads: " + grown);
        assertTrue(parse(grown)[3] >= CONCURRENT, "maxInFlight before the reset: " + grown);

        String reset = get("/stats?resetPeaks").body();
        long[] counters = parse(reset);
        assertEquals(counters[2], counters[3], "maxInFlight is what is in flight now: " + reset);
        assertTrue(counters[3] < CONCURRENT, "the 200 concurrent requests' peak is gone: " + reset);
        long[] jvm = jvm(reset);
        assertTrue(jvm[2] >= jvm[1], "peakThreads starts again from the live ones, at least: " + reset);
        assertTrue(jvm[0] >= after[0], "allocatedBytes is a total, never reset");
    }

    /**
     * The same response from every cell: {@code /hello} and {@code /stream} are compared byte for byte
     * with the one response every cell must send (so with each other), but for the {@code Date}
     * value, which must be now. Two differences no setting of the server removes are allowed, each
     * on the cells it belongs to: Tomcat's status line has no reason phrase (Tomcat 9 and later
     * send none), and Undertow writes the fields of its head in the order of its header map (RFC 9110
     * section 5.3: the order of fields with different names carries no meaning); there the same
     * lines are compared as a set.
     */
    @Test
    @Order(17)
    void helloAndStreamAreTheSameBytesOnEveryCellButTheDate() throws Exception {
        byte[] pattern = new byte[300];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i % 251);
        }
        try (HttpWire wire = new HttpWire(target.port())) {
            wire.write(HttpWire.get("/hello"));
            assertSameResponse(RawResponse.read(wire.input()), List.of("Content-Type: text/plain", "Content-Length: 5"),
                    "hello".getBytes(StandardCharsets.US_ASCII), "GET /hello");
            wire.write(HttpWire.get("/stream?bytes=300&chunk=7"));
            assertSameResponse(RawResponse.read(wire.input()), List.of("Content-Type: application/octet-stream",
                    "Content-Length: 300"), pattern, "GET /stream?bytes=300&chunk=7");
            wire.write("GET /stream?bytes=300 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertSameResponse(RawResponse.read(wire.input()), List.of("Content-Type: application/octet-stream",
                    "Content-Length: 300", "Connection: close"), pattern, "GET /stream?bytes=300, Connection: close");
        }
    }

    private void assertSameResponse(RawResponse response, List<String> fields, byte[] body, String what) {
        String server = cell.technology().name();
        String statusLine = server.equals("tomcat") ? "HTTP/1.1 200 " : "HTTP/1.1 200 OK";
        assertEquals(statusLine, response.statusLine(), cell + " " + what + ": the status line");
        List<String> expected = new ArrayList<>();
        expected.add("Date: " + RawResponse.DATE_VALUE);
        expected.addAll(fields);
        List<String> actual = response.fields().stream().map(RawResponse::withoutDateValue).toList();
        if (server.startsWith("undertow")) {
            assertEquals(expected.stream().sorted().toList(), actual.stream().sorted().toList(),
                    cell + " " + what + ": the same fields, in Undertow's order");
        } else {
            assertEquals(expected, actual, cell + " " + what + ": the head, byte for byte but the Date value");
        }
        RawResponse.assertDateIsNow(response, cell + " " + what);
        assertArrayEquals(body, response.body(), cell + " " + what + ": the body");
    }

    /** allocatedBytes, liveThreads, peakThreads of a {@code /stats} body. */
    private static long[] jvm(String json) {
        Matcher matcher = Pattern.compile(",\"jvm\":\\{\"allocatedBytes\":(\\d+),\"liveThreads\":(\\d+),"
                + "\"peakThreads\":(\\d+)}}$").matcher(json);
        assertTrue(matcher.find(), json);
        return new long[] {Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)), Long.parseLong(matcher.group(3))};
    }

    /** The last test of a cell: it stops the cell's target. */
    @Test
    @Order(100)
    void stopFinishesInFlightRequestsThenRefusesConnections() throws Exception {
        int port = target.port();
        CompletableFuture<HttpResponse<String>> inFlight = CLIENT.sendAsync(
                HttpRequest.newBuilder(target.uri().resolve("/hello?wait=300")).build(), HttpResponse.BodyHandlers.ofString());
        RequestStats stats = target.stats();
        awaitTrue(() -> stats.inFlightCount() == 1, "1 in flight: " + stats);
        target.stop();
        assertEquals("hello", inFlight.get(10, TimeUnit.SECONDS).body());
        assertThrows(ConnectException.class, () -> new HttpWire(port).close());
    }

    private HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return get(target, pathAndQuery);
    }

    static HttpResponse<String> get(Target target, String pathAndQuery) throws IOException, InterruptedException {
        URI uri = target.uri().resolve(pathAndQuery);
        return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static long[] stats() {
        return parse(target.statsJson());
    }

    /** The seven counters of a {@code /stats} body, in order. */
    static long[] parse(String json) {
        Matcher matcher = STATS.matcher(json);
        assertTrue(matcher.matches(), json);
        long[] values = new long[7];
        for (int i = 0; i < values.length; i++) {
            values[i] = Long.parseLong(matcher.group(i + 1));
        }
        return values;
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
        awaitTrue(condition, () -> what);
    }

    /** As {@link #awaitTrue(BooleanSupplier, String)}, {@code what} said as it is when the wait ends (counters as they are then). */
    static void awaitTrue(BooleanSupplier condition, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting for: " + what.get());
            }
            Thread.sleep(5);
        }
    }
}
