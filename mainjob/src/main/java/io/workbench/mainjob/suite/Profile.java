package io.workbench.mainjob.suite;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How big a run is: the presets of every scenario and the targets run by default.
 *
 * <ul>
 *   <li>{@code study}: the 2016 study's exact values (54,000 at once, 100,000 requests per rate
 *       scenario, a 100,000-request warm-up over 1,000 connections, the best of 10 repetitions)
 *       against every target the target command offers. Hours.</li>
 *   <li>{@code standard}: the study's rates and waits, with each repetition about 10 s long (a
 *       tenth of the study's slow-requests, the study's count where it lasts 10 s or less), warm-ups
 *       of a tenth, three repetitions: about a minute per target and scenario.</li>
 *   <li>{@code quick} (the default): every scenario, briefly, on four targets chosen to show the
 *       study's main contrasts, in well under 15 minutes on 2 cores.</li>
 * </ul>
 * The concurrency-level count is always capped by the descriptor limits ({@link ConcurrencyLimit}).
 */
public enum Profile {

    STUDY("study", List.of(TargetId.ALL), presets(54_000, 60_000, 10,
            100_000, 100_000, 100_000, 100_000, 100_000, 10)),

    STANDARD("standard", List.of("jetty:sync|iocore:sync", "jetty:virtual|iocore:virtual",
            "jetty:async-complete|jetty-handler:async-complete", "tomcat:sync", "undertow:async-complete",
            "iocore:async-complete", "netty:async-complete"),
            presets(54_000, 20_000, 3, 10_000, 100_000, 100_000, 25_000, 10_000, 3)),

    /**
     * Four targets, two repetitions, repetitions of 3-5 s. The targets: sync Jetty (the study's
     * surprise: thread-blocking yet good at high concurrency), the same code on virtual threads
     * (today's answer to the study's fibers), iocore's own async core, and Netty (the study's
     * non-servlet async reference). Where the target command has no Jetty servlet target, iocore's
     * sync and virtual strategies stand in. Two repetitions, so that best and median can differ.
     */
    QUICK("quick", List.of("jetty:sync|iocore:sync", "jetty:virtual|iocore:virtual", "iocore:async-complete",
            "netty:async-complete"),
            presets(54_000, 10_000, 1, 5_000, 30_000, 30_000, 5_000, 5_000, 2));

    /** The 2016 study's concurrency-level count. */
    public static final long STUDY_ALL_AT_ONCE = 54_000;
    /** The 2016 study's warm-up: a closed model with this many connections. */
    public static final int WARMUP_CONNECTIONS = 1_000;
    /** The stream scenario's response size: big enough that a response spans many writes. */
    public static final long STREAM_BYTES = 1 << 20;
    /**
     * The stream scenario's rate: where the best target saturates. Calibrated with the closed model
     * (8 connections, 1 MiB responses, target pinned to one CPU, generator to the other, 10 s after
     * 5 s of warm-up, on a busy 2-CPU machine): Netty 2,512 responses/s, Jetty's servlets with a
     * WriteListener 1,712, Undertow's handler 1,658, iocore 1,631, the generator at under half a
     * core. So 2,500/s: the best target just keeps up and the others queue. Change it here, once,
     * for every profile.
     */
    public static final double STREAM_RATE = 2_500;

    private final String cliName;
    private final List<String> defaultTargets;
    private final Map<Scenario, Preset> presets;

    Profile(String cliName, List<String> defaultTargets, Map<Scenario, Preset> presets) {
        this.cliName = cliName;
        this.defaultTargets = defaultTargets;
        this.presets = presets;
    }

    private static Map<Scenario, Preset> presets(long atOnce, long holdMillis, int atOnceRepetitions,
                                                 long slowRequests, long highRequests, long overheadRequests,
                                                 long streamRequests, long warmupRequests, int repetitions) {
        Map<Scenario, Preset> presets = new EnumMap<>(Scenario.class);
        presets.put(Scenario.CONCURRENCY_LEVEL, new Preset(Scenario.CONCURRENCY_LEVEL, 0, atOnce, holdMillis, 0, 0, 0, atOnceRepetitions));
        presets.put(Scenario.SLOW_REQUESTS, new Preset(Scenario.SLOW_REQUESTS, 1_000, slowRequests, 1_000, 0,
                WARMUP_CONNECTIONS, warmupRequests, repetitions));
        presets.put(Scenario.HIGH_CONCURRENCY, new Preset(Scenario.HIGH_CONCURRENCY, 10_000, highRequests, 100, 0,
                WARMUP_CONNECTIONS, warmupRequests, repetitions));
        presets.put(Scenario.OVERHEAD, new Preset(Scenario.OVERHEAD, 100_000, overheadRequests, 0, 0,
                WARMUP_CONNECTIONS, warmupRequests, repetitions));
        // 1 MiB responses: a warm-up of 100 connections and a tenth of the requests, not the study's 1,000 x 100,000 (100 GB).
        presets.put(Scenario.STREAM, new Preset(Scenario.STREAM, STREAM_RATE, streamRequests, 0, STREAM_BYTES,
                100, Math.max(100, streamRequests / 10), repetitions));
        return presets;
    }

    public String cliName() {
        return cliName;
    }

    /**
     * The targets run when {@code --targets} is not given ({@link TargetId#ALL}: every one offered).
     * An entry may name alternatives, {@code a|b}: the first the target command offers is run.
     */
    public List<String> defaultTargets() {
        return defaultTargets;
    }

    public Preset preset(Scenario scenario) {
        return presets.get(scenario);
    }

    public static Optional<Profile> byName(String name) {
        return Arrays.stream(values()).filter(profile -> profile.cliName.equals(name)).findFirst();
    }

    @Override
    public String toString() {
        return cliName;
    }
}
