package io.workbench.targets;

import io.workbench.iocore.hello.RequestStats;
import io.workbench.targets.hello.ExchangeWatch;
import io.workbench.targets.hello.Handoffs;
import io.workbench.targets.hello.HelloService;
import io.workbench.targets.hello.StreamStats;
import io.workbench.targets.server.RunningServer;
import io.workbench.targets.server.ServerTechnology;
import io.workbench.targets.server.TargetSettings;
import io.workbench.targets.trace.TraceRecorder;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running hello target: a server technology started with the shared settings, its counters, and
 * the one stop sequence every server follows: stop accepting, give in-flight requests (and streams)
 * {@link TargetSettings#stopGrace()} to finish, then end what is still in flight (every request
 * ends, counted once) and close every connection and thread.
 */
public final class Target implements AutoCloseable {

    private final ServerTechnology technology;
    private final TargetSettings settings;
    private final HelloService hello;
    private final RunningServer server;
    /** Read once at start: a stopped server may no longer know it. */
    private final int port;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private Target(ServerTechnology technology, TargetSettings settings, HelloService hello, RunningServer server) {
        this.technology = technology;
        this.settings = settings;
        this.hello = hello;
        this.server = server;
        this.port = server.port();
    }

    /**
     * Starts {@code technology} with {@code settings}; returns once it accepts connections.
     *
     * @throws IllegalArgumentException if the technology does not offer the settings' strategy
     * @throws Exception                whatever stopped the server from starting (nothing is left running)
     */
    public static Target start(ServerTechnology technology, TargetSettings settings) throws Exception {
        return start(technology, settings, null);
    }

    /** As {@link #start(ServerTechnology, TargetSettings)}, with a test's watch over the {@code /hello} requests. */
    static Target start(ServerTechnology technology, TargetSettings settings, ExchangeWatch watch) throws Exception {
        if (!technology.strategies().contains(settings.strategy())) {
            throw new IllegalArgumentException(technology.name() + " does not offer strategy " + settings.strategy());
        }
        Handoffs handoffs = new Handoffs(settings.strategy(), settings.sweepMillis());
        TraceRecorder tracing = settings.trace()
                ? new TraceRecorder(technology.name() + ":" + settings.strategy().cliName(), technology.traceFirstRead()).start()
                : null;
        HelloService hello = new HelloService(settings.strategy(), settings.defaultWaitMillis(), new RequestStats(), handoffs,
                watch, tracing);
        try {
            return new Target(technology, settings, hello, technology.start(settings, hello));
        } catch (Exception | Error failed) {
            handoffs.close();
            if (tracing != null) {
                tracing.close();
            }
            throw failed;
        }
    }

    /** The port the server listens on (listened on, once stopped). */
    public int port() {
        return port;
    }

    /** {@code http://HOST:PORT}, the address the READY line announces. */
    public URI uri() {
        // An IPv6 literal goes in brackets in a URL, or its colons read as the port's.
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        return URI.create("http://" + host + ":" + port());
    }

    public RequestStats stats() {
        return hello.stats();
    }

    /** The counters of {@code /stream}. */
    public StreamStats streamStats() {
        return hello.streamStats();
    }

    /** The trace of the requests that carry a trace id, or null if it was started without tracing. */
    public TraceRecorder tracing() {
        return hello.tracing();
    }

    /** The body {@code /stats} answers now. */
    public String statsJson() {
        return hello.statsJson();
    }

    /**
     * Stops as SIGTERM asks: new connections are refused at once, requests in flight get the
     * grace period to finish (their connections are still served meanwhile), then every
     * connection is closed and every server thread stopped. Idempotent; returns when done.
     */
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            server.stopAccepting();
            awaitNothingInFlight();
        } finally {
            try {
                // First what the target itself holds: every request parked, queued or waiting on the
                // timer is aborted while its server can still answer or close it (each ends, counted).
                hello.handoffs().close();
            } finally {
                try {
                    // Then the server: its connections close, and a thread asleep in a request is
                    // interrupted, answers, and its write fails (that request ends too).
                    server.close();
                } finally {
                    if (hello.tracing() != null) {
                        hello.tracing().close();
                    }
                }
            }
        }
    }

    /** The same as {@link #stop()}, so that a target can live in a try-with-resources block. */
    @Override
    public void close() {
        stop();
    }

    private void awaitNothingInFlight() {
        long deadline = System.nanoTime() + settings.stopGrace().toNanos();
        try {
            while ((stats().inFlightCount() > 0 || streamStats().inFlightCount() > 0) && System.nanoTime() - deadline < 0) {
                TimeUnit.MILLISECONDS.sleep(5);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "Target[" + technology.name() + " " + settings.strategy() + " " + (stopped.get() ? "STOPPED" : uri()) + ", " + stats() + "]";
    }
}
