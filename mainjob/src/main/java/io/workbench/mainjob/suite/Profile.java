package io.workbench.mainjob.suite;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How big a run is: the presets of every scenario, the scenarios and the targets run by default.
 *
 * <ul>
 *   <li>{@code study}: the 2016 study's exact values (54,000 at once, 100,000 requests per rate
 *       scenario, a 100,000-request warm-up over 1,000 connections, 10 rounds) against every
 *       target the target command offers, with its 100,000 req/s flood as the overload scenario.
 *       Hours.</li>
 *   <li>{@code standard}: the study's rates and waits, each measured run about 10 s long, the
 *       study's warm-up, five rounds.</li>
 *   <li>{@code quick} (the default): every scenario, briefly, on four targets chosen to show the
 *       study's main contrasts, three rounds, in at most 10 minutes on 2 cores.</li>
 * </ul>
 * The concurrency-level count is always capped by the descriptor limits ({@link ConcurrencyLimit}).
 * Every profile measures overhead at the same fixed rate, so that CPU per request is comparable
 * across profiles and targets.
 */
public enum Profile {

    STUDY("study", List.of(TargetId.ALL), presets(54_000, 60_000, 100_000, 100_000, 100_000, 100_000, 100_000, 10_000, 10,
            search(10, 5), 100_000), true),

    STANDARD("standard", List.of("jetty:sync|iocore:sync", "jetty:virtual|iocore:virtual",
            "jetty:async-complete|jetty-handler:async-complete", "tomcat:sync", "undertow:async-complete",
            "iocore:async-complete", "netty:async-complete"),
            presets(54_000, 20_000, 10_000, 100_000, 50_000, 25_000, 100_000, 5_000, 5,
                    search(8, 3), 100_000), false),

    /**
     * Four targets, three rounds, measured runs of 2-5 s, the study's warm-up (100,000 requests: what
     * it takes here, where a target's CPU per request settles after 65,000 to 150,000 hello
     * requests over 1,000 connections). The targets: sync Jetty (the study's
     * surprise: thread-blocking yet good at high concurrency), the same code on virtual threads
     * (today's answer to the study's fibers), iocore's own async core, and Netty (the study's
     * non-servlet async reference). Where the target command has no Jetty servlet target, iocore's
     * sync and virtual strategies stand in.
     */
    QUICK("quick", List.of("jetty:sync|iocore:sync", "jetty:virtual|iocore:virtual", "iocore:async-complete",
            "netty:async-complete"),
            presets(54_000, 5_000, 4_000, 30_000, 15_000, 5_000, 100_000, 2_000, 3,
                    search(6, 1.5), 30_000), false);

    /** The 2016 study's concurrency-level count. */
    public static final long STUDY_ALL_AT_ONCE = 54_000;
    /** The 2016 study's warm-up: a closed model with this many connections. */
    public static final int WARMUP_CONNECTIONS = 1_000;
    /** The stream scenario's warm-up connections: 1 MiB responses over 1,000 connections would be 1 GB in flight. */
    public static final int STREAM_WARMUP_CONNECTIONS = 100;
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
    /** The 2016 study's overhead rate, the overload scenario's here. */
    public static final double STUDY_OVERHEAD_RATE = 100_000;
    /**
     * The overhead scenario's fixed rate, the same for every target and profile: one every target
     * holds on one core here with room to spare. The CPU per /hello request measured here runs from
     * 8 to 29 us, so the costliest target spends 15% of its core at this rate and none queues; a
     * run of 15,000 requests reads the CPU to 0.7 us a request (the kernel's 10 ms tick over 15,000).
     */
    public static final double OVERHEAD_RATE = 5_000;
    /** A sustained rate keeps intended->end p99 under this (a hello's p99 here is well under 1 ms below saturation). */
    public static final double SEARCH_LATENCY_BOUND_MS = 10;
    /** A sustained rate is held for at least this share of its schedule. */
    public static final double SEARCH_HELD_SHARE = 0.99;

    private final String cliName;
    private final List<String> defaultTargets;
    private final Map<Scenario, Preset> presets;
    private final boolean overloadByDefault;

    Profile(String cliName, List<String> defaultTargets, Map<Scenario, Preset> presets, boolean overloadByDefault) {
        this.cliName = cliName;
        this.defaultTargets = defaultTargets;
        this.presets = presets;
        this.overloadByDefault = overloadByDefault;
    }

    private static Map<Scenario, Preset> presets(long atOnce, long holdMillis, long slowRequests, long highRequests,
                                                 long overheadRequests, long streamRequests, long warmupRequests,
                                                 long streamWarmupRequests, int rounds, Preset.SearchPlan search,
                                                 long overloadRequests) {
        Map<Scenario, Preset> presets = new EnumMap<>(Scenario.class);
        presets.put(Scenario.CONCURRENCY_LEVEL, new Preset(Scenario.CONCURRENCY_LEVEL, 0, atOnce, holdMillis, 0,
                WARMUP_CONNECTIONS, warmupRequests, rounds, null));
        presets.put(Scenario.SLOW_REQUESTS, new Preset(Scenario.SLOW_REQUESTS, 1_000, slowRequests, 1_000, 0,
                WARMUP_CONNECTIONS, warmupRequests, rounds, null));
        presets.put(Scenario.HIGH_CONCURRENCY, new Preset(Scenario.HIGH_CONCURRENCY, 10_000, highRequests, 100, 0,
                WARMUP_CONNECTIONS, warmupRequests, rounds, null));
        presets.put(Scenario.OVERHEAD, new Preset(Scenario.OVERHEAD, OVERHEAD_RATE, overheadRequests, 0, 0,
                WARMUP_CONNECTIONS, warmupRequests, rounds, search));
        presets.put(Scenario.STREAM, new Preset(Scenario.STREAM, STREAM_RATE, streamRequests, 0, STREAM_BYTES,
                STREAM_WARMUP_CONNECTIONS, streamWarmupRequests, rounds, null));
        presets.put(Scenario.OVERLOAD, new Preset(Scenario.OVERLOAD, STUDY_OVERHEAD_RATE, overloadRequests, 0, 0,
                WARMUP_CONNECTIONS, warmupRequests, rounds, null));
        return presets;
    }

    /** The overhead search of a profile: the same bound and share everywhere, its own steps and their length. */
    private static Preset.SearchPlan search(int maxSteps, double stepSeconds) {
        return new Preset.SearchPlan(SEARCH_LATENCY_BOUND_MS, SEARCH_HELD_SHARE, maxSteps, stepSeconds);
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

    /** The scenarios run when {@code --scenarios} is not given: all, the overload one in the study profile only. */
    public List<Scenario> defaultScenarios() {
        return Arrays.stream(Scenario.values()).filter(scenario -> scenario != Scenario.OVERLOAD || overloadByDefault).toList();
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
