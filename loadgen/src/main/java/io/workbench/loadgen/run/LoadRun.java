package io.workbench.loadgen.run;

import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.client.HttpClient;
import io.workbench.iocore.http.client.HttpClientConnection;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.iocore.selector.ManagedSelector;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.loadgen.connection.ConnectionBudget;
import io.workbench.loadgen.connection.DescriptorLimit;
import io.workbench.loadgen.connection.LoopConnections;
import io.workbench.loadgen.loop.GeneratorLoop;
import io.workbench.loadgen.loop.LoopWorkload;
import io.workbench.loadgen.loop.Workloads;
import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.schedule.AllAtOnceSchedule;
import io.workbench.loadgen.schedule.ArrivalSchedule;
import io.workbench.loadgen.schedule.ArrivalShare;
import io.workbench.loadgen.schedule.OpenSchedule;
import io.workbench.loadgen.trace.LoopTrace;
import io.workbench.loadgen.trace.TraceField;
import io.workbench.loadgen.verdict.Lateness;
import io.workbench.loadgen.verdict.TargetPace;
import io.workbench.loadgen.verdict.Verdict;
import io.workbench.loadgen.verdict.VerdictRules;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * One run of the load generator, from a {@link LoadPlan} to a {@link RunResult}: starts iocore's
 * client with one selector per generator loop, checks that the target answers a connect, primes,
 * opens the connections asked for, starts every loop's share of the workload with the reporter
 * beside them, waits for the schedule to be through and for what is in flight, stops the loops and
 * the client (which ends every request still outstanding, exactly once) and judges the run.
 *
 * <pre>
 *   NEW --run()--> CONNECTING (the first connect; failure: a result with the failure, nothing sent)
 *       --> PRIMING --> PRECONNECTING --> RUNNING (loops + reporter) --every loop done, or interrupt()-->
 *       DRAINING (in-flight requests end, or their timeout ends them; interrupted: at once)
 *       --> DONE (loops stopped, client stopped, every accepted request ended, totals complete)
 * </pre>
 */
public final class LoadRun {

    private enum State { NEW, CONNECTING, PRIMING, PRECONNECTING, RUNNING, DRAINING, DONE }

    /** How often the run looks at its loops while it waits for them. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /** The client's name, which its threads' names begin with. */
    static final String CLIENT_NAME = "loadgen";
    /** The loops' alarm threads' names, but for the loop's index (iocore's selector names them so). */
    static final String ALARM_PREFIX = CLIENT_NAME + "-alarm-";

    private final LoadPlan plan;
    private final DescriptorLimit descriptors;
    private final PrintStream progress;
    private volatile State state = State.NEW;
    private volatile boolean interrupted;
    private volatile List<GeneratorLoop> loops = List.of();
    private volatile RunClock runClock;

    /**
     * @param descriptors the descriptor limit as read at start (reported)
     * @param progress    where the progress line goes, or null
     */
    public LoadRun(LoadPlan plan, DescriptorLimit descriptors, PrintStream progress) {
        this.plan = plan;
        this.descriptors = descriptors;
        this.progress = progress;
    }

    /**
     * Stops the run early, from any thread (a shutdown hook): nothing more is sent, requests in
     * flight are ended by the client's stop, and the result is marked interrupted.
     */
    public void interrupt() {
        interrupted = true;
        for (GeneratorLoop loop : loops) {
            loop.stop(true);
        }
    }

    /** @return the run's loops, from any thread: empty until they are made (after priming), then the same until the run ends */
    public List<GeneratorLoop> loops() {
        return loops;
    }

    /** @return true once the schedule runs (the clock has started), until the run drains */
    public boolean isRunning() {
        return state == State.RUNNING;
    }

    /** @return the run's clock once it has started, or null */
    public RunClock clock() {
        return runClock;
    }

    public RunResult run() throws IOException, InterruptedException {
        state = State.CONNECTING;
        HttpClient client = new HttpClient(clientConfig());
        client.start();
        try {
            return runWith(client);
        } finally {
            client.stop();
            state = State.DONE;
        }
    }

    private HttpClient.Config clientConfig() {
        long timeoutMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(plan.timeoutNanos()));
        return HttpClient.Config.defaults()
                .withName(CLIENT_NAME)
                .withSelectors(SelectorManager.Config.defaults().withSelectors(plan.threads()).withIdleTimeoutMillis(0)
                        .withDeadlineWait(plan.deadlineWait()))
                .withConnectTimeoutMillis(Math.max(1, TimeUnit.NANOSECONDS.toMillis(plan.connectTimeoutNanos())))
                .withRequestTimeoutMillis(timeoutMillis)
                // An open run keeps its connections through lulls: no idle timeout.
                .withIdleTimeoutMillis(0)
                // Closed with a reset: a run leaves no TIME_WAIT behind to slow the binds of the next (ClientConnector).
                .withResetOnClose(true)
                .withMaxRequestsInFlight(plan.pipeline())
                .withInputBufferSize(plan.readBufferBytes())
                // A request times out at most a twentieth of its timeout late (and never more than 50 ms).
                .withTimeoutCheckMillis(Math.max(1, Math.min(50, timeoutMillis / 20)));
    }

    private RunResult runWith(HttpClient client) throws IOException, InterruptedException {
        InetSocketAddress remote;
        try {
            remote = plan.url().resolve();
        } catch (UnknownHostException x) {
            return failed("the target's host " + plan.url().host() + " does not resolve", null);
        }
        List<InetSocketAddress> sources = new ArrayList<>();
        for (String address : plan.sourceAddresses()) {
            sources.add(new InetSocketAddress(address, 0));
        }
        ConnectionBudget budget = new ConnectionBudget(plan.maxConnections(), sources);
        LoopConnections.Connector connector = connector(client);
        List<ManagedSelector> selectors = client.getSelectorManager().getSelectors();
        String unreachable = checkReachable(connector, remote, budget.source(0), selectors.get(0));
        if (unreachable != null) {
            return failed(unreachable, budget);
        }
        HttpRequest.Builder requestBuilder = HttpRequest.builder(HttpMethod.GET, plan.url().target()).host(plan.url().hostField());
        if (plan.trace()) {
            requestBuilder.numberedField(TraceField.NAME);
        }
        HttpRequest request = requestBuilder.build();
        state = State.PRIMING;
        PrimingOutcome primed = Priming.run(selectors, connector, plan, () -> interrupted);

        List<GeneratorLoop> made = new ArrayList<>();
        for (int i = 0; i < selectors.size(); i++) {
            made.add(new GeneratorLoop(i, new LoopConnections(connector, selectors.get(i), remote, budget, plan.idleOrder()), request,
                    plan.latencyFloorNanos()));
        }
        loops = List.copyOf(made);
        for (GeneratorLoop loop : loops) {
            // Before the clock starts: the reading of the loops' CPU at the measured phase's start needs their threads.
            awaitStep(loop.noteThread());
            if (plan.trace()) {
                awaitStep(loop.traceInto(new LoopTrace(loop.index(), loops.size())));
            }
        }
        state = State.PRECONNECTING;
        preconnect(budget);

        RunClock clock = RunClock.startingNow(plan.warmupNanos());
        runClock = clock;
        IntervalLog log = new IntervalLog(plan.out().resolve("latency.hlog"), clock.toEpochMillis(clock.measuredStartNanos()),
                "loadgen " + plan.command());
        ProgressReporter reporter = new ProgressReporter(clock, loops, budget, log, progress, ALARM_PREFIX);
        long cpuStart = Cpu.processNanos();
        state = State.RUNNING;
        reporter.start();
        if (plan.warmupNanos() == 0) {
            reporter.markMeasuredStart();
        }
        List<CompletableFuture<Void>> begun = new ArrayList<>();
        for (int i = 0; i < loops.size(); i++) {
            GeneratorLoop loop = loops.get(i);
            begun.add(loop.begin(clock, workload(loop, i, clock)));
        }
        for (CompletableFuture<Void> step : begun) {
            awaitStep(step);
        }
        if (interrupted) {
            interrupt();
        }
        awaitLoopsDone();
        state = State.DRAINING;
        awaitInFlight();
        reporter.markMeasuredEnd();
        for (GeneratorLoop loop : loops) {
            awaitStep(loop.stop(interrupted));
        }
        // Ends whatever is still outstanding (interrupted, or past every timeout): each exactly once.
        client.stop();
        long end = System.nanoTime();
        reporter.stop();
        double cpuSeconds = (Cpu.processNanos() - cpuStart) / 1e9;
        double wallSeconds = (end - clock.startNanos()) / 1e9;
        return result(clock, reporter, budget, primed, cpuSeconds, wallSeconds);
    }

    private LoopWorkload workload(GeneratorLoop loop, int index, RunClock clock) {
        int threads = loops.size();
        return switch (plan.model()) {
            case OPEN -> Workloads.open(loop, new ArrivalShare(schedule(), index, threads), clock.startNanos(), plan.batchNanos(), plan.wakeSlackNanos(),
                    plan.connectAfterNanos());
            case ALL_AT_ONCE -> Workloads.open(loop, new ArrivalShare(schedule(), index, threads), clock.startNanos(), 0, 0, plan.connectAfterNanos());
            case CLOSED -> {
                int connections = share(plan.concurrency(), index, threads);
                long requests = plan.requests() > 0 ? Math.max(0, share(plan.requests(), index, threads)) : 0;
                long endNanos = plan.durationNanos() > 0 ? clock.measuredStartNanos() + plan.durationNanos() : Long.MAX_VALUE;
                // A counted run whose share is 0 requests sends nothing measured: it is done at once.
                yield Workloads.closed(loop, plan.requests() > 0 && requests == 0 ? 0 : connections, plan.pipeline(), requests, endNanos);
            }
        };
    }

    /** @return loop {@code index}'s share of {@code total} split over {@code loops}: the first ones get the remainder */
    static int share(long total, int index, int loops) {
        return (int) (total / loops + (index < total % loops ? 1 : 0));
    }

    private ArrivalSchedule schedule() {
        return switch (plan.model()) {
            case OPEN -> new OpenSchedule(plan.rate(), plan.arrivals(), plan.rampNanos(), plan.warmupNanos(), plan.requests(),
                    plan.durationNanos(), plan.seed());
            case ALL_AT_ONCE -> new AllAtOnceSchedule(plan.allAtOnce());
            case CLOSED -> throw new IllegalStateException("a closed run has no schedule");
        };
    }

    /**
     * The connector every loop opens its connections with: on the loop's own selector, so that the
     * connection's events come on the loop's thread.
     */
    private static LoopConnections.Connector connector(HttpClient client) {
        return (remote, local, selector) -> client.connect(remote, local, selector);
    }

    /** @return why the target cannot be reached, or null: one connect, closed at once, counted nowhere */
    private String checkReachable(LoopConnections.Connector connector, InetSocketAddress remote, InetSocketAddress local,
                                  ManagedSelector selector) throws InterruptedException {
        CompletableFuture<HttpClientConnection> connect = connector.connect(remote, local, selector);
        try {
            connect.get(TimeUnit.NANOSECONDS.toMillis(plan.connectTimeoutNanos()) + 1_000, TimeUnit.MILLISECONDS).close();
            return null;
        } catch (ExecutionException | TimeoutException x) {
            Throwable cause = x instanceof ExecutionException ? x.getCause() : x;
            return "the target " + plan.url().url() + " is unreachable: " + describeConnectFailure(cause);
        }
    }

    /**
     * Opens the connections asked for before the clock starts, each loop its share; all-at-once
     * opens at least those its requests need, so that they really start together. Waits for every
     * connect to complete or fail, at most the connect timeout, a second, and a millisecond per connection.
     */
    private void preconnect(ConnectionBudget budget) throws InterruptedException {
        long needed = plan.preconnect();
        if (plan.model() == Model.ALL_AT_ONCE) {
            needed = Math.max(needed, (plan.allAtOnce() + plan.pipeline() - 1) / plan.pipeline());
        }
        needed = Math.min(budget.maxConnections(), needed);
        if (needed == 0 || interrupted) {
            return;
        }
        RunClock none = RunClock.startingNow(0);
        for (int i = 0; i < loops.size(); i++) {
            GeneratorLoop loop = loops.get(i);
            awaitStep(loop.begin(none, Workloads.preconnect(loop, share(needed, i, loops.size()))));
        }
        // The connects go a few hundred at a time: a millisecond each on top of one connect timeout.
        long deadline = System.nanoTime() + plan.connectTimeoutNanos() + TimeUnit.SECONDS.toNanos(1)
                + needed * TimeUnit.MILLISECONDS.toNanos(1);
        while (!interrupted && System.nanoTime() - deadline < 0 && !allDone()) {
            pause();
        }
    }

    /**
     * The run's thread waits a moment between two looks at its loops; a park, not
     * {@code Thread.sleep}, which allocates on every call on recent JDKs (the generator allocates
     * nothing per request, and per millisecond would show).
     */
    static void pause() throws InterruptedException {
        LockSupport.parkNanos(POLL_NANOS);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    /** Allocation-free, as the run's thread polls it every few milliseconds. */
    private boolean allDone() {
        List<GeneratorLoop> all = loops;
        for (int i = 0; i < all.size(); i++) {
            if (!all.get(i).isDone()) {
                return false;
            }
        }
        return true;
    }

    private void awaitLoopsDone() throws InterruptedException {
        while (!interrupted && !allDone()) {
            pause();
        }
    }

    /** Waits for requests in flight to end, at most until the last send plus the timeout (and a margin for its check). */
    private void awaitInFlight() throws InterruptedException {
        long lastSend = 0;
        for (GeneratorLoop loop : loops) {
            lastSend = Math.max(lastSend, loop.lastSendNanos());
        }
        long deadline = Math.max(lastSend, System.nanoTime()) + plan.timeoutNanos() + TimeUnit.SECONDS.toNanos(1);
        while (!interrupted && System.nanoTime() - deadline < 0 && inFlight() > 0) {
            pause();
        }
    }

    private long inFlight() {
        List<GeneratorLoop> all = loops;
        long sum = 0;
        for (int i = 0; i < all.size(); i++) {
            sum += all.get(i).inFlight();
        }
        return sum;
    }

    private static void awaitStep(CompletableFuture<Void> step) throws InterruptedException {
        try {
            step.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException x) {
            throw new IllegalStateException("a generator loop did not take its step: " + x, x);
        }
    }

    private RunResult result(RunClock clock, ProgressReporter reporter, ConnectionBudget budget, PrimingOutcome primed,
                             double cpuSeconds, double wallSeconds) {
        List<RequestCounters> measuredParts = new ArrayList<>();
        List<RequestCounters> warmupParts = new ArrayList<>();
        long unsentMeasured = 0;
        long unsentWarmup = 0;
        long lastSend = 0;
        long lastDispatch = 0;
        long lastEnd = 0;
        long firstResponse = 0;
        long lastResponse = 0;
        for (GeneratorLoop loop : loops) {
            measuredParts.add(loop.measured());
            warmupParts.add(loop.warmup());
            long[] unsent = loop.unsentDue();
            unsentMeasured += unsent[0];
            unsentWarmup += unsent[1];
            lastSend = Math.max(lastSend, loop.lastSendNanos());
            lastDispatch = Math.max(lastDispatch, loop.lastDispatchNanos());
            lastEnd = Math.max(lastEnd, loop.lastMeasuredEndNanos());
            if (loop.firstResponseNanos() != 0) {
                firstResponse = firstResponse == 0 ? loop.firstResponseNanos() : Math.min(firstResponse, loop.firstResponseNanos());
                lastResponse = Math.max(lastResponse, loop.lastResponseNanos());
            }
        }
        RequestCounters measured = RequestCounters.sum(measuredParts);
        RequestCounters warmup = RequestCounters.sum(warmupParts);
        PhaseCounts measuredPhase = new PhaseCounts(measured.sentCount() + unsentMeasured, measured);
        PhaseCounts warmupPhase = new PhaseCounts(warmup.sentCount() + unsentWarmup, warmup);
        double durationSeconds = Math.max(0, (Math.max(lastEnd, lastSend) - clock.measuredStartNanos()) / 1e9);
        Latencies latencies = reporter.totals();
        Double completedRate = measured.respondedCount() >= 2 && lastResponse - firstResponse > 0
                ? (measured.respondedCount() - 1) / ((lastResponse - firstResponse) / 1e9) : null;
        RunRates rates = rates(clock, measuredPhase, lastSend, lastDispatch, durationSeconds, completedRate, latencies);

        ProgressReporter.PhaseMark start = reporter.measuredStart();
        ProgressReporter.PhaseMark end = reporter.measuredEnd();
        double measuredCpu = (end.cpuNanos() - start.cpuNanos()) / 1e9;
        double measuredWall = (end.loops().nanos() - start.loops().nanos()) / 1e9;
        Double busy = end.loops().busiestShareSince(start.loops());
        Double spin = end.loops().busiestSpinShareSince(start.loops());
        // The reporter shares the loops' cores when there are no more cores than loops (the generator pinned, one loop a core).
        Double loopCpu = end.loopCpu().busiestShareSince(start.loopCpu(), Runtime.getRuntime().availableProcessors() <= loops.size());
        GeneratorCost cost = new GeneratorCost(loops.size(), pacing(), cpuSeconds, wallSeconds, measuredCpu,
                measuredWall, busy, spin, loopCpu, primed);

        ConnectionFacts connections = new ConnectionFacts(budget.openedCount(), budget.maxOpenCount(), budget.connectFailureCount(),
                budget.descriptorLimitReached(), descriptors, budget.openedPerSource(), budget.maxConnections());
        Histogram lateness = latencies.lateness();
        Histogram whole = latencies.intendedToEnd();
        Lateness rule = Lateness.judge(lateness.getTotalCount() > 0 ? lateness.getValueAtPercentile(99) / 1000.0 : null,
                whole.getTotalCount() > 0 ? whole.getValueAtPercentile(50) / 1000.0 : null,
                plan.lagLimitNanos() > 0 ? plan.lagLimitNanos() / 1e6 : null);
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(interrupted, measured.answeredCount(), budget.descriptorLimitReached(),
                rule, rates.scheduledRate(), rates.dispatchedRate(), plan.minRateFraction(), busy,
                reporter.laggingBusyShare(rule.limitMs() * 1000), loopCpu, measured.queuedAtCapCount(), rates.sendSpreadMs(),
                plan.model() == Model.ALL_AT_ONCE ? plan.spreadLimitNanos() / 1e6 : null));
        TargetPace pace = TargetPace.judge(verdict, rates.arrivalRate(), rates.completedRate(), measuredPhase.scheduled(),
                measured.respondedCount(), measured.sentCount(), measured.queuedCount(), measured.queuedAtCapCount(), budget.maxOpenCount(),
                budget.maxConnections(), plan.minRateFraction());
        RunTiming timing = new RunTiming(System.currentTimeMillis(), durationSeconds, interrupted, null);
        return new RunResult(plan, clock, timing, measuredPhase, warmupPhase, rates, connections, cost, latencies, verdict, pace);
    }

    private RunRates rates(RunClock clock, PhaseCounts measured, long lastSend, long lastDispatch, double durationSeconds,
                           Double completedRate, Latencies latencies) {
        return switch (plan.model()) {
            case OPEN -> {
                double[] scheduled = scheduledRates(measured.scheduled());
                double sendSpan = (lastSend - clock.measuredStartNanos()) / 1e9;
                double dispatchSpan = (lastDispatch - clock.measuredStartNanos()) / 1e9;
                long written = measured.counters().writtenCount();
                yield new RunRates(nullIfNaN(scheduled[0]), dispatchSpan > 0 ? measured.counters().sentCount() / dispatchSpan : null,
                        sendSpan > 0 && written > 0 ? written / sendSpan : written == 0 ? 0.0 : null, nullIfNaN(scheduled[1]), completedRate,
                        null);
            }
            case CLOSED -> new RunRates(null, null, durationSeconds > 0 ? measured.counters().doneCount() / durationSeconds : null,
                    null, completedRate, null);
            case ALL_AT_ONCE -> new RunRates(null, null, null, null, completedRate, latencies.lateness().getTotalCount() > 0
                    ? latencies.lateness().getMaxValue() / 1000.0 : null);
        };
    }

    /**
     * The rate the schedule asked for over the measured phase, replayed from the seed, two ways:
     * its measured arrivals over the span from the phase's start to the last of them (the
     * dispatched rate is measured the same way, so that a generator that kept up scores 1.0
     * whatever the randomness of a short exponential schedule or a ramp that reaches into the
     * measured phase); and the gaps between its first and its last arrival over the span between
     * them (the completed rate is measured the same way, between the first and the last response,
     * so that a target that kept up scores 1.0 too, whatever its latency).
     *
     * @return {over the phase, between the arrivals}, NaN where there is no span
     */
    private double[] scheduledRates(long scheduled) {
        ArrivalSchedule replay = schedule();
        long first = -1;
        long last = -1;
        long count = 0;
        long offset;
        while (count < scheduled && (offset = replay.next()) != ArrivalSchedule.END) {
            if (offset >= plan.warmupNanos()) {
                if (count == 0) {
                    first = offset;
                }
                last = offset;
                count++;
            }
        }
        double span = (last - plan.warmupNanos()) / 1e9;
        double between = (last - first) / 1e9;
        return new double[] {count > 0 && span > 0 ? count / span : Double.NaN, count > 1 && between > 0 ? (count - 1) / between : Double.NaN};
    }

    private static Double nullIfNaN(double value) {
        return Double.isNaN(value) ? null : value;
    }

    private RunResult failed(String why, ConnectionBudget budget) {
        RunClock clock = RunClock.startingNow(0);
        PhaseCounts none = new PhaseCounts(0, new RequestCounters());
        ConnectionFacts connections = new ConnectionFacts(budget != null ? budget.openedCount() : 0, budget != null ? budget.maxOpenCount() : 0,
                budget != null ? budget.connectFailureCount() : 0, budget != null ? budget.descriptorLimitReached() : null, descriptors,
                budget != null ? budget.openedPerSource() : List.of(), plan.maxConnections());
        Lateness rule = Lateness.judge(null, null, plan.lagLimitNanos() > 0 ? plan.lagLimitNanos() / 1e6 : null);
        Verdict verdict = VerdictRules.judge(new VerdictRules.Inputs(interrupted, 0, null, rule, null, null, plan.minRateFraction(), null,
                null, null, 0, null, null));
        TargetPace pace = TargetPace.judge(verdict, null, null, 0, 0, 0, 0, 0, 0, plan.maxConnections(), plan.minRateFraction());
        return new RunResult(plan, clock, new RunTiming(System.currentTimeMillis(), 0, interrupted, why), none,
                new PhaseCounts(0, new RequestCounters()), new RunRates(null, null, null, null, null, null), connections,
                new GeneratorCost(plan.threads(), pacing(), 0, 0, 0, 0, null, null, null, PrimingOutcome.none()),
                Latencies.empty(), verdict, pace);
    }

    /** @return how the loops waited for an intended time, as the summary names it: {@code alarm}, {@code alarm,batch100us,slack200us}... */
    private String pacing() {
        StringBuilder pacing = new StringBuilder(plan.deadlineWait().toString());
        if (plan.model() == Model.OPEN && plan.batchNanos() > 0) {
            pacing.append(",batch").append(TimeUnit.NANOSECONDS.toMicros(plan.batchNanos())).append("us");
        }
        if (plan.model() == Model.OPEN && plan.wakeSlackNanos() > 0) {
            pacing.append(",slack").append(TimeUnit.NANOSECONDS.toMicros(plan.wakeSlackNanos())).append("us");
        }
        return pacing.toString();
    }

    private static String describeConnectFailure(Throwable failure) {
        ErrorKind kind = ErrorKind.ofConnect(failure);
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return kind.key() + " (" + root.getClass().getSimpleName() + (root.getMessage() != null ? ": " + root.getMessage() : "") + ")";
    }

    @Override
    public String toString() {
        return "LoadRun[" + state + (interrupted ? ",interrupted" : "") + "," + plan.model().label() + ",loops=" + loops.size() + "]";
    }
}
