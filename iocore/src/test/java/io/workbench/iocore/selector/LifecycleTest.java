package io.workbench.iocore.selector;

import static io.workbench.iocore.selector.Servers.await;
import static io.workbench.iocore.selector.Servers.openFds;
import static io.workbench.iocore.selector.Servers.threadsAlive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.selector.Servers.EchoConnection;
import io.workbench.iocore.selector.Servers.TestServer;
import io.workbench.iocore.thread.ExecutionStrategy;
import java.io.IOException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Open and drop thousands of connections; stop; nothing may be left: no fd, no endpoint, no thread. */
class LifecycleTest {

    @Test
    void thousandsOfConnectionsOpenedAndDroppedLeakNoFileDescriptor() throws Exception {
        int baseline = openFds();
        try (TestServer server = new TestServer(Servers.config("leak"), ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING))) {
            int withServer = openFds();
            for (int batch = 0; batch < 20; batch++) {
                List<Socket> sockets = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    Socket socket = new Socket("127.0.0.1", server.connector.getLocalPort());
                    sockets.add(socket);
                    if (i % 3 == 0) {
                        socket.getOutputStream().write('x');
                    }
                }
                for (int i = 0; i < sockets.size(); i++) {
                    Socket socket = sockets.get(i);
                    if (i % 2 == 0) {
                        socket.setSoLinger(true, 0); // a reset rather than a FIN
                    }
                    socket.close();
                }
            }
            assertTrue(await(() -> server.connector.getAccepted() == 2000, 30), server.connector.toString());
            assertTrue(await(() -> server.manager.getEndPointCount() == 0, 30), server.manager.dump());
            assertTrue(await(() -> openFds() <= withServer, 30), "fds " + openFds() + " > " + withServer + " with the server idle");
        }
        assertTrue(await(() -> openFds() <= baseline, 30), "fds " + openFds() + " > baseline " + baseline + " after stop");
    }

    @Test
    void stopClosesOpenConnectionsAndJoinsEveryThreadUnderEachConfiguration() throws Exception {
        int baseline = openFds();
        for (ExecutionStrategy.Kind kind : ExecutionStrategy.Kind.values()) {
            for (SelectorManager.Workers workers : SelectorManager.Workers.values()) {
                String name = "stop-" + kind.name().toLowerCase() + "-" + workers.name().toLowerCase();
                TestServer server = new TestServer(Servers.config(name).withStrategy(kind).withWorkers(workers),
                        ep -> new EchoConnection(ep, InvocationType.BLOCKING));
                List<Socket> clients = new ArrayList<>();
                try {
                    for (int i = 0; i < 10; i++) {
                        Socket socket = new Socket("127.0.0.1", server.connector.getLocalPort());
                        socket.setSoTimeout(20_000);
                        socket.getOutputStream().write('a');
                        assertEquals('a', socket.getInputStream().read());
                        clients.add(socket);
                    }
                    assertEquals(10, server.manager.getEndPointCount());
                    assertTrue(threadsAlive(name + "-"));
                } finally {
                    server.close();
                }
                assertFalse(threadsAlive(name + "-"), "threads of " + name + " outlived stop()");
                assertEquals(0, server.manager.getEndPointCount());
                assertTrue(server.connections.stream().allMatch(c -> ((EchoConnection) c).closed), "onClose ran for each");
                for (Socket client : clients) {
                    assertEquals(-1, client.getInputStream().read(), "stop closed the server side");
                    client.close();
                }
            }
        }
        assertTrue(await(() -> openFds() <= baseline, 30), "fds " + openFds() + " > baseline " + baseline);
    }

    @Test
    void badConfigurationAndBindFailuresGetClearErrors() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> Servers.config("bad").withSelectors(0));
        assertThrows(IllegalArgumentException.class, () -> Servers.config("bad").withMaxThreads(2));
        assertThrows(IllegalArgumentException.class, () -> ServerConnector.Config.defaults().withPort(70_000));
        try (TestServer server = new TestServer(Servers.config("bind"), ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING))) {
            ServerConnector clash = new ServerConnector(server.manager, ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING),
                    ServerConnector.Config.defaults().withPort(server.connector.getLocalPort()));
            IOException x = assertThrows(IOException.class, clash::start);
            assertTrue(x.getMessage().contains(":" + server.connector.getLocalPort()), x.getMessage());
            assertFalse(clash.isRunning());
        }
        SelectorManager stopped = new SelectorManager(Servers.config("unstarted"));
        assertThrows(IllegalStateException.class,
                () -> new ServerConnector(stopped, ep -> null, ServerConnector.Config.defaults()).start());
    }

    @Test
    void dumpShowsTheTreeWithStates() throws Exception {
        try (TestServer server = new TestServer(Servers.config("dump"), ep -> new EchoConnection(ep, InvocationType.NON_BLOCKING));
             Socket socket = new Socket("127.0.0.1", server.connector.getLocalPort())) {
            assertTrue(socket.isConnected());
            assertTrue(await(() -> server.manager.getEndPointCount() == 1, 10));
            String dump = server.manager.dump();
            assertTrue(dump.contains("SelectorManager@"), dump);
            assertTrue(dump.contains("BoundedThreadPool@"), dump);
            assertTrue(dump.contains("ManagedSelector@"), dump);
            assertTrue(dump.contains("SocketChannelEndPoint@") && dump.contains(",OPEN,interest=R-"), dump);
            assertTrue(dump.contains("fill=INTERESTED,write=IDLE"), dump);
            assertTrue(dump.contains("Acceptor["), dump);
        }
    }
}
