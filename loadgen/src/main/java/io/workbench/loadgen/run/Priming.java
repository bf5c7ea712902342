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
import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.schedule.ArrivalShare;
import io.workbench.loadgen.schedule.Arrivals;
import io.workbench.loadgen.schedule.OpenSchedule;
import io.workbench.loadgen.trace.LoopTrace;
import io.workbench.loadgen.trace.TraceField;
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
 * Before the clock starts, a few thousand requests on the run's own loops and through the same
 * code, to an in-process server on loopback that answers every request with the same
 * {@code 200 hello} ({@link CannedConnection}): they compile the loop's, the client's, the
 * parser's and the recorders' hot paths, and load every class a request's way through them needs
 * (past the descriptor limit the JVM cannot open its class path to load one), so that a schedule
 * does not begin with an interpreted generator that falls behind in its first second.
 *
 * <p>Two stages: a closed loop, then, for an open or all-at-once run, a short open schedule with
 * the run's gaps, batch window and connect delay, timed or counted as the run is. Each crosses
 * from a warm-up phase into a measured one, as the run will: the JIT compiler leaves out the code
 * of a branch it has never seen taken, and a run whose schedule and recorders were compiled in a
 * warm-up alone threw that code away (uncommon traps) and compiled it again (dozens of
 * compilations, on the generator's own core) in the first second of its measured phase. For the
 * same reason the closed stage's reporter ticks grow the recorders' ranges as a run's grow.
 *
 * <p>Priming never touches the target, so it never waits for the target's service time (a URL
 * that asks the target to wait 20 s primes as fast as any other) and never loads it; the
 * schedule's warm-up warms the target. The closed stage ends when its count is answered, after
 * {@link #MAX_NANOS}, or when the run is interrupted, the open stage when its schedule is through;
 * their connections and the server are closed before the run opens its own. Then it waits until
 * the JIT compiler has been quiet for {@link CompilerQuiet#QUIET_NANOS} (at most
 * {@link CompilerQuiet#MAX_NANOS}), so that the compilations it queued do not take the generator's
 * core in the measured phase. What it did goes into the summary.
 */
final class Priming {

    /** Priming stops after this long, whatever its count. */
    static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(4);
    /** How often priming runs the reporter's work: often enough to compile it in a short priming. */
    static final long REPORTER_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** 2 to this power of microseconds is over an hour, the most a recorder keeps. */
    static final int WIDEST_POWER = 32;
    /** Connections priming keeps busy. */
    static final int CONNECTIONS = 8;
    /** The closed stage's warm-up phase: its first requests, while the code is still profiled. */
    static final long CLOSED_WARMUP_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The open stage's rate: what the canned server on the generator's own core answers with room to spare. */
    static final double OPEN_RATE = 10_000;
    /** The open stage's warm-up phase. */
    static final long OPEN_WARMUP_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** The open stage's measured phase, when the run's is timed. */
    static final long OPEN_MEASURED_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    /** The open stage's measured phase, when the run's is counted: as many as {@link #OPEN_MEASURED_NANOS} takes. */
    static final long OPEN_MEASURED_REQUESTS = (long) (OPEN_RATE * OPEN_MEASURED_NANOS / 1e9);

    private Priming() {
    }

    static PrimingOutcome run(List<ManagedSelector> selectors, LoopConnections.Connector connector, LoadPlan plan,
                              BooleanSupplier interrupted) throws InterruptedException, IOException {
        // The failure path's classes too: a request that fails past the descriptor limit must still be counted.
        for (HttpClientException.Kind kind : HttpClientException.Kind.values()) {
            new HttpClientException(kind, "loaded before the run").getMessage();
        }
        ErrorKind.values();
        if (plan.prime() == 0 || interrupted.getAsBoolean()) {
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
            InetSocketAddress canned = new InetSocketAddress("127.0.0.1", server.getLocalPort());
            primed = closedStage(selectors, connector, canned, plan.prime(), plan.trace(), interrupted);
            if (plan.model() != Model.CLOSED && !interrupted.getAsBoolean()) {
                primed = primed.withOpenStage(openStage(selectors, connector, canned, plan, interrupted));
            }
        } finally {
            server.stop();
            serverSelectors.stop();
        }
        long quietStart = System.nanoTime();
        boolean quiet = !interrupted.getAsBoolean() && CompilerQuiet.await();
        return primed.afterCompilerWait((System.nanoTime() - quietStart) / 1e9, quiet);
    }

    /**
     * The request path, in a closed loop: {@code count} requests over {@link #CONNECTIONS}
     * connections, the first {@link #CLOSED_WARMUP_NANOS} of them in a warm-up phase and the rest
     * measured (into recorders of the priming's own loops, read by no one), so that the recording
     * path is compiled, and compiled for both phases: code compiled having seen only one of them
     * is thrown away (an uncommon trap) when the run's clock crosses into the other.
     */
    private static PrimingOutcome closedStage(List<ManagedSelector> selectors, LoopConnections.Connector connector, InetSocketAddress canned,
                                              long count, boolean trace, BooleanSupplier interrupted) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + MAX_NANOS;
        RunClock clock = new RunClock(start, System.currentTimeMillis(), start + CLOSED_WARMUP_NANOS);
        int connections = Math.max(CONNECTIONS, selectors.size());
        ConnectionBudget budget = new ConnectionBudget(connections, List.of());
        List<GeneratorLoop> loops = loops(selectors, connector, canned, budget, trace);
        for (int i = 0; i < loops.size(); i++) {
            GeneratorLoop loop = loops.get(i);
            await(loop.begin(clock, Workloads.closed(loop, LoadRun.share(connections, i, loops.size()), 1, 0, end)));
        }
        // The reporter's work, compiled on the priming's intervals and written to nowhere.
        IntervalLog log = new IntervalLog(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8), clock.startEpochMillis(),
                "priming");
        ProgressReporter reporter = new ProgressReporter(clock, loops, budget, log, null, LoadRun.ALARM_PREFIX);
        long nextTick = start + REPORTER_TICK_NANOS;
        int ticks = 0;
        String stopped;
        while (true) {
            LoadRun.pause();
            if (System.nanoTime() - nextTick >= 0) {
                // Latencies from a microsecond to an hour, one more power of two each tick: the ranges
                // grow as a run's do, through the same code.
                long micros = 1L << (ticks++ % WIDEST_POWER);
                for (GeneratorLoop loop : loops) {
                    await(loop.recordForPriming(micros));
                }
                reporter.primeTick();
                nextTick += REPORTER_TICK_NANOS;
            }
            // An interruption first, then the count, then the time, as priming's outcome names them.
            stopped = answered(loops) >= count && !interrupted.getAsBoolean() ? "count" : cutShort(interrupted, end);
            if (stopped != null) {
                break;
            }
        }
        return finish(loops, start, stopped);
    }

    /**
     * The open model's own path (a run's schedule, its wakes for intended times, its connects
     * for waiting requests), for an open or all-at-once run: {@link #OPEN_RATE} req/s with the
     * run's gaps, batch window and connect delay, through a warm-up of {@link #OPEN_WARMUP_NANOS}
     * into a measured phase of {@link #OPEN_MEASURED_NANOS} (or its count, if the run's is
     * counted), so that the schedule's and the recorders' code is compiled having seen the
     * crossing that the run's measured phase begins with, and the end that its schedule reaches.
     */
    private static PrimingOutcome openStage(List<ManagedSelector> selectors, LoopConnections.Connector connector, InetSocketAddress canned,
                                            LoadPlan plan, BooleanSupplier interrupted) throws InterruptedException {
        long start = System.nanoTime();
        RunClock clock = new RunClock(start, System.currentTimeMillis(), start + OPEN_WARMUP_NANOS);
        ConnectionBudget budget = new ConnectionBudget(Math.max(CONNECTIONS, selectors.size()), List.of());
        List<GeneratorLoop> loops = loops(selectors, connector, canned, budget, plan.trace());
        // All-at-once has no gaps of its own, and sends without a batch window or slack, as its run will.
        Arrivals arrivals = plan.model() == Model.OPEN ? plan.arrivals() : Arrivals.EXPONENTIAL;
        long batchNanos = plan.model() == Model.OPEN ? plan.batchNanos() : 0;
        long slackNanos = plan.model() == Model.OPEN ? plan.wakeSlackNanos() : 0;
        for (int i = 0; i < loops.size(); i++) {
            GeneratorLoop loop = loops.get(i);
            OpenSchedule schedule = plan.requests() > 0
                    // Counted as the run is: its schedule ends by its count, a branch a timed one never takes.
                    ? new OpenSchedule(OPEN_RATE, arrivals, 0, OPEN_WARMUP_NANOS, OPEN_MEASURED_REQUESTS, 0, plan.seed())
                    : new OpenSchedule(OPEN_RATE, arrivals, 0, OPEN_WARMUP_NANOS, 0, OPEN_MEASURED_NANOS, plan.seed());
            await(loop.begin(clock, Workloads.open(loop, new ArrivalShare(schedule, i, loops.size()), start, batchNanos,
                    slackNanos, plan.connectAfterNanos())));
        }
        long end = start + OPEN_WARMUP_NANOS + OPEN_MEASURED_NANOS + TimeUnit.SECONDS.toNanos(1);
        String stopped = null;
        while (stopped == null && !loops.stream().allMatch(loop -> loop.isDone() && loop.inFlight() == 0)) {
            LoadRun.pause();
            stopped = cutShort(interrupted, end);
        }
        return finish(loops, start, stopped == null ? "schedule" : stopped);
    }

    /** @return why a stage stops before its own end ({@code interrupted}, or {@code time} once {@code end} has passed), or null */
    private static String cutShort(BooleanSupplier interrupted, long end) {
        if (interrupted.getAsBoolean()) {
            return "interrupted";
        }
        return System.nanoTime() - end >= 0 ? "time" : null;
    }

    /** A loop on each of the run's selectors, with connections of its own to the canned server, within {@code budget}. */
    private static List<GeneratorLoop> loops(List<ManagedSelector> selectors, LoopConnections.Connector connector, InetSocketAddress canned,
                                             ConnectionBudget budget, boolean trace) throws InterruptedException {
        HttpRequest.Builder builder = HttpRequest.builder(HttpMethod.GET, "/hello").host("127.0.0.1:" + canned.getPort());
        if (trace) {
            // The run's requests carry their ids: so do priming's, through the same code (kept, then dropped).
            builder.numberedField(TraceField.NAME);
        }
        HttpRequest request = builder.build();
        List<GeneratorLoop> loops = new ArrayList<>();
        for (int i = 0; i < selectors.size(); i++) {
            // A floor of a nanosecond: recording beyond a floor is run here, as in a run whose URL asks for a wait.
            GeneratorLoop loop = new GeneratorLoop(i, new LoopConnections(connector, selectors.get(i), canned, budget, IdleOrder.LIFO), request, 1);
            if (trace) {
                await(loop.traceInto(new LoopTrace(i, selectors.size())));
            }
            loops.add(loop);
        }
        return loops;
    }

    private static long answered(List<GeneratorLoop> loops) {
        long done = 0;
        for (GeneratorLoop loop : loops) {
            done += loop.warmup().doneCount() + loop.measured().doneCount();
        }
        return done;
    }

    /** Stops the loops, closes their connections, and counts what they sent and what was answered, both phases. */
    private static PrimingOutcome finish(List<GeneratorLoop> loops, long start, String stopped) throws InterruptedException {
        for (GeneratorLoop loop : loops) {
            await(loop.stop(false));
            await(loop.closeConnections());
        }
        // The closes fail what was still out (as aborted): wait for that, so the counts are final.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long sent = 0;
        long answered = 0;
        for (GeneratorLoop loop : loops) {
            while (loop.inFlight() > 0 && System.nanoTime() - deadline < 0) {
                LoadRun.pause();
            }
            sent += loop.warmup().sentCount() + loop.measured().sentCount();
            answered += loop.warmup().answeredCount() + loop.measured().answeredCount();
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
