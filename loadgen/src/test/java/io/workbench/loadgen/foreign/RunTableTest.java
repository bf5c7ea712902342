package io.workbench.loadgen.foreign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.workbench.loadgen.summary.SummaryJson;
import io.workbench.loadgen.summary.LoadSummary;
import org.junit.jupiter.api.Test;

/**
 * {@code report --table}: CPU per measured request from the measured phase's CPU, the whole run's
 * only where a summary has nothing else, marked; the verdict with what limited the run.
 */
class RunTableTest {

    private static LoadSummary summary(Double measuredCpuSeconds, String validity) throws Exception {
        ObjectNode root = (ObjectNode) SummaryJson.mapper().readTree("""
                {"label": "x", "model": "open", "targetRate": 1000.0, "achievedRate": 1000.0,
                 "requests": {"scheduled": 10000, "sent": 10000, "ok": 10000, "errors": 0, "timedOut": 0},
                 "generator": {"cpuSeconds": 4.0, "cpuPercentOfOneCore": 40.0},
                 "validity": %s}""".formatted(validity));
        if (measuredCpuSeconds != null) {
            ((ObjectNode) root.get("generator")).put("measuredCpuSeconds", measuredCpuSeconds);
        }
        return SummaryJson.mapper().treeToValue(root, LoadSummary.class);
    }

    @Test
    void cpuPerRequestIsTheMeasuredPhasesCpuOverTheMeasuredRequests() throws Exception {
        // 4 s over the whole run (priming and warm-up included), 1.5 s of it in the measured phase, 10,000 measured requests.
        assertEquals("150.0", RunTable.cpuPerRequest(summary(1.5, "{\"valid\": true, \"limitedBy\": \"none\"}")));
    }

    @Test
    void aSummaryWithoutTheMeasuredPhasesCpuFallsBackToTheWholeRunMarked() throws Exception {
        assertEquals("400.0 " + RunTable.WHOLE_RUN, RunTable.cpuPerRequest(summary(null, "{\"valid\": true}")));
    }

    @Test
    void theVerdictNamesWhatLimitedTheRunOrWhyItWasNotJudged() throws Exception {
        assertEquals("valid", RunTable.verdict(summary(1.0, "{\"valid\": true, \"limitedBy\": \"none\", \"limits\": []}")));
        assertEquals("invalid: generator-cpu [generator-cpu, connection-cap] (no idle time)", RunTable.verdict(summary(1.0,
                "{\"valid\": false, \"limitedBy\": \"generator-cpu\", \"limits\": [\"generator-cpu\", \"connection-cap\"],"
                        + " \"reasons\": [\"no idle time\"]}")));
        assertEquals("not judged (written before verdicts named their limit; lagged)", RunTable.verdict(summary(1.0,
                "{\"valid\": false, \"reasons\": [\"lagged\"]}")));
    }
}
