package io.workbench.mainjob.suite;

import io.workbench.mainjob.report.results.ScenarioPreset;

/**
 * What one scenario sends in one profile: the load model and its numbers, the warm-up before it and
 * how many times it is repeated. Immutable; {@link #scaled} shortens it for the test-only
 * {@code --scale}, and {@link #capped} lowers the concurrency-level count to what the machine allows.
 *
 * @param scenario          which scenario
 * @param rate              requests per second of the open model, or 0 for all-at-once
 * @param requests          requests per repetition
 * @param waitMillis        the wait each /hello request asks for (for concurrency-level: the hold)
 * @param streamBytes       bytes per /stream response, or 0 for /hello
 * @param warmupConnections the closed-model warm-up's connections, 0 for no warm-up
 * @param warmupRequests    the warm-up's requests
 * @param repetitions       measured repetitions
 */
public record Preset(Scenario scenario, double rate, long requests, long waitMillis, long streamBytes,
                     int warmupConnections, long warmupRequests, int repetitions) {

    /** Connections spread over this many loopback source addresses, so no run is short of ephemeral ports. */
    static final int SOURCE_ADDRESSES = 4;
    /** The per-request time-out when a request is expected to finish (the study used an hour; the runs here are bounded). */
    static final long DEFAULT_TIMEOUT_MILLIS = 60_000;

    public Preset {
        if (scenario == null || requests < 1 || repetitions < 1 || waitMillis < 0 || rate < 0 || warmupRequests < 0 || warmupConnections < 0) {
            throw new IllegalArgumentException("a preset needs requests and repetitions >= 1 and no negative value: " + this);
        }
        // The parameter, not allAtOnce(): a compact constructor assigns the fields only after its body.
        if ((scenario == Scenario.CONCURRENCY_LEVEL) == (rate > 0)) {
            throw new IllegalArgumentException(scenario + ": only concurrency-level runs without a rate");
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

    /**
     * The per-request time-out. Concurrency-level: long enough for a target that starts only part of
     * the requests to finish the rest in a second and third round of the hold, so the requests it
     * queued are counted as slow, not failed.
     */
    /**
     * The connections a rate scenario opens before its clock starts: the requests in flight at its
     * rate and wait (Little's law, with a tenth more for the exponential arrivals' bursts) plus a few
     * for the service time itself, never more than it sends. The 2016 study's generator kept its
     * warm-up's 1,000 connections for the run that followed; a run here is a JVM of its own, so it opens
     * them first, and its first second measures the target, not a thousand connects. Past these, the
     * open model still opens a connection whenever a request finds none idle.
     */
    public long expectedConnections() {
        long inFlight = (long) Math.ceil(rate * waitMillis / 1000.0 * 1.1);
        return Math.min(requests, inFlight + PRECONNECT_SPARE);
    }

    public long timeoutMillis() {
        return allAtOnce() ? 3 * waitMillis + 30_000 : Math.max(DEFAULT_TIMEOUT_MILLIS, 10 * waitMillis);
    }

    /**
     * Roughly how long the warm-up and the repetitions take, for the progress bar's time left: each
     * repetition's schedule, and what the suite adds to it (a JVM of its own; for an open one, the
     * generator's priming with its wait for a quiet compiler, and the schedule run unmeasured first).
     */
    public double estimatedSeconds() {
        double warmup = hasWarmup() ? warmupSeconds() + warmupOverheadSeconds() : 0;
        return warmup + repetitions * (repetitionSeconds() + repetitionOverheadSeconds());
    }

    /** What the suite adds to the warm-up's own time: a JVM of its own. */
    public double warmupOverheadSeconds() {
        return JVM_START_SECONDS;
    }

    /** What the suite adds to a repetition's schedule: its JVM; if open, priming and the schedule run unmeasured first. */
    public double repetitionOverheadSeconds() {
        return JVM_START_SECONDS + (allAtOnce() ? 0 : PRIMING_SECONDS + SuiteRunner.GENERATOR_WARMUP.toMillis() / 1000.0);
    }

    public double warmupSeconds() {
        return (double) warmupRequests / warmupConnections * (waitMillis + 1) / 1000.0;
    }

    public double repetitionSeconds() {
        return allAtOnce() ? 2.0 * waitMillis / 1000.0 + 5 : requests / rate + waitMillis / 1000.0;
    }

    private static final double JVM_START_SECONDS = 1.5;
    /**
     * The generator's priming (the suite's 20,000 requests in a closed loop, about a second here, then half a second of
     * an open schedule) and its wait for a quiet compiler.
     */
    private static final double PRIMING_SECONDS = 2.0;

    /** Counts multiplied by {@code factor} (at least 10 requests; hold at least 1 s), for the test-only --scale. */
    public Preset scaled(double factor) {
        if (factor == 1) {
            return this;
        }
        long hold = allAtOnce() ? Math.max(1_000, Math.round(waitMillis * factor)) : waitMillis;
        return new Preset(scenario, rate, Math.max(10, Math.round(requests * factor)), hold, streamBytes,
                warmupConnections == 0 ? 0 : (int) Math.max(2, Math.min(warmupConnections, Math.round(warmupConnections * factor))),
                warmupRequests == 0 ? 0 : Math.max(10, Math.round(warmupRequests * factor)), repetitions);
    }

    public Preset withRequests(long newRequests) {
        return new Preset(scenario, rate, newRequests, waitMillis, streamBytes, warmupConnections, warmupRequests, repetitions);
    }

    public Preset withRepetitions(int newRepetitions) {
        return new Preset(scenario, rate, requests, waitMillis, streamBytes, warmupConnections, warmupRequests, newRepetitions);
    }

    /** As results.json records it. */
    public ScenarioPreset record() {
        return new ScenarioPreset(scenario.cliName(), allAtOnce() ? "all-at-once" : "open", allAtOnce() ? null : rate,
                requests, waitMillis, stream() ? streamBytes : null, path(), timeoutMillis(), SOURCE_ADDRESSES,
                warmupConnections, warmupRequests, repetitions, GeneratorReach.REFERENCE.beyond(this).orElse(null));
    }
}
