package io.workbench.loadgen.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.SummaryJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the report reads a summary's verdict: valid only when it says so without contradicting itself; each other way, which reason. */
class RunVerdictTest {

    private static RunVerdict of(String validity) throws Exception {
        String json = "{\"label\": \"x\", \"requests\": {\"sent\": 1, \"ok\": 1}"
                + (validity == null ? "" : ", \"validity\": " + validity) + "}";
        return RunVerdict.of(SummaryJson.mapper().readValue(json, LoadSummary.class));
    }

    @Test
    void aValidVerdictIsValid() throws Exception {
        RunVerdict verdict = of("{\"valid\": true, \"limitedBy\": \"none\", \"limits\": [], \"reasons\": [], \"accountingHolds\": true}");
        assertTrue(verdict.valid());
        assertEquals(Limit.NONE, verdict.limitedBy());
        assertEquals(List.of(), verdict.limits());
        assertEquals("valid", verdict.label());
    }

    @Test
    void anInvalidVerdictKeepsItsLimitsLimitedByFirstAndItsReasons() throws Exception {
        RunVerdict verdict = of("{\"valid\": false, \"limitedBy\": \"generator-cpu\", \"limits\": [\"connection-cap\", \"generator-cpu\"],"
                + " \"reasons\": [\"no idle time\", \"blocked\"]}");
        assertFalse(verdict.valid());
        assertEquals(Limit.GENERATOR_CPU, verdict.limitedBy());
        assertEquals(List.of(Limit.GENERATOR_CPU, Limit.CONNECTION_CAP), verdict.limits());
        assertEquals(List.of("no idle time", "blocked"), verdict.reasons());
        assertEquals("invalid: generator-cpu", verdict.label());
    }

    @Test
    void aSummaryWrittenBeforeVerdictsNamedTheirLimitIsValidWhenItWasAndNotJudgedOtherwise() throws Exception {
        assertTrue(of("{\"valid\": true, \"reasons\": []}").valid());
        RunVerdict old = of("{\"valid\": false, \"reasons\": [\"the generator lagged\"]}");
        assertFalse(old.valid());
        assertEquals(Limit.NOT_JUDGED, old.limitedBy());
        assertEquals(List.of(RunVerdict.UNNAMED_LIMIT, "the generator lagged"), old.reasons());
        assertEquals("not judged", old.label());
    }

    @Test
    void aVerdictThatContradictsItselfIsNotJudgedSayingHow() throws Exception {
        assertNotJudged(of("{\"valid\": false, \"limitedBy\": \"none\"}"), "the summary calls the run invalid but names no limit");
        assertNotJudged(of("{\"valid\": true, \"limitedBy\": \"generator-pacing\"}"), "the summary calls the run valid but names a limit: generator-pacing");
        assertNotJudged(of("{\"valid\": true, \"limitedBy\": \"none\", \"accountingHolds\": false}"),
                "the summary calls the run valid but its counts do not add up (sent != ok + errors + timedOut)");
        assertNotJudged(of("{\"valid\": true, \"accountingHolds\": false}"), RunVerdict.UNNAMED_LIMIT);
        assertNotJudged(of("{\"valid\": false, \"limitedBy\": \"the-moon\"}"), "the summary names a limit this report does not know: 'the-moon'");
        assertNotJudged(of(null), "the summary holds no verdict");
        assertNotJudged(RunVerdict.of(null), "the run left no summary");
    }

    private static void assertNotJudged(RunVerdict verdict, String reason) {
        assertFalse(verdict.valid());
        assertEquals(Limit.NOT_JUDGED, verdict.limitedBy());
        assertEquals(reason, verdict.reasons().get(0));
    }
}
