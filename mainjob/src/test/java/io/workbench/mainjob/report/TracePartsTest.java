package io.workbench.mainjob.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.LoadSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's figures of a traced scenario, from rounds' trace summaries written by hand. */
class TracePartsTest {

    private static LoadSummary.TracePart part(double p50, double p99) {
        return new LoadSummary.TracePart("span", p50, p99, p50, 0, p99, 0);
    }

    /** A round whose handler part is {@code handler} ms at the median, every other part 0.1 ms; its worst request {@code worst} ms. */
    private static LoadSummary.Trace round(double handler, double worst) {
        Map<String, LoadSummary.TracePart> parts = new LinkedHashMap<>();
        for (String key : TraceParts.PARTS.keySet()) {
            parts.put(key, key.equals("handler") ? part(handler, handler * 2) : part(0.1, 0.5));
        }
        Map<String, Double> worstParts = new LinkedHashMap<>();
        TraceParts.PARTS.keySet().forEach(key -> worstParts.put(key, key.equals("handler") ? worst - 0.6 : 0.1));
        return new LoadSummary.Trace("c:s", "r", 1000L, 990L, new LoadSummary.Unmatched(10, 0), 0L, 0L, 0L, 0L, 0L,
                part(handler + 0.6, handler * 2), parts, part(0.05, 0.2), handler + 0.6, 0L, new LoadSummary.Clock(true, "one clock"),
                List.of(new LoadSummary.TracedRequest(42, false, worst, worstParts)), null);
    }

    @Test
    void eachPartIsTheMedianOverTheRoundsAndTheWorstRequestIsTheWorstOfAll() {
        TraceParts parts = TraceParts.of("jetty:sync", List.of(round(20, 30), round(22, 50), round(21, 40)), List.of(1, 2, 3), 3, "");

        assertEquals(3, parts.tracedRounds());
        assertEquals(21.0, parts.p50Ms().get("handler"), 1e-9);
        assertEquals(42.0, parts.p99Ms().get("handler"), 1e-9);
        assertEquals(0.1, parts.p50Ms().get("lateness"), 1e-9);
        assertEquals(21.6, parts.intendedToEndP50Ms(), 1e-9);
        assertEquals(21.6, parts.sumOfPartMediansMs(), 1e-9);
        assertEquals(0.0, parts.gap(), 1e-9);
        assertEquals(2_970, parts.joined());
        assertEquals(2, parts.worst().round());
        assertEquals(50.0, parts.worst().intendedToEndMs(), 1e-9);
        List<List<String>> rows = TraceParts.rows(List.of(parts));
        assertEquals(TraceParts.header().size(), rows.get(0).size());
        assertTrue(rows.get(0).get(rows.get(0).size() - 1).contains("(3 of 3)"), rows.toString());
        assertEquals(TraceParts.worstHeader().size(), TraceParts.worstRows(List.of(parts)).get(0).size());
        String bars = TraceBars.html(List.of(parts));
        assertTrue(bars.contains("class=\"part part-4\" style=\"width:97.222%\""), bars);
    }

    @Test
    void aTargetWithNoRoundToShowSaysWhyAndDrawsNothing() {
        TraceParts none = TraceParts.of("tomcat:sync", List.of(), List.of(), 3, "round 1: not valid; round 2: not one clock");

        assertEquals(0, none.tracedRounds());
        assertNull(none.worst());
        List<String> row = TraceParts.rows(List.of(none)).get(0);
        assertTrue(row.get(1).contains("round 2: not one clock"), row.toString());
        assertEquals(TraceParts.header().size(), row.size());
        assertEquals(List.of(), TraceParts.worstRows(List.of(none)));
        assertTrue(!TraceBars.html(List.of(none)).contains("trace-row"));
    }
}
