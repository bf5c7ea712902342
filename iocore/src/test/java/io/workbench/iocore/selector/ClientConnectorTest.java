package io.workbench.iocore.selector;

import static io.workbench.iocore.selector.Servers.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.selector.Servers.EchoConnection;
import io.workbench.iocore.selector.Servers.TestServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** iocore's own client side against iocore's server side, all non-blocking. */
class ClientConnectorTest {

    /** Sends a message when opened and completes with what comes back once it has as many bytes. */
    static final class PingConnection extends AbstractConnection {
        final byte[] message;
        final ByteBuffer received;
        final CompletableFuture<String> reply = new CompletableFuture<>();

        PingConnection(EndPoint endPoint, String message) {
            super(endPoint, InvocationType.NON_BLOCKING);
            this.message = message.getBytes(StandardCharsets.US_ASCII);
            this.received = ByteBuffer.allocate(this.message.length);
        }

        @Override
        public void onOpen() {
            fillInterested();
            getEndPoint().write(Callback.from(InvocationType.NON_BLOCKING, () -> { }, reply::completeExceptionally),
                    ByteBuffer.wrap(message));
        }

        @Override
        protected void onFillable() {
            try {
                int n = getEndPoint().fill(received);
                if (n < 0) {
                    reply.completeExceptionally(new IOException("EOF after " + received.position() + " bytes"));
                    return;
                }
                if (!received.hasRemaining()) {
                    reply.complete(new String(received.array(), StandardCharsets.US_ASCII));
                    getEndPoint().close();
                    return;
                }
                fillInterested();
            } catch (IOException x) {
                reply.completeExceptionally(x);
            }
        }
    }

    @Test
    void connectsAndTalksToTheServerManyTimesConcurrently() throws Exception {
        try (TestServer server = new TestServer(Servers.config("cs-server"), ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING))) {
            SelectorManager clients = new SelectorManager(Servers.config("cs-client"));
            clients.start();
            try {
                ClientConnector connector = new ClientConnector(clients, 10_000);
                List<CompletableFuture<String>> replies = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    String message = "ping " + i;
                    // Spread over source addresses, as the load generator will.
                    InetSocketAddress local = new InetSocketAddress("127.0.0." + (2 + i % 8), 0);
                    replies.add(connector.connect(server.address(), local, ep -> new PingConnection(ep, message))
                            .thenCompose(c -> c.reply));
                }
                for (int i = 0; i < replies.size(); i++) {
                    assertEquals("ping " + i, replies.get(i).get(30, TimeUnit.SECONDS));
                }
                assertTrue(await(() -> clients.getEndPointCount() == 0, 10), clients.dump());
            } finally {
                clients.stop();
            }
        }
    }

    @Test
    void connectToAPortNobodyListensOnFails() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        SelectorManager clients = new SelectorManager(Servers.config("cs-refused"));
        clients.start();
        try {
            CompletableFuture<PingConnection> future = new ClientConnector(clients, 10_000)
                    .connect(new InetSocketAddress("127.0.0.1", port), ep -> new PingConnection(ep, "x"));
            ExecutionException x = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
            assertInstanceOf(ConnectException.class, x.getCause());
            assertEquals(0, clients.getEndPointCount());
        } finally {
            clients.stop();
        }
    }

    @Test
    void connectOnAStoppedManagerFailsClearly() {
        SelectorManager clients = new SelectorManager(Servers.config("cs-stopped"));
        CompletableFuture<PingConnection> future = new ClientConnector(clients, 1000)
                .connect(new InetSocketAddress("127.0.0.1", 1), ep -> new PingConnection(ep, "x"));
        ExecutionException x = assertThrows(ExecutionException.class, () -> future.get(1, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, x.getCause());
        assertThrows(IllegalArgumentException.class, () -> new ClientConnector(clients, 0));
    }
}
