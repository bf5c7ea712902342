package io.workbench.iocore.selector;

import io.workbench.iocore.thread.ExecutionStrategy;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;

/**
 * A probe of the selector and endpoint hot path, not an HTTP server: every request head gets the
 * same canned {@code 200 hello} response ({@link CannedConnection}), written from the selector
 * thread in place. It shows the ceiling the HTTP layer starts from, and how many bytes the JVM
 * allocates per request on this path.
 *
 * <pre>
 *   java -cp iocore/target/iocore.jar:$JCTOOLS_JAR \
 *        io.workbench.iocore.selector.CannedResponseServer PORT WARMUP_SECONDS SECONDS [ADAPTIVE|PRODUCE_EXECUTE_CONSUME]
 *   wrk -t1 -c64 -d10s http://127.0.0.1:PORT/hello
 * </pre>
 * It stops by itself after WARMUP_SECONDS + SECONDS and prints the requests served and the bytes
 * allocated by the server's threads per request during the last SECONDS.
 */
public final class CannedResponseServer {

    private static final LongAdder REQUESTS = new LongAdder();

    private CannedResponseServer() {
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
        ServerConnector connector = new ServerConnector(manager, endPoint -> new CannedConnection(endPoint, REQUESTS),
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
