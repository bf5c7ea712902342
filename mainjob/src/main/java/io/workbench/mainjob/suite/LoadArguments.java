package io.workbench.mainjob.suite;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The load command's arguments for the three kinds of run the main job makes, written once:
 * a warm-up window (closed model, the warm-up's path), a measured run (the scenario's model and
 * path) and a step of the overhead search (the open model at the step's rate).
 *
 * <p>A measured open run first runs its own schedule for {@link #GENERATOR_WARMUP_MILLIS},
 * unmeasured: its connections are new (each run opens its own), and their first requests, in the
 * target and in the generator, are not what the run measures. The generator JVM lives for the
 * whole run, so this is all it needs; a generator JVM per run needed 3 s and its own priming.
 *
 * <p>With {@code trace}, a measured run (not a warm-up window, not a search step) is traced: its
 * requests carry their ids and it joins the target's stamps to its own; each measured run takes
 * the target's records since the last, so a warm-up's requests, which carry no id, leave none.
 *
 * @param sourceAddresses the network's {@code --source-addresses}
 * @param scale           the test-only shortening factor, applied to every duration and count here
 * @param trace           whether measured runs are traced ({@code --trace})
 */
record LoadArguments(int sourceAddresses, double scale, boolean trace) {

    /** A measured open run's own unmeasured start (scaled with --scale). */
    static final long GENERATOR_WARMUP_MILLIS = 1_000;
    /**
     * Requests of the generator's priming loop (to an in-process server, recorded nowhere), given to
     * the first open run of each generator JVM: it compiles the generator's open path before any
     * measured phase, once per JVM.
     */
    static final long PRIME_REQUESTS = 20_000;

    /** One window of a warm-up: {@code requests} over at most the warm-up's connections, closed, quiet. */
    List<String> warmupWindow(String url, Preset preset, long requests, Path out, String label) {
        List<String> arguments = new ArrayList<>();
        arguments.add(url + preset.warmupPath());
        arguments.addAll(List.of("--concurrency", String.valueOf(Math.min(preset.warmupConnections(), requests)),
                "--requests", String.valueOf(requests), "--quiet"));
        common(preset, arguments, 0, out, label);
        return arguments;
    }

    /** A measured run of {@code preset}: seed {@code round}, so every run's round k sends the same schedule. */
    List<String> measured(String url, Preset preset, int round, boolean prime, Path out, String label) {
        if (preset.allAtOnce()) {
            List<String> arguments = new ArrayList<>();
            arguments.add(url + preset.path());
            arguments.addAll(List.of("--all-at-once", String.valueOf(preset.requests()), "--seed", String.valueOf(round)));
            // No priming: its requests are sent at once whatever the generator's code; a measured phase of all-at-once
            // is judged by how long it took to send them all, not by lateness.
            common(preset, arguments, 0, out, label);
            traced(arguments);
            return arguments;
        }
        List<String> arguments = open(url, preset, preset.rate(), preset.requests(), round, prime, out, label);
        traced(arguments);
        return arguments;
    }

    /** A step of the overhead search at {@code rate}, for {@code seconds}: seeds from 1001, apart from the rounds'. */
    List<String> searchStep(String url, Preset preset, double rate, double seconds, int step, boolean prime, Path out, String label) {
        long requests = Math.max(10, Math.round(rate * seconds));
        return open(url, preset, rate, requests, 1_000 + step, prime, out, label);
    }

    private List<String> open(String url, Preset preset, double rate, long requests, long seed, boolean prime, Path out, String label) {
        List<String> arguments = new ArrayList<>();
        arguments.add(url + preset.path());
        arguments.addAll(List.of("--rate", String.valueOf(rate), "--arrivals", "exponential", "--requests", String.valueOf(requests),
                "--preconnect", String.valueOf(preset.expectedConnections(rate, requests)),
                "--warmup", Math.max(1, Math.round(GENERATOR_WARMUP_MILLIS * scale)) + "ms", "--seed", String.valueOf(seed)));
        common(preset, arguments, prime ? Math.max(1, Math.round(PRIME_REQUESTS * scale)) : 0, out, label);
        return arguments;
    }

    private void traced(List<String> arguments) {
        if (trace) {
            arguments.add("--trace");
        }
    }

    private void common(Preset preset, List<String> arguments, long prime, Path out, String label) {
        arguments.addAll(List.of("--prime", String.valueOf(prime), "--timeout", preset.timeoutMillis() + "ms",
                "--source-addresses", String.valueOf(sourceAddresses), "--out", out.toString(), "--label", label));
    }
}
