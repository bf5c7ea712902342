package io.workbench.iocore.http.client;

import io.workbench.iocore.selector.SelectorManager;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** Test fixtures: a small client, connecting, counting file descriptors, waiting for a condition. */
final class TestClients {

    private TestClients() {
    }

    /** One selector, a few threads, the client's defaults otherwise. */
    static HttpClient.Config config(String name) {
        return HttpClient.Config.defaults()
                .withSelectors(SelectorManager.Config.defaults().withSelectors(1).withMaxThreads(8))
                .withName(name);
    }

    static HttpClient start(HttpClient.Config config) throws IOException {
        HttpClient client = new HttpClient(config);
        client.start();
        return client;
    }

    static HttpClientConnection connect(HttpClient client, InetSocketAddress address)
            throws InterruptedException, ExecutionException, TimeoutException {
        return client.connect(address).get(10, TimeUnit.SECONDS);
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
            Thread.sleep(2);
        }
        return true;
    }
}
