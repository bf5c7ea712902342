package io.workbench.iocore.selector;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.ConnectionFactory;
import io.workbench.iocore.io.EndPoint;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Test fixtures: a server on 127.0.0.1 port 0, an echo connection, file descriptor counting. */
final class Servers {

    private Servers() {
    }

    /** A running manager and connector; closing stops both. */
    static final class TestServer implements AutoCloseable {
        final SelectorManager manager;
        final ServerConnector connector;
        /** Every connection the factory made, to reach server-side endpoints from a test. */
        final Set<AbstractConnection> connections = ConcurrentHashMap.newKeySet();

        TestServer(SelectorManager.Config config, ConnectionFactory factory) throws IOException {
            this(new SelectorManager(config), factory);
        }

        /** Starts {@code manager} (not started yet) and a connector on it. */
        TestServer(SelectorManager manager, ConnectionFactory factory) throws IOException {
            this.manager = manager;
            manager.start();
            connector = new ServerConnector(manager, endPoint -> {
                var connection = factory.newConnection(endPoint);
                if (connection instanceof AbstractConnection c) {
                    connections.add(c);
                }
                return connection;
            }, ServerConnector.Config.defaults());
            connector.start();
        }

        InetSocketAddress address() {
            return new InetSocketAddress("127.0.0.1", connector.getLocalPort());
        }

        @Override
        public void close() {
            connector.stop();
            manager.stop();
        }
    }

    static SelectorManager.Config config(String name) {
        return SelectorManager.Config.defaults().withName(name).withSelectors(2).withMaxThreads(16);
    }

    /** Echoes what it reads, one buffer at a time, never blocking. */
    static class EchoConnection extends AbstractConnection {
        final ByteBuffer buffer = ByteBuffer.allocateDirect(4096);
        volatile Throwable closeCause;
        volatile boolean closed;
        volatile Thread lastFillThread;
        private final Callback written = Callback.from(InvocationType.NON_BLOCKING, this::fillInterested, this::failed);

        EchoConnection(EndPoint endPoint, InvocationType readType) {
            super(endPoint, readType);
        }

        @Override
        protected void onFillable() {
            lastFillThread = Thread.currentThread();
            try {
                buffer.clear();
                int n = getEndPoint().fill(buffer);
                if (n < 0) {
                    getEndPoint().close();
                } else if (n == 0) {
                    fillInterested();
                } else {
                    buffer.flip();
                    getEndPoint().write(written, buffer);
                }
            } catch (IOException x) {
                getEndPoint().close(x);
            }
        }

        private void failed(Throwable cause) {
            getEndPoint().close(cause);
        }

        @Override
        public void onClose(Throwable cause) {
            closeCause = cause;
            closed = true;
        }
    }

    /** @return the number of file descriptors this process has open */
    static int openFds() {
        String[] fds = new File("/proc/self/fd").list();
        if (fds == null) {
            throw new IllegalStateException("/proc/self/fd is not readable");
        }
        return fds.length;
    }

    /** Polls {@code condition} every few ms for up to {@code seconds}; @return whether it became true. */
    static boolean await(BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    /** @return whether any live thread's name starts with {@code prefix} */
    static boolean threadsAlive(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.isAlive() && t.getName().startsWith(prefix));
    }
}
