package io.workbench.loadgen;

import io.workbench.iocore.callback.Callback;
import io.workbench.iocore.http.server.Handler;
import io.workbench.iocore.http.server.HttpServer;
import io.workbench.iocore.http.server.Request;
import io.workbench.iocore.http.server.Response;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-process target with known behaviour, on iocore's server at 127.0.0.1 port 0: it answers
 * {@code 200 hello} (or a body of a given size) after exactly {@code delayMillis} (0: at once, on the selector thread), stalls
 * every connection for a while once it has seen a given number of requests (the server stops:
 * a handler holds each request, and a connection whose request is held reads nothing more), or
 * never answers; or it serves a bounded number of requests at once, each for {@code delayMillis},
 * and queues the rest in arrival order (a thread pool of that size: its capacity is that number
 * over the delay). It notes the source address of every request.
 */
final class LoadTarget implements AutoCloseable {

    private static final byte[] HELLO = "hello".getBytes(StandardCharsets.US_ASCII);

    private final HttpServer server;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "load-target-scheduler");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicLong requests = new AtomicLong();
    private final Set<String> sourceAddresses = ConcurrentHashMap.newKeySet();
    private volatile long delayMillis;
    private volatile boolean neverAnswer;
    private volatile long stallAfterNanos = -1;
    /** When the first request came in; {@link Long#MIN_VALUE} until one has. */
    private final java.util.concurrent.atomic.AtomicLong firstRequestNanos = new java.util.concurrent.atomic.AtomicLong(Long.MIN_VALUE);
    private final java.util.concurrent.atomic.AtomicBoolean stalled = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile long stallMillis;
    private volatile long stallUntilNanos;
    private volatile byte[] body = HELLO;
    /** Requests served at once at most (0: no bound), and the ones waiting for a place, in arrival order. */
    private volatile int atOnce;
    private final java.util.ArrayDeque<Runnable> queued = new java.util.ArrayDeque<>();
    private int inService;

    LoadTarget() {
        server = new HttpServer(HttpServer.Config.defaults(), new Handler() {
            @Override
            public void handle(Request request, Response response, Callback callback) {
                LoadTarget.this.handle(request, response, callback);
            }

            @Override
            public InvocationType getInvocationType() {
                return InvocationType.NON_BLOCKING;
            }
        });
        try {
            server.start();
        } catch (IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }

    LoadTarget delayMillis(long value) {
        delayMillis = value;
        return this;
    }

    /** Every answer is a body of {@code bytes} bytes instead of {@code hello}. */
    LoadTarget bodyBytes(int bytes) {
        byte[] content = new byte[bytes];
        java.util.Arrays.fill(content, (byte) 'x');
        body = content;
        return this;
    }

    /** At most {@code requests} are served at once, each for the delay; the others queue for a place, first come first served. */
    LoadTarget atOnce(int requests) {
        atOnce = requests;
        return this;
    }

    LoadTarget neverAnswer() {
        neverAnswer = true;
        return this;
    }

    /** {@code afterMillis} after the first request came in, nothing is answered for {@code millis} (a stop-the-world pause). */
    LoadTarget stallAfter(long afterMillis, long millis) {
        stallMillis = millis;
        stallAfterNanos = TimeUnit.MILLISECONDS.toNanos(afterMillis);
        return this;
    }

    private void handle(Request request, Response response, Callback callback) {
        requests.incrementAndGet();
        InetSocketAddress remote = request.getRemoteAddress();
        if (remote != null) {
            sourceAddresses.add(remote.getAddress().getHostAddress());
        }
        if (neverAnswer) {
            return;
        }
        long now = System.nanoTime();
        // Set once, by whichever request's thread gets there first: read as a plain field set by request 1,
        // a second request handled at once on another selector saw 0 and started the stall at the beginning.
        firstRequestNanos.compareAndSet(Long.MIN_VALUE, now);
        if (stallAfterNanos >= 0 && now - firstRequestNanos.get() >= stallAfterNanos && stalled.compareAndSet(false, true)) {
            stallUntilNanos = now + TimeUnit.MILLISECONDS.toNanos(stallMillis);
        }
        if (atOnce > 0) {
            serveInTurn(() -> scheduler.schedule(() -> {
                answer(response, callback);
                placeFreed();
            }, delayMillis, TimeUnit.MILLISECONDS));
            return;
        }
        long wait = Math.max(TimeUnit.MILLISECONDS.toNanos(delayMillis), stallUntilNanos - now);
        if (wait <= 0) {
            answer(response, callback);
        } else {
            scheduler.schedule(() -> answer(response, callback), wait, TimeUnit.NANOSECONDS);
        }
    }

    /** Starts {@code service} now if a place is free, else when one is. */
    private void serveInTurn(Runnable service) {
        synchronized (queued) {
            if (inService >= atOnce) {
                queued.addLast(service);
                return;
            }
            inService++;
        }
        service.run();
    }

    private void placeFreed() {
        Runnable next;
        synchronized (queued) {
            next = queued.pollFirst();
            if (next == null) {
                inService--;
                return;
            }
        }
        next.run();
    }

    private void answer(Response response, Callback callback) {
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    long requests() {
        return requests.get();
    }

    Set<String> sourceAddresses() {
        return sourceAddresses;
    }

    /** Stops the server: its connections close, and connects are refused from now on. */
    void kill() {
        server.stop();
    }

    @Override
    public void close() {
        server.stop();
        scheduler.shutdownNow();
    }
}
