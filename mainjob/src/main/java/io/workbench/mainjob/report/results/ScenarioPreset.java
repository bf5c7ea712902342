package io.workbench.mainjob.report.results;

/**
 * The values one scenario ran with, as recorded in results.json, so that a report always says what
 * was measured (the presets of a profile, scaled when asked).
 *
 * @param scenario           the scenario's name, e.g. {@code high-concurrency}
 * @param model              {@code all-at-once}, {@code open}
 * @param rate               the open model's target rate in requests per second, or null
 * @param requests           requests per repetition (for all-at-once: how many start together)
 * @param waitMillis         the wait every /hello request asks the target for ({@code ?wait=})
 * @param streamBytes        bytes per /stream response, or null for /hello
 * @param path               the path and query asked for, e.g. {@code /hello?wait=100}
 * @param timeoutMillis      the per-request time-out given to the generator
 * @param sourceAddresses    how many loopback source addresses the connections are spread over
 * @param warmupConnections  the closed-model warm-up's connections before the scenario, 0 for none
 * @param warmupRequests     the warm-up's requests, 0 for none
 * @param repetitions        measured repetitions: rounds, each measuring every target once
 * @param generatorNote      why the scenario asks more than one generator core here can measure, or null
 * @param warmupPath         what the warm-up asks for (the scenario's path, a long wait shortened), or null
 * @param warmupWindow       requests per warm-up window, or null
 * @param warmupMaxRequests  the most a warm-up sends before its target is recorded not warm, or null
 */
public record ScenarioPreset(String scenario, String model, Double rate, long requests, long waitMillis,
                             Long streamBytes, String path, long timeoutMillis, int sourceAddresses,
                             int warmupConnections, long warmupRequests, int repetitions, String generatorNote,
                             String warmupPath, Long warmupWindow, Long warmupMaxRequests) {

    /** Without the warm-up's details (results written before they were recorded). */
    public ScenarioPreset(String scenario, String model, Double rate, long requests, long waitMillis, Long streamBytes, String path,
                          long timeoutMillis, int sourceAddresses, int warmupConnections, long warmupRequests, int repetitions,
                          String generatorNote) {
        this(scenario, model, rate, requests, waitMillis, streamBytes, path, timeoutMillis, sourceAddresses, warmupConnections,
                warmupRequests, repetitions, generatorNote, null, null, null);
    }

    public boolean hasWarmup() {
        return warmupRequests > 0 && warmupConnections > 0;
    }
}
