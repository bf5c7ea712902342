package io.workbench.loadgen.peer;

import java.util.List;

/**
 * What wrk2 printed with {@code --latency}: the summary wrk also prints, the distribution corrected
 * for coordinated omission (measured from when each request should have been sent, wrk2's
 * {@code Recorded Latency}) and, with {@code -U}, the uncorrected one (measured from when it was
 * sent). The percentiles are the ones above each {@code Detailed Percentile spectrum}, which is
 * not read.
 */
public record Wrk2Output(WrkSummary summary, LatencyDistribution corrected, LatencyDistribution uncorrected) {

    static final String TOOL = "wrk2";
    static final String CORRECTED = "Latency Distribution (HdrHistogram - Recorded Latency)";
    static final String UNCORRECTED = "Latency Distribution (HdrHistogram - Uncorrected Latency";

    public static Wrk2Output parse(String text) {
        List<String> lines = text.lines().toList();
        LatencyDistribution corrected = LatencyDistribution.section(lines, CORRECTED, TOOL);
        if (corrected.isEmpty()) {
            throw new UnreadableOutputException(TOOL, "no '" + CORRECTED + "' section (was wrk2 run with --latency?)");
        }
        return new Wrk2Output(WrkSummary.parse(lines, TOOL), corrected, LatencyDistribution.section(lines, UNCORRECTED, TOOL));
    }
}
