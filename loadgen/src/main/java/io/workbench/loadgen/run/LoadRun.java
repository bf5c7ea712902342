package io.workbench.loadgen.run;

import io.workbench.iocore.http.HttpMethod;
import io.workbench.iocore.http.client.HttpClient;
import io.workbench.iocore.http.client.HttpRequest;
import io.workbench.iocore.selector.SelectorManager;
import io.workbench.loadgen.connection.ConnectionPool;
import io.workbench.loadgen.connection.DescriptorLimit;
import io.workbench.loadgen.connection.LoadConnection;
import io.workbench.loadgen.pacing.Pacer;
import io.workbench.loadgen.plan.LoadPlan;
import io.workbench.loadgen.plan.Model;
import io.workbench.loadgen.record.ErrorKind;
import io.workbench.loadgen.record.IntervalLog;
import io.workbench.loadgen.record.LatencyRecorders;
import io.workbench.loadgen.record.RequestCounters;
import io.workbench.loadgen.schedule.AllAtOnceSchedule;
import io.workbench.loadgen.schedule.ArrivalSchedule;
import io.workbench.loadgen.schedule.OpenSchedule;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * One run of the load generator, from a {@link LoadPlan} to a {@link RunResult}: starts iocore's
 * client, checks that the target answers a connect, builds the schedule, runs the driver of the
 * plan's model with the reporter beside it, waits for what is in flight, stops the client (which
 * ends every request still outstanding, exactly once) and computes the verdict.
 *
 * <pre>
 *   NEW --run()--> CONNECTING (the first connect; failure: a result with the failure, nothing sent)
 *       --> RUNNING (driver + reporter) --schedule through, or interrupt()--> DRAINING (in-flight
 *       requests end, or the timeout ends them; interrupted: the client aborts them at once)
 *       --> DONE (client stopped, every accepted request ended, totals complete)
 * </pre>
 */
public final class LoadRun {

    private enum State { NEW, CONNECTING, RUNNING, DRAINING, DONE }

    /** The priming loop stops after this long, whatever its count. */
    private static final long PRIME_MAX_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final LoadPlan plan;
    private final DescriptorLimit descriptors;
    private final PrintStream progress;
    private final RequestCounters warmup = new RequestCounters();
    private final RequestCounters measured = new RequestCounters();
    private final LatencyRecorders recorders = new LatencyRecorders();
    private final AtomicLong lastMeasuredEndNanos = new AtomicLong();
    private volatile State state = State.NEW;
    private volatile boolean interrupted;
    private volatile Pacer pacer;
    private volatile ClosedDriver closedDriver;
    private volatile ClosedDriver primeDriver;
    /** What the priming loop did, or null if there was none. */
    private volatile RequestCounters primed;

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
        Pacer p = pacer;
        if (p != null) {
            p.cancel();
        }
        ClosedDriver d = closedDriver;
        if (d != null) {
            d.stop();
        }
        ClosedDriver p2 = primeDriver;
        if (p2 != null) {
            p2.stop();
        }
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
                .withName("loadgen")
                .withSelectors(SelectorManager.Config.defaults().withSelectors(plan.selectors()).withIdleTimeoutMillis(0))
                .withConnectTimeoutMillis(Math.max(1, TimeUnit.NANOSECONDS.toMillis(plan.connectTimeoutNanos())))
                .withRequestTimeoutMillis(timeoutMillis)
                // An open run keeps its connections through lulls: no idle timeout.
                .withIdleTimeoutMillis(0)
                .withMaxRequestsInFlight(plan.pipeline())
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
        ConnectionPool pool = new ConnectionPool(client, remote, sources, plan.maxConnections(), plan.idleOrder());
        try {
            pool.open(true).get(TimeUnit.NANOSECONDS.toMillis(plan.connectTimeoutNanos()) + 1_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException x) {
            Throwable cause = x instanceof ExecutionException ? x.getCause() : x;
            return failed("the target " + plan.url().url() + " is unreachable: " + describeConnectFailure(cause), pool);
        }
        // That failure or success is the check's, not a request's.
        pool.claimConnectFailure();
        preconnect(pool);
        HttpRequest request = HttpRequest.builder(HttpMethod.GET, plan.url().target()).host(plan.url().hostField()).build();
        prime(pool, request);
        long parkLateness = Pacer.measureParkLatenessNanos();
        Pacer calibrated = new Pacer(plan.spinNanos());
        pacer = calibrated;
        if (interrupted) {
            calibrated.cancel();
        }
        RunClock clock = RunClock.startingNow(plan.warmupNanos());
        RunListener listener = new RunListener(clock, warmup, measured, recorders, lastMeasuredEndNanos);
        IntervalLog log = new IntervalLog(plan.out().resolve("latency.hlog"), clock.toEpochMillis(clock.measuredStartNanos()),
                "loadgen " + plan.command());
        ProgressReporter reporter = new ProgressReporter(clock, recorders, warmup, measured, pool, log, progress);
        long cpuStart = processCpuNanos();
        state = State.RUNNING;
        reporter.start();

        OpenDriver openDriver = null;
        long lastSendNanos;
        if (plan.model() == Model.CLOSED) {
            ClosedDriver driver = new ClosedDriver(clock, pool, request, listener, warmup, measured, plan.concurrency(), plan.pipeline(),
                    plan.requests(), plan.durationNanos());
            closedDriver = driver;
            if (interrupted) {
                driver.stop();
            }
            driver.start();
            driver.awaitDone(plan.timeoutNanos() + TimeUnit.SECONDS.toNanos(1));
            driver.stop();
            state = State.DRAINING;
            awaitInFlight(driver.lastSendNanos());
            driver.close();
            lastSendNanos = driver.lastSendNanos();
        } else {
            openDriver = new OpenDriver(schedule(), clock, calibrated, pool, request, listener, warmup, measured);
            openDriver.run();
            state = State.DRAINING;
            lastSendNanos = openDriver.lastSendNanos();
            awaitInFlight(lastSendNanos);
        }
        // Ends whatever is still outstanding (interrupted, or past every timeout): each exactly once.
        client.stop();
        long end = System.nanoTime();
        reporter.stop();
        double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
        double wallSeconds = (end - clock.startNanos()) / 1e9;

        long measuredSent = measured.sentCount();
        long scheduled = measuredSent + (openDriver != null ? openDriver.unsentDueMeasured() : 0);
        long warmupScheduled = warmup.sentCount() + (openDriver != null ? openDriver.unsentDueWarmup() : 0);
        long lastEnd = Math.max(lastMeasuredEndNanos.get(), lastSendNanos);
        double durationSeconds = Math.max(0, (lastEnd - clock.measuredStartNanos()) / 1e9);
        Double scheduledRate = null;
        Double achievedRate = null;
        if (plan.model() == Model.OPEN) {
            scheduledRate = scheduledRate(scheduled);
            double sendSpan = (lastSendNanos - clock.measuredStartNanos()) / 1e9;
            achievedRate = sendSpan > 0 ? measuredSent / sendSpan : null;
        } else if (plan.model() == Model.CLOSED && durationSeconds > 0) {
            achievedRate = measured.doneCount() / durationSeconds;
        }
        Histogram intendedToEnd = reporter.totalIntendedToEnd();
        Histogram intendedToSend = reporter.totalIntendedToSend();
        List<String> reasons = verdict(intendedToEnd, intendedToSend, scheduledRate, achievedRate, pool);
        return new RunResult(plan, clock, System.currentTimeMillis(), durationSeconds, interrupted, null,
                scheduled, measured, warmupScheduled, warmup,
                openDriver != null ? openDriver.blockedCount() : 0, openDriver != null ? openDriver.blockedMaxNanos() : 0,
                openDriver != null ? openDriver.blockedTotalNanos() : 0,
                pool.openedCount(), pool.maxOpenCount(), pool.connectFailureCount(), pool.descriptorLimitReached(), descriptors,
                pool.openedPerSource(), cpuSeconds, wallSeconds, scheduledRate, achievedRate, parkLateness,
                primed != null ? primed.sentCount() : 0,
                intendedToEnd, reporter.totalSendToEnd(), intendedToSend, reasons);
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
     * The rate the schedule asked for over the measured phase: its measured arrivals over the span
     * from the phase's start to the last of them, replayed from the seed. The achieved rate is
     * measured the same way (sent over the span to the last send), so that a generator that kept
     * up scores 1.0 whatever the randomness of a short exponential schedule or a ramp that reaches
     * into the measured phase.
     */
    private Double scheduledRate(long scheduled) {
        ArrivalSchedule replay = schedule();
        long last = -1;
        long count = 0;
        long offset;
        while (count < scheduled && (offset = replay.next()) != ArrivalSchedule.END) {
            if (offset >= plan.warmupNanos()) {
                last = offset;
                count++;
            }
        }
        double span = (last - plan.warmupNanos()) / 1e9;
        return count > 0 && span > 0 ? count / span : null;
    }

    private List<String> verdict(Histogram intendedToEnd, Histogram intendedToSend, Double scheduledRate, Double achievedRate,
                                 ConnectionPool pool) {
        List<String> reasons = new ArrayList<>();
        if (interrupted) {
            reasons.add("the run was interrupted before its schedule was through");
        }
        if (intendedToEnd.getTotalCount() == 0) {
            reasons.add("no measured request got a response");
        }
        if (intendedToSend.getTotalCount() > 0) {
            double lagP99 = intendedToSend.getValueAtPercentile(99) / 1000.0;
            double limit = plan.lagLimitNanos() / 1e6;
            if (lagP99 > limit) {
                reasons.add(String.format(Locale.ROOT, "the generator lagged: intended->send p99 %.3f ms is above the limit of %.3f ms",
                        lagP99, limit));
            }
        }
        if (scheduledRate != null && achievedRate != null && achievedRate < plan.minRateFraction() * scheduledRate) {
            reasons.add(String.format(Locale.ROOT, "achieved %.1f req/s, below %.0f%% of the %.1f req/s the schedule asked for",
                    achievedRate, plan.minRateFraction() * 100, scheduledRate));
        }
        if (pool.descriptorLimitReached() != null) {
            reasons.add(pool.descriptorLimitReached());
        }
        return reasons;
    }

    /**
     * Before the clock starts, {@code plan.prime()} requests (for at most 2 s) in a closed loop over a few
     * connections, counted and timed nowhere: they compile the client's, the parser's and the
     * recorders' hot paths, so that a schedule does not begin with an interpreted generator that
     * falls behind in its first second and, in an open model, never catches up. (The schedule's
     * own warm-up then warms the pacer and the target under the real load.) The connections stay
     * open for the run.
     */
    private void prime(ConnectionPool pool, HttpRequest request) throws InterruptedException {
        if (plan.prime() == 0 || interrupted) {
            return;
        }
        RunClock primeClock = RunClock.startingNow(0);
        RequestCounters counters = new RequestCounters();
        RunListener primeListener = new RunListener(primeClock, counters, counters, new LatencyRecorders(), new AtomicLong());
        int connections = Math.min(8, plan.maxConnections());
        // Bounded in time too: priming a slow target must not take longer than a short warm-up.
        ClosedDriver primer = new ClosedDriver(primeClock, pool, request, primeListener, counters, counters, connections, 1,
                plan.prime(), PRIME_MAX_NANOS);
        primeDriver = primer;
        if (interrupted) {
            primer.stop();
        }
        primer.start();
        primer.awaitDone(Math.min(plan.timeoutNanos(), PRIME_MAX_NANOS));
        primer.stop();
        primer.close();
        primeDriver = null;
        primed = counters;
    }

    /**
     * Opens the connections asked for before the clock starts; all-at-once opens at least those
     * its requests need, so that they really start together.
     */
    private void preconnect(ConnectionPool pool) throws InterruptedException {
        long needed = plan.preconnect();
        if (plan.model() == Model.ALL_AT_ONCE) {
            needed = Math.max(needed, (plan.allAtOnce() + plan.pipeline() - 1) / plan.pipeline());
        }
        needed = Math.min(plan.maxConnections(), needed);
        List<CompletableFuture<LoadConnection>> opening = new ArrayList<>();
        for (long i = pool.openCount(); i < needed && pool.canOpen(); i++) {
            opening.add(pool.open(true));
        }
        try {
            CompletableFuture.allOf(opening.toArray(new CompletableFuture<?>[0]))
                    .get(TimeUnit.NANOSECONDS.toMillis(plan.connectTimeoutNanos()) + 1_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException x) {
            // Counted by the pool; the requests that lack a connection open one when they are sent, or fail.
        }
    }

    /** Waits for requests in flight to end, at most until the last send plus the timeout (and a margin for its check). */
    private void awaitInFlight(long lastSendNanos) throws InterruptedException {
        long deadline = Math.max(lastSendNanos, System.nanoTime()) + plan.timeoutNanos() + TimeUnit.SECONDS.toNanos(1);
        while (!interrupted && System.nanoTime() - deadline < 0 && inFlight() > 0) {
            Thread.sleep(1);
        }
    }

    private long inFlight() {
        return warmup.sentCount() - warmup.doneCount() + measured.sentCount() - measured.doneCount();
    }

    private RunResult failed(String why, ConnectionPool pool) {
        RunClock clock = RunClock.startingNow(0);
        return new RunResult(plan, clock, System.currentTimeMillis(), 0, interrupted, why, 0, measured, 0, warmup, 0, 0, 0,
                pool != null ? pool.openedCount() : 0, pool != null ? pool.maxOpenCount() : 0, pool != null ? pool.connectFailureCount() : 0,
                pool != null ? pool.descriptorLimitReached() : null, descriptors,
                pool != null ? pool.openedPerSource() : List.of(), 0, 0, null, null, 0, 0,
                LatencyRecorders.newHistogram(), LatencyRecorders.newHistogram(), LatencyRecorders.newHistogram(), List.of(why));
    }

    private static String describeConnectFailure(Throwable failure) {
        ErrorKind kind = ErrorKind.ofConnect(failure);
        Throwable root = failure;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return kind.key() + " (" + root.getClass().getSimpleName() + (root.getMessage() != null ? ": " + root.getMessage() : "") + ")";
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }

    @Override
    public String toString() {
        return "LoadRun[" + state + (interrupted ? ",interrupted" : "") + "," + plan.model().label() + ",measured=" + measured + "]";
    }
}
