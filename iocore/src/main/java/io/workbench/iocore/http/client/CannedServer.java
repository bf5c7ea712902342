package io.workbench.iocore.http.client;

import io.workbench.iocore.selector.CannedConnection;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.selector.ServerConnector;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.LongAdder;

/**
 * The cheapest server there is to measure a client against: iocore's server side on one selector,
 * answering every request head with the same {@code 200 hello} ({@link CannedConnection}), written
 * in place on the selector thread. Its threads are named after it, so that a measurement can leave
 * them out.
 */
final class CannedServer implements AutoCloseable {

    private final SelectorManager selectors;
    private final ServerConnector connector;

    CannedServer(String name) throws IOException {
        selectors = new SelectorManager(SelectorManager.Config.defaults().withName(name).withSelectors(1));
        selectors.start();
        connector = new ServerConnector(selectors, endPoint -> new CannedConnection(endPoint, new LongAdder()), ServerConnector.Config.defaults());
        connector.start();
    }

    InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", connector.getLocalPort());
    }

    @Override
    public void close() {
        connector.stop();
        selectors.stop();
    }
}
