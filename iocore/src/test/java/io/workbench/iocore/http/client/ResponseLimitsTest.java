package io.workbench.iocore.http.client;

import static io.workbench.iocore.http.client.HttpClientResponsesTest.HELLO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.http.client.HttpClientException.Kind;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client's default limits take any valid response a load target sends (a large download, a
 * large header section), and a limit a user sets is named when a response goes over it.
 */
class ResponseLimitsTest {

    private static final int LARGE_BODY = 20_000_000;

    private HttpClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.stop();
        }
    }

    private static String cookies(int bytes) {
        StringBuilder fields = new StringBuilder();
        for (int i = 0; fields.length() < bytes; i++) {
            fields.append("Set-Cookie: c").append(i).append('=').append("v".repeat(200)).append("\r\n");
        }
        return fields.toString();
    }

    private ScriptedServer server() throws Exception {
        byte[] body = new byte[LARGE_BODY];
        return new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write(("HTTP/1.1 200 OK\r\nContent-Length: " + LARGE_BODY + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            peer.write(body);
            peer.readRequest();
            peer.write("HTTP/1.1 200 OK\r\n" + cookies(9 * 1024) + "Content-Length: 5\r\n\r\nhello");
            peer.readRequest();
            peer.write(HELLO);
            peer.awaitClientClose();
        });
    }

    /** Counts the body and keeps nothing, as a load generator does. */
    private static CompletableFuture<HttpExchangeSummary> count(HttpClientConnection connection, String target) {
        CompletableFuture<HttpExchangeSummary> result = new CompletableFuture<>();
        HttpResponseListener counter = new HttpResponseListener() {
            @Override
            public boolean wantsContent() {
                return false;
            }

            @Override
            public void onComplete(HttpExchange exchange) {
                if (exchange.isSucceeded()) {
                    result.complete(new HttpExchangeSummary(exchange.status(), exchange.contentBytes(),
                            exchange.hasResponseHead() ? exchange.fields().size() : 0));
                } else {
                    result.completeExceptionally(exchange.failure());
                }
            }
        };
        assertEquals(HttpClientConnection.Admission.ACCEPTED, connection.send(HttpRequest.get(target), counter, 0));
        return result;
    }

    record HttpExchangeSummary(int status, long contentBytes, int fields) {
    }

    @Test
    void theDefaultsTakeA20MBBodyAndNineKiBOfSetCookie() throws Exception {
        try (ScriptedServer server = server()) {
            client = TestClients.start(TestClients.config("large-defaults"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            HttpExchangeSummary download = count(connection, "/download").get(20, TimeUnit.SECONDS);
            assertEquals(200, download.status());
            assertEquals(LARGE_BODY, download.contentBytes());
            HttpExchangeSummary cookies = count(connection, "/cookies").get(20, TimeUnit.SECONDS);
            assertEquals(200, cookies.status());
            assertTrue(cookies.fields() > 40, "every Set-Cookie field arrived: " + cookies.fields());
            assertEquals("hello", connection.send(HttpRequest.get("/hello")).get(20, TimeUnit.SECONDS).bodyAsString());
        }
    }

    @Test
    void aResponseOverALimitTheUserSetNamesTheLimit() throws Exception {
        for (HttpLimits limits : new HttpLimits[]{
                HttpClient.Config.DEFAULT_LIMITS.withMaxContentLength(16L * 1024 * 1024),
                HttpClient.Config.DEFAULT_LIMITS.withMaxHeaderBytes(8 * 1024)}) {
            boolean content = limits.maxContentLength() != Long.MAX_VALUE;
            // Over the content limit is known from Content-Length, before any content is read.
            String head = content ? "HTTP/1.1 200 OK\r\nContent-Length: " + LARGE_BODY + "\r\n\r\n"
                    : "HTTP/1.1 200 OK\r\n" + cookies(9 * 1024) + "Content-Length: 5\r\n\r\nhello";
            try (ScriptedServer server = new ScriptedServer(peer -> {
                peer.readRequest();
                peer.write(head);
                peer.awaitClientClose();
            })) {
                client = TestClients.start(TestClients.config("over-limit").withLimits(limits));
                HttpClientConnection connection = TestClients.connect(client, server.address());
                ExecutionException x = assertThrows(ExecutionException.class, () -> count(connection, "/big").get(20, TimeUnit.SECONDS));
                HttpClientException failure = assertInstanceOf(HttpClientException.class, x.getCause());
                assertEquals(Kind.BAD_RESPONSE, failure.kind());
                String limit = content ? "HttpLimits.maxContentLength" : "HttpLimits.maxHeaderBytes";
                assertTrue(failure.getMessage().contains("over the client's limit " + limit)
                        && failure.getMessage().contains("HttpClient.Config.withLimits"), failure.getMessage());
                client.stop();
                client = null;
            }
        }
    }

    @Test
    void aBadResponseThatIsNotOverALimitNamesNone() throws Exception {
        try (ScriptedServer server = new ScriptedServer(peer -> {
            peer.readRequest();
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!");
            peer.awaitClientClose();
        })) {
            client = TestClients.start(TestClients.config("not-a-limit"));
            HttpClientConnection connection = TestClients.connect(client, server.address());
            ExecutionException x = assertThrows(ExecutionException.class, () -> count(connection, "/bad").get(20, TimeUnit.SECONDS));
            HttpClientException failure = assertInstanceOf(HttpClientException.class, x.getCause());
            assertEquals(Kind.BAD_RESPONSE, failure.kind());
            assertTrue(!failure.getMessage().contains("over the client's limit"), failure.getMessage());
        }
    }
}
