package io.workbench.iocore.http.client;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.selector.ServerConnector;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The cheapest server there is to measure a client against: iocore's server side on one selector,
 * answering every request head (bytes up to an empty line, counted across reads) with the same
 * {@code 200 hello}, written in place on the selector thread. Its threads are named after it, so
 * that a measurement can leave them out.
 */
final class CannedServer implements AutoCloseable {

    static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"
            .getBytes(StandardCharsets.US_ASCII);

    private final SelectorManager selectors;
    private final ServerConnector connector;

    CannedServer(String name) throws IOException {
        selectors = new SelectorManager(SelectorManager.Config.defaults().withName(name).withSelectors(1));
        selectors.start();
        connector = new ServerConnector(selectors, CannedConnection::new, ServerConnector.Config.defaults());
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

    private static final class CannedConnection extends AbstractConnection {
        private final ByteBuffer in = ByteBuffer.allocateDirect(16 * 1024);
        private final ByteBuffer out = ByteBuffer.allocateDirect(64 * 1024);
        private final ByteBuffer[] outArray = {out};
        private final Callback written = Callback.from(InvocationType.NON_BLOCKING, this::onWritten, this::fail);
        /** How much of "\r\n\r\n" the bytes read so far end with. */
        private int matched;
        /** Heads read and not yet answered. */
        private int owed;

        CannedConnection(EndPoint endPoint) {
            super(endPoint, InvocationType.NON_BLOCKING);
        }

        @Override
        protected void onFillable() {
            try {
                in.clear();
                int n = getEndPoint().fill(in);
                if (n < 0) {
                    getEndPoint().close();
                    return;
                }
                for (int i = 0; i < n; i++) {
                    byte b = in.get(i);
                    matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                    if (matched == 4) {
                        owed++;
                        matched = 0;
                    }
                }
                answer();
            } catch (IOException x) {
                getEndPoint().close(x);
            }
        }

        private void answer() {
            if (owed == 0) {
                fillInterested();
                return;
            }
            out.clear();
            while (owed > 0 && out.remaining() >= RESPONSE.length) {
                out.put(RESPONSE);
                owed--;
            }
            out.flip();
            getEndPoint().write(written, outArray);
        }

        /** What did not fit in one write goes in the next, before reading more. */
        private void onWritten() {
            answer();
        }

        private void fail(Throwable cause) {
            getEndPoint().close(cause);
        }
    }
}
