package io.workbench.loadgen.peer;

import java.util.List;

/**
 * What wrk (4.x) printed: its closing summary and, when run with {@code --latency}, the
 * percentiles under {@code Latency Distribution} (50, 75, 90 and 99).
 */
public record WrkOutput(WrkSummary summary, LatencyDistribution latency) {

    static final String TOOL = "wrk";

    public static WrkOutput parse(String text) {
        List<String> lines = text.lines().toList();
        return new WrkOutput(WrkSummary.parse(lines, TOOL), LatencyDistribution.section(lines, "Latency Distribution", TOOL));
    }
}
