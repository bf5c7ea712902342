package io.workbench.loadgen.run;

import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.loadgen.connection.ConnectionBudget;
import io.workbench.loadgen.connection.IdleOrder;
import io.workbench.loadgen.connection.LoopConnections;
import io.workbench.loadgen.loop.GeneratorLoop;
import io.workbench.loadgen.loop.Workloads;
import io.workbench.iocore.selector.ManagedSelector;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Before the clock starts, a few thousand requests in a closed loop over a few connections of their
 * own, on the run's loops and through the same code, counted and timed nowhere: they compile the
 * loop's, the client's, the parser's and the recorders' hot paths, so that a schedule does not
 * begin with an interpreted generator that falls behind in its first second.
 *
 * <p>It never holds the run up for the target's own service time: it ends when its count is sent
 * and answered, after {@link #MAX_NANOS} in all, or as soon as no response has come for
 * {@link #PATIENCE_NANOS} while requests are out (a URL that asks the target to wait, say
 * {@code ?wait=20000}), whichever comes first; then its connections are closed, and requests
 * still out on them are abandoned. What it did, and why it stopped, goes into the summary.
 */
final class Priming {

    /** Priming stops after this long, whatever its count. */
    static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Priming stops when no response has come for this long while requests are out. */
    static final long PATIENCE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** Connections priming uses at most. */
    static final int CONNECTIONS = 8;

    private Priming() {
    }

    static PrimingOutcome run(List<ManagedSelector> selectors, LoopConnections.Connector connector, InetSocketAddress remote, HttpRequest request,
                       long count, int maxConnections, BooleanSupplier interrupted) throws InterruptedException {
        if (count == 0 || interrupted.getAsBoolean()) {
            return PrimingOutcome.none();
        }
        int threads = selectors.size();
        int connections = Math.max(1, Math.min(CONNECTIONS, maxConnections));
        ConnectionBudget budget = new ConnectionBudget(connections, List.of());
        long start = System.nanoTime();
        long end = start + MAX_NANOS;
        // Everything is warm-up: the measured phase would begin after the priming ends.
        RunClock clock = new RunClock(start, System.currentTimeMillis(), Long.MAX_VALUE);
        List<GeneratorLoop> loops = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int share = connections / threads + (i < connections % threads ? 1 : 0);
            if (share == 0) {
                continue;
            }
            LoopConnections loopConnections = new LoopConnections(connector, selectors.get(i), remote, budget, IdleOrder.LIFO);
            GeneratorLoop loop = new GeneratorLoop(i, loopConnections, request);
            await(loop.begin(clock, Workloads.closed(loop, share, 1, 0, end)));
            loops.add(loop);
        }
        long limit = Math.max(1, count);
        long lastDone = 0;
        long lastProgress = System.nanoTime();
        String stopped;
        while (true) {
            Thread.sleep(1);
            long now = System.nanoTime();
            long sent = 0;
            long done = 0;
            for (GeneratorLoop loop : loops) {
                sent += loop.warmup().sentCount();
                done += loop.warmup().doneCount();
            }
            if (interrupted.getAsBoolean()) {
                stopped = "interrupted";
                break;
            }
            if (done >= limit) {
                stopped = "count";
                break;
            }
            if (now - end >= 0) {
                stopped = "time";
                break;
            }
            if (done != lastDone) {
                lastDone = done;
                lastProgress = now;
            } else if (sent > done && now - lastProgress >= PATIENCE_NANOS) {
                stopped = "patience";
                break;
            }
        }
        long sent = 0;
        long answered = 0;
        for (GeneratorLoop loop : loops) {
            await(loop.stop(false));
            await(loop.closeConnections());
            sent += loop.warmup().sentCount();
            answered += loop.warmup().answeredCount();
        }
        return new PrimingOutcome(sent, answered, (System.nanoTime() - start) / 1e9, stopped);
    }

    private static void await(java.util.concurrent.CompletableFuture<Void> step) throws InterruptedException {
        try {
            step.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException x) {
            throw new IllegalStateException("priming did not stop: " + x, x);
        }
    }
}
