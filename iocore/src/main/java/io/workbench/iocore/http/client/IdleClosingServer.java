package io.workbench.iocore.http.client;

import io.workbench.iocore.selector.CannedConnection;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.selector.ServerConnector;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * A server with a short keep-alive timeout, to test what a client does with stale connections:
 * it answers every request head with {@code 200 hello} ({@link CannedConnection}) and closes a
 * connection once it has been idle (no byte read or written) for {@code idleMillis}. Servers do
 * this all the time with timeouts of a few seconds; a client that keeps connections through lulls
 * sends, now and then, a request on a connection the server has just closed.
 *
 * <p>The close comes from iocore's idle sweep, which looks every quarter of the timeout (at least
 * every 10 ms): a connection is closed between {@code idleMillis} and {@code 1.25 * idleMillis}
 * after its last traffic, with a FIN (the server read everything the client sent). One selector.
 *
 * <pre>
 *   try (IdleClosingServer server = new IdleClosingServer(100)) {          // in a test
 *       InetSocketAddress address = server.address();
 *       ...
 *   }
 *   java -cp iocore/target/iocore.jar:$(cat iocore/target/runtime-classpath.txt) \
 *        io.workbench.iocore.http.client.IdleClosingServer PORT IDLE_MILLIS [SECONDS]   # by hand
 * </pre>
 */
public final class IdleClosingServer implements AutoCloseable {

    private final long idleMillis;
    private final SelectorManager selectors;
    private final ServerConnector connector;
    private final LongAdder requests = new LongAdder();

    /** Listens on 127.0.0.1, on a free port. */
    public IdleClosingServer(long idleMillis) throws IOException {
        this(0, idleMillis);
    }

    /**
     * @param port       the port to listen on, 0 for a free one
     * @param idleMillis how long a connection may be idle before the server closes it, at least 1
     */
    public IdleClosingServer(int port, long idleMillis) throws IOException {
        if (idleMillis < 1) {
            throw new IllegalArgumentException("idleMillis must be at least 1, was " + idleMillis);
        }
        this.idleMillis = idleMillis;
        selectors = new SelectorManager(SelectorManager.Config.defaults().withName("idle-closing-" + idleMillis + "ms")
                .withSelectors(1).withMaxThreads(4).withIdleTimeoutMillis(idleMillis));
        selectors.start();
        try {
            connector = new ServerConnector(selectors, endPoint -> new CannedConnection(endPoint, requests),
                    ServerConnector.Config.defaults().withPort(port));
            connector.start();
        } catch (IOException | RuntimeException x) {
            selectors.stop();
            throw x;
        }
    }

    /** @return where it listens: 127.0.0.1 and its port */
    public InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", connector.getLocalPort());
    }

    /** @return the connections it has open now (one it closed is gone from the count once its close ran) */
    public int openConnections() {
        return selectors.getEndPointCount();
    }

    /** @return request heads answered so far */
    public long requests() {
        return requests.sum();
    }

    /** @return the keep-alive timeout */
    public long idleMillis() {
        return idleMillis;
    }

    /** Closes every connection and the listening socket, and joins its threads. */
    @Override
    public void close() {
        connector.stop();
        selectors.stop();
    }

    @Override
    public String toString() {
        return "IdleClosingServer@" + Integer.toHexString(hashCode()) + "[" + address() + ",idle=" + idleMillis + "ms,open="
                + openConnections() + ",requests=" + requests() + "]";
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: IdleClosingServer PORT IDLE_MILLIS [SECONDS]   (runs until killed without SECONDS)");
            System.exit(2);
        }
        try (IdleClosingServer server = new IdleClosingServer(Integer.parseInt(args[0]), Long.parseLong(args[1]))) {
            System.out.println("READY http://127.0.0.1:" + server.address().getPort() + "/ (closes connections idle for "
                    + server.idleMillis() + " ms)");
            CountDownLatch never = new CountDownLatch(1);
            if (args.length > 2) {
                never.await(Long.parseLong(args[2]), TimeUnit.SECONDS);
            } else {
                never.await();
            }
        }
    }
}
