package io.workbench.loadgen.foreign;

import com.fasterxml.jackson.databind.JsonNode;
import io.workbench.loadgen.report.ResultsJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 */
public final class HyperfoilControllerExport {

    static final String SCHEMA = "http://hyperfoil.io/run-schema/v3.0";

    private HyperfoilControllerExport() {
    }

    /**
     * @param phase      the phase to read, or null for every phase not marked warm-up
     * @param targetRate the rate the benchmark asked for (the export does not hold it), or null
     */
    public static ForeignRun read(Path file, String phase, Double targetRate, String command) throws IOException {
        JsonNode root = ResultsJson.mapper().readTree(file.toFile());
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
        long requests = 0, responses = 0, invalid = 0, connectionErrors = 0, timeouts = 0, internalErrors = 0, status2xx = 0;
        boolean httpStats = false;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        List<String> phases = new ArrayList<>();
        for (JsonNode entry : measured) {
            phases.add(entry.path("name").asText() + "/" + entry.path("metric").asText());
            JsonNode summary = entry.path("total").path("summary");
            requests += summary.path("requestCount").asLong();
            responses += summary.path("responseCount").asLong();
            invalid += summary.path("invalid").asLong();
            connectionErrors += summary.path("connectionErrors").asLong();
            timeouts += summary.path("requestTimeouts").asLong();
            internalErrors += summary.path("internalErrors").asLong();
            JsonNode http = summary.path("extensions").path("http");
            if (!http.isMissingNode()) {
                httpStats = true;
                status2xx += http.path("status_2xx").asLong();
            }
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
        // ok: a 2xx response (the http extension counts them); otherwise every valid response.
        long ok = httpStats ? status2xx : responses - invalid;
        Map<String, Long> errors = new TreeMap<>();
        errors.put("non_2xx", Math.max(0, responses - ok));
        errors.put("connect_failed", connectionErrors);
        errors.put("hyperfoil_internal", internalErrors);
        // Requests the export counts as sent with no response, error or time-out (cancelled at the phase's end).
        errors.put("no_response", Math.max(0, requests - responses - connectionErrors - timeouts - internalErrors));
        long sent = ok + errors.values().stream().mapToLong(Long::longValue).sum() + timeouts;

        List<String> notes = new ArrayList<>();
        notes.add("Hyperfoil controller export (" + (schema.isEmpty() ? "no $schema" : schema) + ", version "
                + root.path("version").asText("?") + "), run " + root.path("info").path("id").asText("?")
                + " of " + root.path("info").path("benchmark").asText("?") + ": " + String.join(", ", phases));
        notes.add("one latency, kept as send->end: Hyperfoil stamps a request when its session prepares it, before taking a connection "
                + "(the connection wait is in it, the session's late start is not; no coordinated-omission compensation in an open phase)");
        notes.add("percentiles from the export's histogram buckets (HdrHistogram percentile iteration, 5 ticks per half distance)");
        int agents = root.path("agents").size();
        if (agents > 0) {
            notes.add(agents + " agents");
        }
        JsonNode cpu = root.path("agentCpu");
        cpu.fields().forEachRemaining(phaseCpu -> phaseCpu.getValue().fields().forEachRemaining(agent ->
                notes.add("agent CPU " + phaseCpu.getKey() + " " + agent.getKey() + ": " + agent.getValue().asText())));
        List<String> invalidReasons = new ArrayList<>();
        for (JsonNode failure : root.path("failures")) {
            invalidReasons.add("SLA failed in " + failure.path("phase").asText() + ": " + failure.path("message").asText());
        }
        double seconds = Math.max(0, end - start) / 1000.0;
        Double achieved = seconds > 0 ? requests / seconds : null;
        return new ForeignRun("hyperfoil-controller", "hyperfoil " + root.path("info").path("id").asText("run"), command,
                null, "open", null, targetRate, achieved, start, end, sent, ok, timeouts, errors, null, null,
                null, micros, null, List.of(), notes, invalidReasons);
    }
}
