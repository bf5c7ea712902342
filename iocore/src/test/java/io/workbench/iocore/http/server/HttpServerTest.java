package io.workbench.iocore.http.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.thread.ExecutionStrategy;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The server over real sockets on 127.0.0.1, with {@link HttpClient} and a raw socket: keep-alive,
 * pipelining, content in and out, where handlers run, and what happens when a handler does not
 * write, fails or throws.
 */
class HttpServerTest {

    private static HttpClient httpClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    private static HttpResponse<String> send(HttpClient client, TestServer server, HttpRequest.Builder request) throws Exception {
        return client.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder request(TestServer server, String target) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + target));
    }

    @Test
    void helloOverHttpClient() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); HttpClient client = httpClient()) {
            HttpResponse<String> response = send(client, server, request(server, "/hello"));
            assertEquals(200, response.statusCode());
            assertEquals("hello", response.body());
            assertEquals("text/plain", response.headers().firstValue("content-type").orElseThrow());
            assertEquals("5", response.headers().firstValue("content-length").orElseThrow());
            assertTrue(response.headers().firstValue("date").isPresent(), "an origin server sends Date");
        }
    }

    @Test
    void keepAliveServesManyRequestsOnOneConnection() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            for (int i = 0; i < 200; i++) {
                RawClient.Reply reply = client.send(RawClient.get(i % 2 == 0 ? "/hello" : "/delay?ms=1")).read();
                assertEquals(200, reply.status());
                assertNull(reply.header("connection"), "HTTP/1.1 persists without saying so");
            }
            assertEquals(1, server.server.getConnector().getAccepted(), "one connection for all 200 requests");
        }
    }

    @Test
    void httpClientReusesItsConnectionsAcrossConcurrentRequests() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); HttpClient client = httpClient()) {
            int requests = 0;
            for (int round = 0; round < 10; round++) {
                List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
                for (int i = 0; i < 32; i++) {
                    String target = i % 3 == 0 ? "/delay?ms=5" : "/hello";
                    responses.add(client.sendAsync(request(server, target).timeout(Duration.ofSeconds(30)).build(),
                            HttpResponse.BodyHandlers.ofString()));
                    requests++;
                }
                for (int i = 0; i < responses.size(); i++) {
                    HttpResponse<String> response = responses.get(i).get(30, TimeUnit.SECONDS);
                    assertEquals(200, response.statusCode());
                    assertEquals(i % 3 == 0 ? "/delay?ms=5" : "hello", response.body());
                }
            }
            assertEquals(requests, server.handler.handled.get());
            long accepted = server.server.getConnector().getAccepted();
            assertTrue(accepted <= 32 + 8, accepted + " connections for " + requests + " requests: they were kept alive and reused");
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderWhateverTheirDelays() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            int[] delays = {120, 0, 60, 1, 30, 0};
            StringBuilder pipeline = new StringBuilder();
            for (int delay : delays) {
                pipeline.append(delay == 0 ? RawClient.get("/hello") : RawClient.get("/delay?ms=" + delay));
            }
            client.send(pipeline.toString());
            for (int delay : delays) {
                assertEquals(delay == 0 ? "hello" : "/delay?ms=" + delay, client.read().body());
            }
        }
    }

    @Test
    void aFinishedResponseIsWrittenWhileTheNextPipelinedHandlerIsStillOut() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            client.socket.setSoTimeout(10_000);
            // One write carrying both: the second handler returns at once and answers when the test says.
            client.send(RawClient.get("/hello") + RawClient.get("/await"));
            assertEquals("hello", client.read().body(), "the first response waited for the second handler");
            assertEquals(1, server.handler.awaiting.size(), "the second handler is still out");
            server.handler.awaiting.take().run();
            assertEquals("awaited", client.read().body());
            // The connection goes on.
            assertEquals("hello", client.send(RawClient.get("/hello")).read().body());
        }
    }

    @Test
    void aFinishedResponseIsWrittenWhileTheNextPipelinedHandlerBlocks() throws Exception {
        try (TestServer server = new TestServer(InvocationType.BLOCKING); RawClient client = server.client()) {
            client.socket.setSoTimeout(10_000);
            client.send(RawClient.get("/hello") + RawClient.get("/block"));
            try {
                assertTrue(server.handler.blocked.await(10, TimeUnit.SECONDS));
                assertEquals("hello", client.read().body(), "the first response waited for the blocked handler");
            } finally {
                server.handler.release.countDown();
            }
            assertEquals("released", client.read().body());
        }
    }

    @Test
    void aLongPipelineIsIteratedAtConstantStackDepth() throws Exception {
        int requests = 5_000;
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            byte[] pipeline = RawClient.get("/depth").repeat(requests).getBytes(StandardCharsets.US_ASCII);
            CompletableFuture<Void> writing = CompletableFuture.runAsync(() -> {
                try {
                    client.send(pipeline);
                } catch (java.io.IOException x) {
                    throw new java.io.UncheckedIOException(x);
                }
            });
            for (int i = 0; i < requests; i++) {
                assertEquals(200, client.read().status());
            }
            writing.get(30, TimeUnit.SECONDS);
            int growth = server.handler.maxDepth.get() - server.handler.minDepth.get();
            // Reading in place, resuming from a write completion and from a fill differ by a few frames; recursion would add thousands.
            assertTrue(growth < 40, "stack grew by " + growth + " frames over " + requests + " pipelined requests");
        }
    }

    @Test
    void contentLengthAndChunkedRequestContentReachTheHandler() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            client.send("POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello world");
            assertEquals("hello world", client.read().body());
            client.send("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n1;ext=1\r\n \r\n5\r\nworld\r\n0\r\nX-Trailer: t\r\n\r\n");
            assertEquals("hello world", client.read().body());
            // Split across writes, byte by byte at the end.
            client.send("POST /echo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab");
            Thread.sleep(20);
            for (byte b : "c\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII)) {
                client.send(new byte[]{b});
            }
            assertEquals("abc", client.read().body());
            assertEquals(1, server.server.getConnector().getAccepted());
        }
    }

    @Test
    void httpClientSendsAChunkedBodyOfUnknownLength() throws Exception {
        byte[] body = new byte[300_000];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('0' + i % 10);
        }
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); HttpClient client = httpClient()) {
            HttpResponse<String> response = send(client, server, request(server, "/echo")
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> (InputStream) new ByteArrayInputStream(body))));
            assertEquals(200, response.statusCode());
            assertEquals(new String(body, StandardCharsets.US_ASCII), response.body());
        }
    }

    @Test
    void aResponseInSeveralWritesIsChunked() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            RawClient.Reply reply = client.send(RawClient.get("/stream?pieces=3")).read();
            assertEquals("chunked", reply.header("transfer-encoding"));
            assertEquals("piece0;piece1;piece2;", reply.body());
            client.send("GET /stream?pieces=2 HTTP/1.0\r\n\r\n");
            RawClient.Reply old = client.read();
            assertNull(old.header("transfer-encoding"), "an HTTP/1.0 client cannot read chunks");
            assertEquals("piece0;piece1;", old.body());
            assertTrue(client.closedByServer(), "content delimited by the close");
        }
    }

    @Test
    void headGetsTheHeadWithoutContent() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            RawClient.Reply reply = client.send("HEAD /hello HTTP/1.1\r\nHost: h\r\n\r\n").read(HttpMethod.HEAD);
            assertEquals(200, reply.status());
            assertEquals("5", reply.header("content-length"));
            assertEquals(0, reply.bodyBytes());
            assertEquals("hello", client.send(RawClient.get("/hello")).read().body(), "the connection goes on in step");
        }
    }

    @Test
    void aLargeResponseToASlowReaderIsWrittenWhole() throws Exception {
        // Far more than loopback socket buffers hold for a client that does not read.
        int size = 16 * 1024 * 1024;
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            client.send(RawClient.get("/big?bytes=" + size) + RawClient.get("/hello"));
            // Not reading for a while: the socket buffers fill and the write must wait for them to drain.
            TestServer.await(() -> server.handler.handled.get() == 1, "the big request handled");
            Thread.sleep(200);
            assertEquals(0, server.handler.writesCompleted.get(), "the write cannot have completed: nobody read");
            RawClient.Reply reply = client.read();
            assertEquals(size, reply.bodyBytes());
            String expected = StandardCharsets.US_ASCII.decode(TestHandler.pattern(size)).toString();
            assertEquals(expected, reply.body(), "every byte, in order");
            assertEquals(1, server.handler.bigWritesPending.get(), "the write went pending and completed later");
            assertEquals("hello", client.read().body(), "the pipelined request was answered after it");
        }
    }

    @Test
    void connectionCloseIsHonouredAfterTheResponse() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            client.send("GET /delay?ms=20 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n" + RawClient.get("/hello"));
            RawClient.Reply reply = client.read();
            assertEquals("close", reply.header("connection"));
            assertTrue(client.closedByServer(), "the request pipelined after Connection: close is not answered");
            assertEquals(1, server.handler.handled.get());
        }
    }

    @Test
    void http10IsClosedUnlessItAsksForKeepAlive() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING)) {
            try (RawClient client = server.client()) {
                client.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
                assertEquals("keep-alive", client.read().header("connection"));
                client.send("GET /hello HTTP/1.0\r\n\r\n");
                assertEquals("close", client.read().header("connection"));
                assertTrue(client.closedByServer());
            }
        }
    }

    @Test
    void aNonBlockingHandlerRunsInPlaceOnTheSelectorThread() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            for (int i = 0; i < 5; i++) {
                assertEquals("selector", client.send(RawClient.get("/thread")).read().body());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ExecutionStrategy.Kind.class)
    void aBlockingHandlerDoesNotStallTheSelector(ExecutionStrategy.Kind strategy) throws Exception {
        SelectorManager.Config one = SelectorManager.Config.defaults().withName("test-blocking").withSelectors(1)
                .withMaxThreads(8).withStrategy(strategy);
        try (TestServer server = new TestServer(InvocationType.BLOCKING, one, HttpLimits.DEFAULT);
             RawClient blocked = server.client(); RawClient other = server.client()) {
            blocked.send(RawClient.get("/block"));
            assertTrue(server.handler.blocked.await(20, TimeUnit.SECONDS), "the blocking request reached its handler");
            assertEquals("hello", other.send(RawClient.get("/hello")).read().body(),
                    "the one selector served another connection while a handler blocked");
            assertEquals(0, blocked.socket.getInputStream().available());
            server.handler.release.countDown();
            assertEquals("released", blocked.read().body());
        }
    }

    @ParameterizedTest
    @EnumSource(ExecutionStrategy.Kind.class)
    void aBlockingHandlerOnVirtualThreadsServesKeepAliveAndPipelines(ExecutionStrategy.Kind strategy) throws Exception {
        SelectorManager.Config virtual = SelectorManager.Config.defaults().withName("test-virtual").withSelectors(1)
                .withMaxThreads(2).withWorkers(SelectorManager.Workers.VIRTUAL).withStrategy(strategy);
        try (TestServer server = new TestServer(InvocationType.BLOCKING, virtual, HttpLimits.DEFAULT);
             RawClient client = server.client()) {
            client.send(RawClient.get("/delay?ms=30") + RawClient.get("/thread") + RawClient.get("/hello"));
            assertEquals("/delay?ms=30", client.read().body());
            assertEquals("worker", client.read().body());
            assertEquals("hello", client.read().body());
        }
    }

    @Test
    void aHandlerThatCompletesWithoutWritingSendsAnEmptyResponse() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            RawClient.Reply reply = client.send(RawClient.get("/nowrite")).read();
            assertEquals(200, reply.status());
            assertEquals("0", reply.header("content-length"));
            assertEquals("hello", client.send(RawClient.get("/hello")).read().body(), "and the connection goes on");
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"NON_BLOCKING", "BLOCKING"})
    void aHandlerThatFailsOrThrowsGets500AndAClose(InvocationType type) throws Exception {
        try (TestServer server = new TestServer(type)) {
            for (String target : new String[]{"/fail", "/throw"}) {
                try (RawClient client = server.client()) {
                    RawClient.Reply reply = client.send(RawClient.get(target) + RawClient.get("/hello")).read();
                    assertEquals(500, reply.status(), target);
                    assertEquals("close", reply.header("connection"), target);
                    assertTrue(client.closedByServer(), target);
                }
            }
            TestServer.await(() -> server.outstandingBuffers() == 0, "every buffer back: " + server.outstandingBuffers());
        }
    }

    @Test
    void dumpShowsTheServerAndItsConnections() throws Exception {
        try (TestServer server = new TestServer(InvocationType.NON_BLOCKING); RawClient client = server.client()) {
            client.send(RawClient.get("/hello")).read();
            // The client can read the response before the server thread that wrote it has given
            // its input buffer back on its way to waiting for input: allow it that moment.
            String dump = server.server.dump();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (dump.contains("outstanding=1") && System.nanoTime() < deadline) {
                Thread.sleep(10);
                dump = server.server.dump();
            }
            assertTrue(dump.contains("HttpServer@"), dump);
            assertTrue(dump.contains("RUNNING"), dump);
            assertTrue(dump.contains("connection=HttpConnection"), dump);
            assertFalse(dump.contains("outstanding=1"), dump);
        }
    }
}
