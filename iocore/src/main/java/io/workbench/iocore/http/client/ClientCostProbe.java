package io.workbench.iocore.http.client;

import io.workbench.iocore.http.client.HttpClientConnection.Admission;
import io.workbench.iocore.selector.SelectorManager;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * What the client itself costs: drives N requests over C connections (D in flight on each)
 * against a server that answers every request head with a canned {@code 200 hello}, and prints
 * requests per second, and the bytes allocated and the CPU time used per request by the client's
 * own threads (its selector threads, its deadline checker and, with {@code --sender thread}, the
 * sending thread), from the JVM's per-thread counters. The server's threads are not counted.
 *
 * <pre>
 *   java -cp iocore/target/iocore.jar:$(cat iocore/target/runtime-classpath.txt) \
 *        io.workbench.iocore.http.client.ClientCostProbe [--target HOST:PORT] [--connections C] [--depth D]
 *        [--requests N] [--warmup W] [--sender loop|thread] [--selectors S] [--max-seconds T]
 * </pre>
 * Without {@code --target} the canned server runs in this JVM on iocore's server side (its own
 * threads); with it, any server will do (e.g. {@code CannedResponseServer} pinned to another CPU).
 * {@code --sender loop}: each completion sends the next request from the selector thread (a closed
 * loop); {@code --sender thread}: one thread sends to whichever connection has room, as the load
 * generator will. It stops by itself after the requests, or after {@code --max-seconds}, and
 * checks that every request sent ended exactly once.
 */
public final class ClientCostProbe {

    private static final String CLIENT = "probe-client";
    private static final String SENDER = "probe-sender";

    private ClientCostProbe() {
    }

    /** The options, with their defaults, as picocli parses them. */
    @Command(name = "client-probe", usageHelpWidth = 100, sortOptions = false,
            description = {"Drives requests over connections against a server answering a canned 200 hello, and prints req/s,",
                    "and bytes allocated and CPU time per request by the client's own threads."})
    static final class Options {
        @Option(names = "--target", paramLabel = "HOST:PORT",
                description = "the server to drive (default: a canned server on iocore in this JVM)")
        String target;
        @Option(names = "--connections", paramLabel = "C", defaultValue = "16", description = "connections (default ${DEFAULT-VALUE})")
        int connections;
        @Option(names = "--depth", paramLabel = "D", defaultValue = "1",
                description = "requests in flight per connection; more than 1 is pipelining (default ${DEFAULT-VALUE})")
        int depth;
        @Option(names = "--requests", paramLabel = "N", defaultValue = "1000000", description = "requests measured (default ${DEFAULT-VALUE})")
        long requests;
        @Option(names = "--warmup", paramLabel = "W", defaultValue = "200000",
                description = "requests before measuring (default ${DEFAULT-VALUE}; 0 for none)")
        long warmup;
        @Option(names = "--sender", paramLabel = "loop|thread", defaultValue = "loop",
                description = "who sends: each completion sends the next from the selector thread (loop, default), "
                        + "or one sending thread, as a load generator does")
        String sender;
        @Option(names = "--selectors", paramLabel = "S", defaultValue = "1", description = "the client's selector threads (default ${DEFAULT-VALUE})")
        int selectors;
        @Option(names = "--max-seconds", paramLabel = "T", defaultValue = "120",
                description = "stop each phase after T seconds at most (default ${DEFAULT-VALUE})")
        long maxSeconds;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
        boolean help;

        /** Parses and checks {@code args}; a wrong command line throws picocli's ParameterException, saying what is wrong. */
        static Options parse(String... args) {
            Options options = new Options();
            CommandLine line = new CommandLine(options);
            line.parseArgs(args);
            options.check(line);
            return options;
        }

        /** What picocli cannot check by type. */
        void check(CommandLine line) {
            if (target != null && target.lastIndexOf(':') <= 0) {
                throw new ParameterException(line, "--target is HOST:PORT, not " + target);
            }
            positive(line, "--connections", connections);
            positive(line, "--depth", depth);
            positive(line, "--requests", requests);
            positive(line, "--selectors", selectors);
            positive(line, "--max-seconds", maxSeconds);
            if (warmup < 0) {
                throw new ParameterException(line, "--warmup must not be negative, was " + warmup);
            }
            if (!sender.equals("loop") && !sender.equals("thread")) {
                throw new ParameterException(line, "--sender is loop or thread, not " + sender);
            }
        }

        private static void positive(CommandLine line, String name, long value) {
            if (value <= 0) {
                throw new ParameterException(line, name + " must be positive, was " + value);
            }
        }
    }

    /** Counts what came back; sends the next request when the sender is the loop. */
    private static final class Driver implements HttpResponseListener {
        final HttpRequest request = HttpRequest.get("/hello");
        final AtomicLong sent = new AtomicLong();
        final AtomicLong ok = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong serviceNanos = new AtomicLong();
        final long total;
        final boolean loop;
        final CountDownLatch done = new CountDownLatch(1);
        volatile boolean stopping;

        Driver(long total, boolean loop) {
            this.total = total;
            this.loop = loop;
        }

        /** @return whether a request was sent on {@code connection} */
        boolean trySend(HttpClientConnection connection) {
            if (stopping || sent.get() >= total) {
                return false;
            }
            if (connection.send(request, this, 0) != Admission.ACCEPTED) {
                return false;
            }
            sent.incrementAndGet();
            return true;
        }

        @Override
        public void onComplete(HttpExchange exchange) {
            if (exchange.isSucceeded()) {
                ok.incrementAndGet();
                serviceNanos.addAndGet(exchange.completedNanos() - exchange.sentNanos());
            } else {
                failed.incrementAndGet();
                if (failed.get() <= 3) {
                    System.err.println("failed: " + exchange.failure());
                }
            }
            if (ok.get() + failed.get() >= total) {
                done.countDown();
            } else if (loop) {
                trySend(exchange.connection());
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Options options = new Options();
        CommandLine line = new CommandLine(options);
        try {
            line.parseArgs(args);
            if (line.isUsageHelpRequested()) {
                line.usage(System.out);
                return;
            }
            options.check(line);
        } catch (ParameterException x) {
            System.err.println("client-probe: " + x.getMessage());
            line.usage(System.err);
            System.exit(2);
            return;
        }
        CannedServer server = null;
        InetSocketAddress target;
        if (options.target == null) {
            server = new CannedServer("probe-server");
            target = server.address();
        } else {
            int colon = options.target.lastIndexOf(':');
            target = new InetSocketAddress(options.target.substring(0, colon), Integer.parseInt(options.target.substring(colon + 1)));
        }
        HttpClient client = new HttpClient(HttpClient.Config.defaults()
                .withSelectors(SelectorManager.Config.defaults().withSelectors(options.selectors))
                .withName(CLIENT).withMaxRequestsInFlight(options.depth).withIdleTimeoutMillis(0));
        client.start();
        try {
            List<HttpClientConnection> connections = new ArrayList<>();
            for (int i = 0; i < options.connections; i++) {
                connections.add(client.connect(target).get(10, TimeUnit.SECONDS));
            }
            System.out.printf("probe: %s:%d, %d connections x %d in flight, sender %s, %d client selector(s)%n",
                    target.getHostString(), target.getPort(),
                    options.connections, options.depth, options.sender, options.selectors);
            if (options.warmup > 0) {
                run(options, connections, options.warmup, "warm-up");
            }
            run(options, connections, options.requests, "measured");
        } finally {
            client.stop();
            if (server != null) {
                server.close();
            }
        }
    }

    private static void run(Options options, List<HttpClientConnection> connections, long requests, String label) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        boolean loop = options.sender.equals("loop");
        Driver driver = new Driver(requests, loop);
        Map<Long, long[]> before = snapshot(threads);
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(options.maxSeconds);
        Thread sender;
        long[] senderCost = new long[2];
        if (loop) {
            sender = null;
            for (HttpClientConnection connection : connections) {
                for (int i = 0; i < options.depth; i++) {
                    driver.trySend(connection);
                }
            }
        } else {
            sender = new Thread(() -> {
                long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
                long cpuBefore = threads.getCurrentThreadCpuTime();
                while (driver.sent.get() < requests && !driver.stopping && System.nanoTime() - deadline < 0) {
                    boolean any = false;
                    // By index: an iterator would be the sender's only allocation.
                    for (int i = 0; i < connections.size(); i++) {
                        any |= driver.trySend(connections.get(i));
                    }
                    if (!any) {
                        // Every connection is full: wait a little for answers, as a paced generator would.
                        LockSupport.parkNanos(20_000);
                    }
                }
                // Read here: once the thread ends, its counters are gone. Published by join().
                senderCost[0] = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
                senderCost[1] = threads.getCurrentThreadCpuTime() - cpuBefore;
            }, SENDER);
            sender.start();
        }
        boolean finished = driver.done.await(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime())), TimeUnit.SECONDS);
        long elapsed = System.nanoTime() - start;
        driver.stopping = true;
        if (sender != null) {
            sender.join();
        }
        Map<Long, long[]> after = snapshot(threads);
        long allocated = senderCost[0];
        long cpu = senderCost[1];
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(CLIENT)) {
                long[] now = after.get(t.threadId());
                long[] then = before.getOrDefault(t.threadId(), new long[2]);
                if (now != null) {
                    allocated += now[0] - then[0];
                    cpu += now[1] - then[1];
                }
            }
        }
        // Wait for what is still in flight (a timed-out run) so that the accounting below is final.
        long completed = driver.ok.get() + driver.failed.get();
        long sent = driver.sent.get();
        for (int i = 0; i < 100 && completed < sent; i++) {
            Thread.sleep(50);
            completed = driver.ok.get() + driver.failed.get();
        }
        System.out.printf("%s: %s requests=%d ok=%d failed=%d in %.2f s: %.0f req/s, client threads: %.1f B/request, %.2f us CPU/request,"
                        + " mean send->complete %.1f us%n", label, finished ? "done" : "TIMED OUT", sent, driver.ok.get(), driver.failed.get(),
                elapsed / 1e9, completed * 1e9 / elapsed, completed == 0 ? 0.0 : (double) allocated / completed,
                completed == 0 ? 0.0 : cpu / 1e3 / completed, driver.ok.get() == 0 ? 0.0 : driver.serviceNanos.get() / 1e3 / driver.ok.get());
        if (completed != sent) {
            throw new IllegalStateException(sent + " sent but " + completed + " ended: a request was lost");
        }
    }

    /** @return per live thread id: bytes allocated and CPU nanoseconds so far */
    private static Map<Long, long[]> snapshot(com.sun.management.ThreadMXBean threads) {
        Map<Long, long[]> counters = new HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            long id = t.threadId();
            counters.put(id, new long[]{threads.getThreadAllocatedBytes(id), threads.getThreadCpuTime(id)});
        }
        return counters;
    }
}
