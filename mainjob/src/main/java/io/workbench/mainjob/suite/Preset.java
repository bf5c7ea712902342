package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.results.ScenarioPreset;

/**
 * What one scenario sends in one profile: the load model and its numbers, the warm-up before it, how
 * many rounds measure it and, for the overhead scenario, its search for the highest sustained rate.
 * Immutable; {@link #scaled} shortens it for the test-only {@code --scale}, and the concurrency-level
 * count is lowered to what the machine allows ({@link ConcurrencyLimit}).
 *
 * @param scenario          which scenario
 * @param rate              requests per second of the open model, or 0 for all-at-once
 * @param requests          requests per measured run
 * @param waitMillis        the wait each /hello request asks for (for concurrency-level: the hold)
 * @param streamBytes       bytes per /stream response, or 0 for /hello
 * @param warmupConnections the closed-model warm-up's connections, 0 for no warm-up
 * @param warmupRequests    the warm-up's planned requests (it may go on, window by window, up to
 *                          {@link #warmupMaxRequests()} until the target is steady)
 * @param repetitions       rounds: measured runs of each target, one per round
 * @param search            the overhead scenario's search for the highest sustained rate, or null
 */
public record Preset(Scenario scenario, double rate, long requests, long waitMillis, long streamBytes,
                     int warmupConnections, long warmupRequests, int repetitions, SearchPlan search) {

    /** Connections spread over this many loopback source addresses, so no run is short of ephemeral ports. */
    static final int SOURCE_ADDRESSES = 4;
    /** The per-request time-out when a request is expected to finish (the study used an hour; the runs here are bounded). */
    static final long DEFAULT_TIMEOUT_MILLIS = 60_000;
    /** A warm-up is cut into this many windows of requests, its CPU per request read over each. */
    static final int WARMUP_WINDOWS = 10;
    /** A warm-up that is not steady after its planned requests goes on, a window at a time, up to this many times them. */
    static final int WARMUP_MAX_FACTOR = 3;
    /**
     * The warm-up's wait, in milliseconds, where the scenario's is longer: the same code (a sleep, a
     * scheduled completion) with a wait that lets 100,000 requests over 1,000 connections take
     * seconds, not the 100 s that 1 s waits would.
     */
    static final long WARMUP_WAIT_MILLIS = 1;

    public Preset {
        if (scenario == null || requests < 1 || repetitions < 1 || waitMillis < 0 || rate < 0 || warmupRequests < 0 || warmupConnections < 0) {
            throw new IllegalArgumentException("a preset needs requests and repetitions >= 1 and no negative value: " + scenario);
        }
        // The parameter, not allAtOnce(): a compact constructor assigns the fields only after its body.
        if ((scenario == Scenario.CONCURRENCY_LEVEL) == (rate > 0)) {
            throw new IllegalArgumentException(scenario + ": only concurrency-level runs without a rate");
        }
        if ((scenario == Scenario.OVERHEAD) != (search != null)) {
            throw new IllegalArgumentException(scenario + ": the overhead scenario, and only it, searches for the highest sustained rate");
        }
    }

    /**
     * The overhead scenario's bounded search: from the scenario's rate, doubling while the target
     * sustains it (at most up to the generator's measured reach), then halving the gap, at most
     * {@code maxSteps} runs of {@code stepSeconds} each.
     *
     * @param latencyBoundMs the intended->end p99 a sustained rate must stay under
     * @param minHeldShare   the share of the schedule the target must hold
     * @param maxSteps       runs at most
     * @param stepSeconds    each run's measured phase
     */
    public record SearchPlan(double latencyBoundMs, double minHeldShare, int maxSteps, double stepSeconds) {

        public SearchPlan {
            if (!(latencyBoundMs > 0) || !(minHeldShare > 0 && minHeldShare <= 1) || maxSteps < 1 || !(stepSeconds > 0)) {
                throw new IllegalArgumentException("a search needs a bound, a share in (0, 1], steps and a step length");
            }
        }

        SearchPlan scaled(double factor) {
            return new SearchPlan(latencyBoundMs, minHeldShare, maxSteps, Math.max(0.05, stepSeconds * factor));
        }
    }

    /** Connections opened beyond those the wait keeps busy: enough for the service time at these rates. */
    static final long PRECONNECT_SPARE = 64;

    public boolean allAtOnce() {
        return scenario == Scenario.CONCURRENCY_LEVEL;
    }

    public boolean stream() {
        return streamBytes > 0;
    }

    public boolean hasWarmup() {
        return warmupConnections > 0 && warmupRequests > 0;
    }

    /** The path and query every request of the scenario asks for. */
    public String path() {
        return stream() ? "/stream?bytes=" + streamBytes : "/hello?wait=" + waitMillis;
    }

    /** The warm-up's path: the scenario's, with its wait shortened to {@link #WARMUP_WAIT_MILLIS} (no wait stays none). */
    public String warmupPath() {
        return stream() ? path() : "/hello?wait=" + Math.min(waitMillis, WARMUP_WAIT_MILLIS);
    }

    /** Requests per warm-up window: a tenth of the planned warm-up. */
    public long warmupWindow() {
        return Math.max(1, warmupRequests / WARMUP_WINDOWS);
    }

    /** The most a warm-up sends before the target is recorded not warm. */
    public long warmupMaxRequests() {
        return warmupRequests * WARMUP_MAX_FACTOR;
    }

    /**
     * The connections a rate scenario opens before its clock starts: the requests in flight at its
     * rate and wait (Little's law, with a tenth more for the exponential arrivals' bursts) plus a few
     * for the service time itself, never more than it sends. Past these, the open model still opens a
     * connection whenever a request finds none idle.
     */
    public long expectedConnections() {
        return expectedConnections(rate, requests);
    }

    long expectedConnections(double atRate, long count) {
        long inFlight = (long) Math.ceil(atRate * waitMillis / 1000.0 * 1.1);
        return Math.min(count, inFlight + PRECONNECT_SPARE);
    }

    /**
     * The per-request time-out. Concurrency-level: long enough for a target that starts only part of
     * the requests to finish the rest in a second and third round of the hold, so the requests it
     * queued are counted as slow, not failed.
     */
    public long timeoutMillis() {
        return allAtOnce() ? 3 * waitMillis + 30_000 : Math.max(DEFAULT_TIMEOUT_MILLIS, 10 * waitMillis);
    }

    /**
     * Roughly how long the scenario takes for one target, for the progress bar's time left: its
     * warm-up, a measured run per round and, for overhead, its search.
     */
    public double estimatedSeconds() {
        return warmupSeconds() + repetitions * runSeconds() + searchSeconds();
    }

    /** A measured run: its schedule, its drain, the generator's unmeasured start, its connects and files. */
    public double runSeconds() {
        return allAtOnce() ? waitMillis / 1000.0 + ALL_AT_ONCE_EXTRA_SECONDS
                : GENERATOR_WARMUP_SECONDS + requests / rate + waitMillis / 1000.0 + RUN_EXTRA_SECONDS;
    }

    /** The warm-up at about {@value #WARMUP_RATE} requests a second, and what each window's run adds. */
    public double warmupSeconds() {
        if (!hasWarmup()) {
            return 0;
        }
        double rate = stream() ? STREAM_WARMUP_RATE : WARMUP_RATE;
        return warmupRequests / rate + WARMUP_WINDOWS * RUN_EXTRA_SECONDS;
    }

    /** A check of a target already warmed on the same path: the windows the rule reads ({@link TargetWarmup}). */
    public double warmupCheckSeconds() {
        return warmupSeconds() * WarmupRule.STEADY_WITHIN_5_PERCENT.windowsRead() / WARMUP_WINDOWS;
    }

    public double searchSeconds() {
        return search == null ? 0 : search.maxSteps() * (GENERATOR_WARMUP_SECONDS + search.stepSeconds() + RUN_EXTRA_SECONDS);
    }

    /** What a measured open run adds before its measured phase: its own schedule, run unmeasured (see SuiteRunner). */
    static final double GENERATOR_WARMUP_SECONDS = 1.0;
    private static final double RUN_EXTRA_SECONDS = 0.2;
    /** An all-at-once run: the connects, the sends, the responses of a target that queued some. */
    private static final double ALL_AT_ONCE_EXTRA_SECONDS = 4;
    private static final double WARMUP_RATE = 20_000;
    private static final double STREAM_WARMUP_RATE = 1_500;

    /** Counts multiplied by {@code factor} (at least 10 requests; hold at least 1 s), for the test-only --scale. */
    public Preset scaled(double factor) {
        if (factor == 1) {
            return this;
        }
        long hold = allAtOnce() ? Math.max(1_000, Math.round(waitMillis * factor)) : waitMillis;
        return new Preset(scenario, rate, Math.max(10, Math.round(requests * factor)), hold, streamBytes,
                warmupConnections == 0 ? 0 : (int) Math.max(2, Math.min(warmupConnections, Math.round(warmupConnections * factor))),
                warmupRequests == 0 ? 0 : Math.max(10 * WARMUP_WINDOWS, Math.round(warmupRequests * factor)), repetitions,
                search == null ? null : search.scaled(factor));
    }

    public Preset withRequests(long newRequests) {
        return new Preset(scenario, rate, newRequests, waitMillis, streamBytes, warmupConnections, warmupRequests, repetitions, search);
    }

    public Preset withRepetitions(int newRepetitions) {
        return new Preset(scenario, rate, requests, waitMillis, streamBytes, warmupConnections, warmupRequests, newRepetitions, search);
    }

    /** As results.json records it. */
    public ScenarioPreset record() {
        return new ScenarioPreset(scenario.cliName(), allAtOnce() ? "all-at-once" : "open", allAtOnce() ? null : rate,
                requests, waitMillis, stream() ? streamBytes : null, path(), timeoutMillis(), SOURCE_ADDRESSES,
                warmupConnections, warmupRequests, repetitions, GeneratorReach.REFERENCE.beyond(this).orElse(null),
                hasWarmup() ? warmupPath() : null, hasWarmup() ? warmupWindow() : null, hasWarmup() ? warmupMaxRequests() : null);
    }
}
