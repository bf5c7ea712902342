package io.workbench.hyperfoil.export;

import io.workbench.mainjob.suite.Preset;
import java.net.URI;
import java.util.List;

/**
 * One scenario as Hyperfoil phases: an optional closed warm-up, then the measured phase, each
 * request {@code GET path}. Built from a suite {@link Preset} (the export) or from the load
 * command's options (the in-process engine).
 *
 * @param name              the benchmark's name
 * @param target            scheme://host:port of the target
 * @param path              path and query of every request
 * @param warmup            the closed warm-up, or null
 * @param measured          the measured phase
 * @param sharedConnections connections Hyperfoil opens to the target (split among agents)
 * @param timeoutMillis     the per-request time-out
 * @param threads           event-loop threads per agent (null: Hyperfoil's default)
 * @param agents            the agents, empty for a run without a controller
 */
public record BenchmarkPlan(String name, URI target, String path, Warmup warmup, MeasuredPhase measured,
                            long sharedConnections, long timeoutMillis, Integer threads, List<Agent> agents) {

    /**
     * The warm-up, not measured. Closed ({@code rate == 0}, the suite's): {@code users} sessions, each
     * sending its next request when its last one ended, for {@code durationMillis}. Open ({@code rate > 0},
     * the load command's): the measured phase's arrivals and sessions for {@code durationMillis}.
     */
    public record Warmup(String name, long users, double rate, long durationMillis) {

        public boolean open() {
            return rate > 0;
        }
    }

    /**
     * The measured phase. Open ({@code rate > 0}): {@code constantRate}, exponential gaps
     * ({@code variance: true}) when {@code exponential}, at most {@code maxSessions} requests in flight,
     * for {@code durationMillis}, {@code repetitions} times ({@code maxIterations}). All at once
     * ({@code rate == 0}): {@code atOnce} with {@code users} sessions. {@code continueWhenSessionsRunOut}: an
     * arrival that finds every session busy is skipped (and shows in the achieved rate) instead of
     * aborting the run, Hyperfoil's default.
     */
    public record MeasuredPhase(String name, double rate, boolean exponential, long maxSessions, long durationMillis,
                                long users, int repetitions, boolean continueWhenSessionsRunOut) {

        public boolean open() {
            return rate > 0;
        }
    }

    /**
     * The suite's scenario: its warm-up's connections for as long as its warm-up's requests take
     * (the closed model has no count in Hyperfoil, only a duration), the rate for as long as its
     * requests take at that rate ({@code requests / rate}: Hyperfoil's {@code maxIterations} repeats a
     * phase, it does not count requests), the repetitions as iterations of the phase.
     */
    public static BenchmarkPlan of(Preset preset, URI target, Integer threads, List<Agent> agents) {
        String scenario = preset.scenario().cliName();
        Warmup warmup = preset.hasWarmup()
                ? new Warmup("warmup", preset.warmupConnections(), 0, Math.max(1, Math.round(preset.warmupSeconds() * 1000)))
                : null;
        MeasuredPhase measured;
        long connections;
        if (preset.allAtOnce()) {
            measured = new MeasuredPhase(scenario, 0, false, preset.requests(), 0, preset.requests(), preset.repetitions(), false);
            connections = preset.requests();
        } else {
            long durationMillis = Math.max(1, Math.round(preset.requests() / preset.rate() * 1000));
            long sessions = preset.expectedConnections();
            measured = new MeasuredPhase(scenario, preset.rate(), true, sessions, durationMillis, 0, preset.repetitions(), false);
            connections = Math.max(sessions, warmup == null ? 0 : warmup.users());
        }
        return new BenchmarkPlan("workbench-" + scenario, origin(target), preset.path(), warmup, measured, connections,
                preset.timeoutMillis(), threads, agents);
    }

    /** Only the scheme, host and port: Hyperfoil's {@code http.host}. */
    public static URI origin(URI url) {
        if (url.getScheme() == null || url.getHost() == null) {
            throw new IllegalArgumentException("the target must be an absolute URL such as http://host:8080, got " + url);
        }
        int port = url.getPort() > 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
        return URI.create(url.getScheme() + "://" + url.getHost() + ":" + port);
    }
}
