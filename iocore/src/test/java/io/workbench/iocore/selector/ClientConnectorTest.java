package io.workbench.iocore.selector;

import static io.workbench.iocore.selector.Servers.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.concurrent.CountDownLatch;
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

    /** Blocks the thread that closes it (the selector, stopping) until released. */
    static final class BlockingClose extends AbstractConnection {
        final CountDownLatch closing;
        final CountDownLatch release;

        BlockingClose(EndPoint endPoint, CountDownLatch closing, CountDownLatch release) {
            super(endPoint, InvocationType.NON_BLOCKING);
            this.closing = closing;
            this.release = release;
        }

        @Override
        protected void onFillable() {
            fillInterested();
        }

        @Override
        protected void onFillInterestedFailed(Throwable cause) {
            closing.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
            super.onFillInterestedFailed(cause);
        }
    }

    /**
     * A stopping selector first closes what is registered with it, then runs the actions left in
     * its queue. A connect that arrives in between (it passed the manager's running check before
     * the stop) must be refused there, not registered with a selector that is about to close: its
     * descriptor would leak and its future never complete.
     */
    @Test
    void aConnectThatReachesAStoppingSelectorIsRefusedAndItsDescriptorClosed() throws Exception {
        withListenerAndClients("cs-stopping", (listener, address, clients) -> {
            ManagedSelector selector = clients.getSelectors().get(0);
            ClientConnector connector = new ClientConnector(clients, 10_000);
            CountDownLatch closing = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            connector.connect(address, null, selector, ep -> new BlockingClose(ep, closing, release)).get(10, TimeUnit.SECONDS);
            Thread stopper = new Thread(selector::stop, "cs-stopper");
            stopper.start();
            // The selector is closing what it has registered.
            assertTrue(closing.await(10, TimeUnit.SECONDS));
            CompletableFuture<PingConnection> late = connector.connect(address, null, selector, ep -> new PingConnection(ep, "late"));
            release.countDown();
            ExecutionException x = assertThrows(ExecutionException.class, () -> late.get(10, TimeUnit.SECONDS));
            assertTrue(x.getCause().getMessage().contains("selector stopped"), x.getCause().toString());
            stopper.join(10_000);
            assertFalse(stopper.isAlive());
            // Both connects reached the listener's backlog; both client sockets are closed now: the
            // server side of each reads the end of the stream (a leaked one would stay silent).
            for (String which : List.of("the connection the stop closed", "the refused connect")) {
                try (java.net.Socket accepted = listener.accept()) {
                    accepted.setSoTimeout(10_000);
                    assertEquals(-1, accepted.getInputStream().read(), which);
                }
            }
        });
    }

    /**
     * Closed with a reset, a connection leaves no TIME_WAIT behind: the peer reads a reset, not the
     * end of the stream; without it, the end of the stream (a close the client side keeps in TIME_WAIT).
     */
    @Test
    void aConnectorThatResetsOnCloseSendsAResetAndAPlainOneAFin() throws Exception {
        withListenerAndClients("cs-reset", (listener, address, clients) -> {
            for (boolean reset : new boolean[] {false, true}) {
                PingConnection connection = new ClientConnector(clients, 10_000, reset)
                        .connect(address, ep -> new PingConnection(ep, "reset=" + reset)).get(10, TimeUnit.SECONDS);
                try (java.net.Socket accepted = listener.accept()) {
                    accepted.setSoTimeout(10_000);
                    connection.getEndPoint().close();
                    // What the connection wrote on open comes first, unless the reset discarded it.
                    java.io.InputStream in = accepted.getInputStream();
                    if (reset) {
                        java.io.IOException x = assertThrows(java.io.IOException.class, () -> {
                            while (in.read() != -1) {
                                // its greeting
                            }
                        });
                        assertTrue(x.getMessage().toLowerCase(java.util.Locale.ROOT).contains("reset"), x.toString());
                    } else {
                        assertEquals("reset=false", new String(in.readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII),
                                "a plain close ends the stream after what was written");
                    }
                }
            }
        });
    }

    /** What a test does with a plain listener on loopback and a started client selector manager. */
    private interface ListenerTest {
        void run(ServerSocket listener, InetSocketAddress address, SelectorManager clients) throws Exception;
    }

    /** Runs {@code test} with a listener on 127.0.0.1 and a client manager named {@code name}, and stops and closes both after. */
    private static void withListenerAndClients(String name, ListenerTest test) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
            SelectorManager clients = new SelectorManager(Servers.config(name));
            clients.start();
            try {
                test.run(listener, new InetSocketAddress("127.0.0.1", listener.getLocalPort()), clients);
            } finally {
                clients.stop();
            }
        }
    }

    @Test
    void aConnectOnASelectorOfAnotherManagerIsRefused() throws Exception {
        SelectorManager clients = new SelectorManager(Servers.config("cs-mine"));
        SelectorManager others = new SelectorManager(Servers.config("cs-theirs"));
        clients.start();
        others.start();
        try {
            ClientConnector connector = new ClientConnector(clients, 1000);
            assertThrows(IllegalArgumentException.class, () -> connector.connect(new InetSocketAddress("127.0.0.1", 1), null,
                    others.getSelectors().get(0), ep -> new PingConnection(ep, "x")));
        } finally {
            others.stop();
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
