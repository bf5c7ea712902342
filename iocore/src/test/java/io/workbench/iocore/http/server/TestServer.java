package io.workbench.iocore.http.server;

import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.http.HttpLimits;
import io.workbench.iocore.selector.SelectorManager;
import java.io.File;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** An {@link HttpServer} on 127.0.0.1 port 0 with a {@link TestHandler}; closing stops both. */
final class TestServer implements AutoCloseable {

    final TestHandler handler;
    final HttpServer server;

    TestServer(InvocationType type) throws Exception {
        this(type, SelectorManager.Config.defaults().withName("test-http").withSelectors(2).withMaxThreads(16), HttpLimits.DEFAULT);
    }

    TestServer(InvocationType type, SelectorManager.Config selectors, HttpLimits limits) throws Exception {
        handler = new TestHandler(type);
        server = new HttpServer(HttpServer.Config.defaults().withSelectors(selectors).withLimits(limits), handler);
        handler.bind(server);
        server.start();
    }

    int port() {
        return server.getLocalPort();
    }

    RawClient client() throws java.io.IOException {
        return new RawClient(port());
    }

    /** @return buffers taken from either pool and not given back */
    long outstandingBuffers() {
        return server.getInputPool().getOutstanding() + server.getOutputPool().getOutstanding();
    }

    @Override
    public void close() {
        server.stop();
        handler.close();
    }

    static int openFds() {
        String[] fds = new File("/proc/self/fd").list();
        if (fds == null) {
            throw new IllegalStateException("/proc/self/fd is not readable");
        }
        return fds.length;
    }

    /** Polls {@code condition} for up to 20 s: the bound is generous, the assertion is about what, not when. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(5);
        }
    }
}
