package io.workbench.loadgen.report.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;

/**
 * The {@code summary.json} one load run writes, as far as the suite and its report read it (the
 * load command's contract in docs/loadgen.md). Fields the generator adds later are ignored, so the
 * report keeps reading older and newer summaries alike. Times are milliseconds, rates requests per
 * second. {@code engine} is null for the load command's own runs, and names the engine of a run
 * measured elsewhere (Hyperfoil, or several generators merged).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record LoadSummary(String label, String command, String url, String model, String arrivals, long seed,
                          Double targetRate, double achievedRate, long startEpochMillis, long endEpochMillis,
                          double durationSeconds, boolean interrupted, Requests requests, Blocked blocked,
                          Connections connections, Generator generator, Latencies latency, Validity validity,
                          Files files, String engine) {

    /** What happened to the requests: {@code sent = ok + errors + timedOut}, always. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Requests(long scheduled, long sent, long ok, long errors, long timedOut,
                           Map<String, Long> errorsByKind) {

        /** Requests that did not end in a good response: errors and time-outs together. */
        public long failed() {
            return errors + timedOut;
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Blocked(long count, double maxMs) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Connections(long opened, long maxOpen, long maxAllowed, long descriptorLimit,
                              List<String> sourceAddresses) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Generator(double cpuSeconds, double cpuPercentOfOneCore) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Latencies(LatencyStats intendedToEnd, LatencyStats sendToEnd, LatencyStats intendedToSend) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LatencyStats(long count, double meanMs, double maxMs, double p50Ms, double p90Ms, double p99Ms,
                               double p999Ms, double p9999Ms) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Validity(boolean valid, List<String> reasons, double lagP99LimitMs, double minRateFraction) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Files(String hlog, Hgrm hgrm) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Hgrm(String intendedToEnd, String sendToEnd, String intendedToSend) {
    }
}
