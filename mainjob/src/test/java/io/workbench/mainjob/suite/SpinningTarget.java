package io.workbench.mainjob.suite;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A load target for tests whose CPU per request is known: each {@code /hello} burns
 * {@code --burn-micros} of its thread's CPU time (measured with the thread's own CPU clock, so a
 * busy machine makes it take longer, never cost more; reading that clock is a system call, so the
 * burn is partly kernel time), then answers; with {@code --fall-every R --fall-micros D}, the burn
 * shrinks by D microseconds every R requests, as a JIT's warming would.
 * It answers {@code /stats} as the workbench's targets do and prints {@code READY <url>}, so the
 * runner's code drives and measures it from outside, through /proc, like any target.
 */
public final class SpinningTarget {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final byte[] HELLO = "hello".getBytes(StandardCharsets.US_ASCII);

    private final AtomicLong started = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong maxInFlight = new AtomicLong();
    private final long burnNanos;
    private final long fallEvery;
    private final long fallNanos;

    private SpinningTarget(long burnNanos, long fallEvery, long fallNanos) {
        this.burnNanos = burnNanos;
        this.fallEvery = fallEvery;
        this.fallNanos = fallNanos;
    }

    public static void main(String[] args) throws IOException {
        long burnMicros = 0;
        long fallEvery = 0;
        long fallMicros = 0;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--burn-micros" -> burnMicros = Long.parseLong(args[i + 1]);
                case "--fall-every" -> fallEvery = Long.parseLong(args[i + 1]);
                case "--fall-micros" -> fallMicros = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        SpinningTarget target = new SpinningTarget(burnMicros * 1000, fallEvery, fallMicros * 1000);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1_000);
        server.createContext("/hello", target::hello);
        server.createContext("/stats", target::stats);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        System.out.println("READY http://127.0.0.1:" + server.getAddress().getPort());
        System.out.flush();
    }

    private void hello(HttpExchange exchange) throws IOException {
        long now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        long served = started.getAndIncrement();
        burn(served);
        exchange.sendResponseHeaders(200, HELLO.length);
        try (OutputStream body = exchange.getResponseBody()) {
            body.write(HELLO);
        }
        inFlight.decrementAndGet();
        completed.incrementAndGet();
    }

    private void burn(long served) {
        long nanos = burnNanos;
        if (fallEvery > 0) {
            nanos = Math.max(0, burnNanos - served / fallEvery * fallNanos);
        }
        long until = THREADS.getCurrentThreadCpuTime() + nanos;
        while (THREADS.getCurrentThreadCpuTime() < until) {
            Thread.onSpinWait();
        }
    }

    private void stats(HttpExchange exchange) throws IOException {
        byte[] body = ("{\"started\":" + started.get() + ",\"completed\":" + completed.get() + ",\"inFlight\":" + inFlight.get()
                + ",\"maxInFlight\":" + maxInFlight.get() + "}").getBytes(StandardCharsets.US_ASCII);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
