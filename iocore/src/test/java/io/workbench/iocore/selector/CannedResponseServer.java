package io.workbench.iocore.selector;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.callback.Invocable.InvocationType;
import io.workbench.iocore.io.AbstractConnection;
import io.workbench.iocore.io.EndPoint;
import io.workbench.iocore.thread.ExecutionStrategy;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;

/**
 * A probe of the selector and endpoint hot path, not an HTTP server: every request head (bytes up
 * to a blank line) gets the same canned {@code 200 hello} response, written from the selector
 * thread in place. It shows the ceiling the HTTP layer starts from, and how many bytes the JVM
 * allocates per request on this path.
 *
 * <pre>
 *   java -cp iocore/target/classes:iocore/target/test-classes:$JCTOOLS_JAR \
 *        io.workbench.iocore.selector.CannedResponseServer PORT WARMUP_SECONDS SECONDS [ADAPTIVE|PRODUCE_EXECUTE_CONSUME]
 *   wrk -t1 -c64 -d10s http://127.0.0.1:PORT/hello
 * </pre>
 * It stops by itself after WARMUP_SECONDS + SECONDS and prints the requests served and the bytes
 * allocated by the server's threads per request during the last SECONDS.
 */
public final class CannedResponseServer {

    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello")
            .getBytes(StandardCharsets.US_ASCII);
    private static final LongAdder REQUESTS = new LongAdder();

    private CannedResponseServer() {
    }

    /** Counts blank-line-terminated heads across reads and answers each with the canned response. */
    static final class CannedConnection extends AbstractConnection {
        private final ByteBuffer in = ByteBuffer.allocateDirect(16 * 1024);
        private final ByteBuffer out = ByteBuffer.allocateDirect(64 * 1024);
        /** Passed instead of varargs: a fresh ByteBuffer[] per write would be the only allocation per request. */
        private final ByteBuffer[] outArray = {out};
        private final Callback written = Callback.from(InvocationType.NON_BLOCKING, this::fillInterested, this::fail);
        /** How much of "\r\n\r\n" the bytes read so far end with. */
        private int matched;

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
                int heads = 0;
                for (int i = 0; i < n; i++) {
                    byte b = in.get(i);
                    matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                    if (matched == 4) {
                        heads++;
                        matched = 0;
                    }
                }
                if (heads == 0) {
                    fillInterested();
                    return;
                }
                REQUESTS.add(heads);
                out.clear();
                for (int i = 0; i < heads && out.remaining() >= RESPONSE.length; i++) {
                    out.put(RESPONSE);
                }
                out.flip();
                getEndPoint().write(written, outArray);
            } catch (IOException x) {
                getEndPoint().close(x);
            }
        }

        private void fail(Throwable cause) {
            getEndPoint().close(cause);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: CannedResponseServer PORT WARMUP_SECONDS SECONDS [ADAPTIVE|PRODUCE_EXECUTE_CONSUME] [SELECTORS]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        long warmup = Long.parseLong(args[1]);
        long seconds = Long.parseLong(args[2]);
        ExecutionStrategy.Kind kind = args.length > 3 ? ExecutionStrategy.Kind.valueOf(args[3]) : ExecutionStrategy.Kind.ADAPTIVE;
        int selectors = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        SelectorManager manager = new SelectorManager(SelectorManager.Config.defaults().withName("canned")
                .withSelectors(selectors).withStrategy(kind));
        manager.start();
        ServerConnector connector = new ServerConnector(manager, CannedConnection::new,
                ServerConnector.Config.defaults().withPort(port));
        connector.start();
        System.out.println("READY http://127.0.0.1:" + connector.getLocalPort());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        new CountDownLatch(1).await(warmup, java.util.concurrent.TimeUnit.SECONDS);
        java.util.Map<Thread, Long> before = new java.util.HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            before.put(t, threads.getThreadAllocatedBytes(t.threadId()));
        }
        long requestsBefore = REQUESTS.sum();
        new CountDownLatch(1).await(seconds, java.util.concurrent.TimeUnit.SECONDS);
        long requests = REQUESTS.sum() - requestsBefore;
        // Only the server's threads: the JVM's own (JFR, compiler, this main) are not the hot path.
        long allocated = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("canned")) {
                long now = threads.getThreadAllocatedBytes(t.threadId());
                allocated += now - before.getOrDefault(t, 0L);
            }
        }
        connector.stop();
        manager.stop();
        System.out.printf("requests=%d allocatedBytes=%d bytesPerRequest=%.2f%n", requests, allocated,
                requests == 0 ? 0.0 : (double) allocated / requests);
    }
}
