package io.workbench.loadgen.foreign;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.summary.SummaryJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Reads the statistics a Hyperfoil controller exports for a run in JSON (its
 * {@code GET /run/{id}/stats/all/json}, or the CLI's {@code export -f json}; schema
 * {@code http://hyperfoil.io/run-schema/v3.0}, Hyperfoil 0.25) into a {@link ForeignRun}.
 *
 * <p>What the export holds: {@code stats[]}, one entry per phase and metric, each with
 * {@code isWarmup}, a {@code total.summary} (counts; response times in nanoseconds; start and end in
 * epoch milliseconds) and {@code histogram.percentiles}, the run's whole histogram as buckets
 * ({@code from}, {@code to}, {@code count}, {@code totalCount}) at five ticks per half-distance;
 * {@code series} are per-interval summaries (percentiles, no histograms); {@code agents[]} the same
 * per agent. The measured phases are the entries not marked warm-up (or the ones {@code phase}
 * names); their histograms are rebuilt by recording each bucket's count at its upper value, so
 * every percentile read from them is the export's own bucket bound (a few percent coarser than the
 * controller's HdrHistogram, never averaged). Hyperfoil keeps one response time, stamped when the
 * request is prepared, before a connection is taken: it is kept as send->end, with a note.
 *
 * <p>The counts are Hyperfoil's own ({@link HyperfoilCounters}: requests written, responses,
 * connection errors, time-outs, blocked time, statuses), and the run is judged by them
 * ({@link HyperfoilVerdict}): its accounting check, blocked time and an exceeded session limit
 * (which the controller records as a failure unless the phase's policy is {@code CONTINUE}), the
 * cancelled flag, and the rate when {@code --rate} gives it. SLA failures are about the target's
 * responses, which never make a run invalid: they go into the notes, as do run errors and the agents'
 * CPU (the machine's, not the generator loop's).
 */
public final class HyperfoilControllerExport {

    static final String SCHEMA = "http://hyperfoil.io/run-schema/v3.0";

    /** The load command's default: achieved below 99% of the rate asked for fails the rate check. */
    public static final double DEFAULT_MIN_RATE_FRACTION = 0.99;

    private HyperfoilControllerExport() {
    }

    /**
     * @param phase      the phase to read, or null for every phase not marked warm-up
     * @param targetRate the rate the benchmark asked for (the export does not hold it), or null
     */
    public static ForeignRun read(Path file, String phase, Double targetRate, String command) throws IOException {
        return read(file, phase, targetRate, DEFAULT_MIN_RATE_FRACTION, command);
    }

    /**
     * @param phase           the phase to read, or null for every phase not marked warm-up
     * @param targetRate      the rate the benchmark asked for (the export does not hold it), or null
     * @param minRateFraction the least share of that rate to achieve
     */
    public static ForeignRun read(Path file, String phase, Double targetRate, double minRateFraction, String command) throws IOException {
        JsonNode root = SummaryJson.mapper().readTree(file.toFile());
        String schema = root.path("$schema").asText("");
        if (!root.has("stats") || !root.get("stats").isArray()) {
            throw new IOException(file + ": no stats array: not a Hyperfoil controller's JSON export (schema " + SCHEMA + ")");
        }
        List<JsonNode> measured = new ArrayList<>();
        for (JsonNode entry : root.get("stats")) {
            boolean chosen = phase == null ? !entry.path("isWarmup").asBoolean(false) : phase.equals(entry.path("phase").asText());
            if (chosen) {
                measured.add(entry);
            }
        }
        if (measured.isEmpty()) {
            throw new IOException(file + ": no " + (phase == null ? "phase not marked warm-up" : "phase named " + phase) + " in its stats");
        }
        Histogram nanos = new Histogram(3);
        nanos.setAutoResize(true);
        HyperfoilCounters counters = HyperfoilCounters.NONE;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        List<String> phases = new ArrayList<>();
        for (JsonNode entry : measured) {
            phases.add(entry.path("name").asText() + "/" + entry.path("metric").asText());
            JsonNode summary = entry.path("total").path("summary");
            counters = counters.plus(counters(summary));
            start = Math.min(start, entry.path("total").path("start").asLong(summary.path("startTime").asLong()));
            end = Math.max(end, entry.path("total").path("end").asLong(summary.path("endTime").asLong()));
            for (JsonNode bucket : entry.path("histogram").path("percentiles")) {
                long count = bucket.path("count").asLong();
                if (count > 0) {
                    nanos.recordValueWithCount(Math.max(1, (long) bucket.path("to").asDouble()), count);
                }
            }
        }
        Histogram micros = new Histogram(3);
        micros.setAutoResize(true);
        for (var value : nanos.recordedValues()) {
            micros.recordValueWithCount(Math.max(1, Math.round(value.getValueIteratedTo() / 1000.0)), value.getCountAtValueIteratedTo());
        }

        List<String> notes = new ArrayList<>();
        notes.add("Hyperfoil controller export (" + (schema.isEmpty() ? "no $schema" : schema) + ", version "
                + root.path("version").asText("?") + "), run " + root.path("info").path("id").asText("?")
                + " of " + root.path("info").path("benchmark").asText("?") + ": " + String.join(", ", phases));
        notes.add("one latency, kept as send->end: Hyperfoil stamps a request when its session prepares it, before taking a connection "
                + "(the connection wait is in it, the session's late start is not; no coordinated-omission compensation in an open phase)");
        notes.add("percentiles from the export's histogram buckets (HdrHistogram percentile iteration, 5 ticks per half distance)");
        notes.add("counts as Hyperfoil counted them (counters): sent is its requestCount; a time-out is also one of its connection errors");
        int agents = root.path("agents").size();
        if (agents > 0) {
            notes.add(agents + " agents");
        }
        JsonNode cpu = root.path("agentCpu");
        cpu.fields().forEachRemaining(phaseCpu -> phaseCpu.getValue().fields().forEachRemaining(agent ->
                notes.add("agent CPU " + phaseCpu.getKey() + " " + agent.getKey() + " (the machine's, as Hyperfoil's CPU watchdog reads "
                        + "/proc/stat): " + agent.getValue().asText())));
        // An SLA on the responses is about the target, which never makes a run invalid. The session limit and the
        // blocked-time check are the generator's cap: the first is judged from the failure (the counters do not hold it),
        // the second from the blockedTime the counters hold.
        boolean sessionLimitExceeded = false;
        for (JsonNode failure : root.path("failures")) {
            String message = failure.path("message").asText();
            if (message.contains("Exceeded session limit")) {
                sessionLimitExceeded = true;
            } else if (message.contains("blocked waiting for a free connection")) {
                notes.add("Hyperfoil's SLA check in " + failure.path("phase").asText() + ": " + message + " (its blockedTime: see the verdict)");
            } else {
                notes.add("SLA failed in " + failure.path("phase").asText() + ": " + message + " (about the target's responses: not held against the run)");
            }
        }
        for (JsonNode error : root.path("info").path("errors")) {
            notes.add("run error" + (error.has("agent") ? " on " + error.path("agent").asText() : "") + ": " + error.path("msg").asText());
        }
        double seconds = Math.max(0, end - start) / 1000.0;
        double achieved = seconds > 0 ? counters.requestCount() / seconds : 0;
        // Under sessionLimitPolicy: CONTINUE the controller only logs an exceeded session limit: the export cannot say it did not happen.
        ForeignVerdict verdict = HyperfoilVerdict.judge(counters, targetRate, achieved, minRateFraction,
                sessionLimitExceeded ? Boolean.TRUE : null, root.path("info").path("cancelled").asBoolean(false));
        Map<String, Object> counted = new LinkedHashMap<>(counters.asMap());
        counted.put("sessionLimitExceeded", sessionLimitExceeded ? Boolean.TRUE : null);
        return new ForeignRun("hyperfoil-controller", "hyperfoil " + root.path("info").path("id").asText("run"), command,
                null, "open", null, targetRate, seconds > 0 ? achieved : null, start, end,
                counters.requestCount(), counters.requestCount(), counters.ok(), counters.requestTimeouts(), counters.errorsByKind(),
                null, null, null, null, null, micros, null, List.of(), notes, verdict, counted);
    }

    /** A {@code StatisticsSummary} as the export serializes it. */
    static HyperfoilCounters counters(JsonNode summary) {
        JsonNode http = summary.path("extensions").path("http");
        HyperfoilCounters.Statuses statuses = http.isMissingNode() ? null : new HyperfoilCounters.Statuses(
                http.path("status_2xx").asLong(), http.path("status_3xx").asLong(), http.path("status_4xx").asLong(),
                http.path("status_5xx").asLong(), http.path("status_other").asLong());
        return new HyperfoilCounters(summary.path("requestCount").asLong(), summary.path("responseCount").asLong(),
                summary.path("invalid").asLong(), summary.path("connectionErrors").asLong(), summary.path("requestTimeouts").asLong(),
                summary.path("internalErrors").asLong(), summary.path("blockedTime").asLong(), statuses);
    }
}
