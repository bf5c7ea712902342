package io.workbench.loadgen.run;

import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.client.HttpClientException;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.iocore.selector.CannedConnection;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.iocore.selector.ServerConnector;
import io.workbench.loadgen.connection.ConnectionBudget;
import io.workbench.loadgen.connection.IdleOrder;
import io.workbench.loadgen.connection.LoopConnections;
import io.workbench.loadgen.loop.GeneratorLoop;
import io.workbench.loadgen.loop.Workloads;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.IntervalLog;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * Before the clock starts, a few thousand requests in a closed loop on the run's own loops and
 * through the same code, to an in-process server on loopback that answers every request with the
 * same {@code 200 hello} ({@link CannedConnection}): they compile the loop's, the client's, the
 * parser's and the recorders' hot paths, and load every class a request's way through them needs
 * (past the descriptor limit the JVM cannot open its class path to load one), so that a schedule
 * does not begin with an interpreted generator that falls behind in its first second.
 *
 * <p>Priming never touches the target, so it never waits for the target's service time (a URL
 * that asks the target to wait 20 s primes as fast as any other) and never loads it; the
 * schedule's warm-up warms the target. It ends when its count is answered, after
 * {@link #MAX_NANOS}, or when the run is interrupted; its connections and its server are closed
 * before the run opens its own. Then it waits until the JIT compiler has been quiet for
 * {@link CompilerQuiet#QUIET_NANOS} (at most {@link CompilerQuiet#MAX_NANOS}), so that the
 * compilations it queued do not take the generator's core in the measured phase. What it did goes
 * into the summary.
 */
final class Priming {

    /** Priming stops after this long, whatever its count. */
    static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(4);
    /** How often priming runs the reporter's work: often enough to compile it in a short priming. */
    static final long REPORTER_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** Connections priming keeps busy. */
    static final int CONNECTIONS = 8;

    private Priming() {
    }

    static PrimingOutcome run(List<ManagedSelector> selectors, LoopConnections.Connector connector, long count,
                              BooleanSupplier interrupted) throws InterruptedException, IOException {
        // The failure path's classes too: a request that fails past the descriptor limit must still be counted.
        for (HttpClientException.Kind kind : HttpClientException.Kind.values()) {
            new HttpClientException(kind, "loaded before the run").getMessage();
        }
        ErrorKind.values();
        if (count == 0 || interrupted.getAsBoolean()) {
            return PrimingOutcome.none();
        }
        SelectorManager serverSelectors = new SelectorManager(SelectorManager.Config.defaults().withName("loadgen-prime-server")
                .withSelectors(1));
        serverSelectors.start();
        PrimingOutcome primed;
        ServerConnector server = new ServerConnector(serverSelectors, endPoint -> new CannedConnection(endPoint, new LongAdder()),
                ServerConnector.Config.defaults().withHost("127.0.0.1").withPort(0));
        try {
            server.start();
            primed = prime(selectors, connector, new InetSocketAddress("127.0.0.1", server.getLocalPort()), count, interrupted);
        } finally {
            server.stop();
            serverSelectors.stop();
        }
        long quietStart = System.nanoTime();
        boolean quiet = !interrupted.getAsBoolean() && CompilerQuiet.await();
        return primed.afterCompilerWait((System.nanoTime() - quietStart) / 1e9, quiet);
    }

    private static PrimingOutcome prime(List<ManagedSelector> selectors, LoopConnections.Connector connector, InetSocketAddress canned,
                                        long count, BooleanSupplier interrupted) throws InterruptedException {
        HttpRequest request = HttpRequest.builder(HttpMethod.GET, "/hello").host("127.0.0.1:" + canned.getPort()).build();
        int threads = selectors.size();
        int connections = Math.max(CONNECTIONS, threads);
        ConnectionBudget budget = new ConnectionBudget(connections, List.of());
        long start = System.nanoTime();
        long end = start + MAX_NANOS;
        // Everything is measured (into recorders of the priming's own loops, read by no one), so that the
        // recording path is compiled too: a run's measured phase must not begin with it interpreted.
        RunClock clock = new RunClock(start, System.currentTimeMillis(), start);
        List<GeneratorLoop> loops = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            LoopConnections loopConnections = new LoopConnections(connector, selectors.get(i), canned, budget, IdleOrder.LIFO);
            GeneratorLoop loop = new GeneratorLoop(i, loopConnections, request);
            await(loop.begin(clock, Workloads.closed(loop, LoadRun.share(connections, i, threads), 1, 0, end)));
            loops.add(loop);
        }
        // The reporter's work, compiled on the priming's intervals and written to nowhere.
        IntervalLog log = new IntervalLog(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8), clock.startEpochMillis(),
                "priming");
        ProgressReporter reporter = new ProgressReporter(clock, loops, budget, log, null, TimeUnit.MILLISECONDS.toNanos(1));
        long nextTick = start + REPORTER_TICK_NANOS;
        String stopped;
        while (true) {
            LoadRun.pause();
            if (System.nanoTime() - nextTick >= 0) {
                reporter.primeTick();
                nextTick += REPORTER_TICK_NANOS;
            }
            long done = 0;
            for (GeneratorLoop loop : loops) {
                done += loop.measured().doneCount();
            }
            if (interrupted.getAsBoolean()) {
                stopped = "interrupted";
                break;
            }
            if (done >= count) {
                stopped = "count";
                break;
            }
            if (System.nanoTime() - end >= 0) {
                stopped = "time";
                break;
            }
        }
        long sent = 0;
        long answered = 0;
        for (GeneratorLoop loop : loops) {
            await(loop.stop(false));
            await(loop.closeConnections());
        }
        // The closes fail what was still out (as aborted): wait for that, so the counts are final.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (GeneratorLoop loop : loops) {
            while (loop.inFlight() > 0 && System.nanoTime() - deadline < 0) {
                LoadRun.pause();
            }
            sent += loop.measured().sentCount();
            answered += loop.measured().answeredCount();
        }
        return new PrimingOutcome(sent, answered, (System.nanoTime() - start) / 1e9, stopped);
    }

    private static void await(CompletableFuture<Void> step) throws InterruptedException {
        try {
            step.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException x) {
            throw new IllegalStateException("priming did not take its step: " + x, x);
        }
    }
}
