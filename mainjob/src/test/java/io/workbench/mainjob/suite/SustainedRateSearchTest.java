package io.workbench.mainjob.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.LoadSummary;
import io.workbench.mainjob.report.ResultsJson;
import io.workbench.mainjob.report.results.RateSearch;
import io.workbench.mainjob.report.results.Repetition;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The search for the highest sustained rate, on synthetic runs: it doubles, then halves the gap; a
 * rate is sustained only when the run is valid, held its schedule and kept its p99 under the bound;
 * the generator's own limit or reach makes the answer "at least".
 */
class SustainedRateSearchTest {

    private static final Preset.SearchPlan PLAN = new Preset.SearchPlan(10, 0.99, 8, 1);
    private static final double REACH = 50_000;

    /** A summary as the generator writes it, with the figures the rule reads. */
    private static Repetition run(boolean valid, String limitedBy, double p99Ms, Double achievedFraction, Double heldShare) {
        String json = """
                {"label":"t","achievedRate":1000,"interrupted":false,
                 "requests":{"scheduled":1000,"sent":1000,"ok":1000,"errors":0,"timedOut":0},
                 "latency":{"intendedToEnd":{"count":1000,"meanMs":1,"maxMs":%s,"p50Ms":0.1,"p90Ms":0.2,"p99Ms":%s,"p999Ms":%s,"p9999Ms":%s}},
                 "validity":{"valid":%s,"limitedBy":"%s","limits":[],"reasons":[],"lagP99LimitMs":1,"minRateFraction":0.99,
                             "accountingHolds":true,"evidence":{"achievedFraction":%s}}%s}
                """.formatted(p99Ms, p99Ms, p99Ms, p99Ms, valid, limitedBy, achievedFraction == null ? "null" : achievedFraction,
                heldShare == null ? "" : ",\"targetFellBehind\":{\"behind\":" + (heldShare < 0.99) + ",\"heldShare\":" + heldShare
                        + ",\"peakConnections\":10,\"queuedRequests\":0}");
        try {
            LoadSummary summary = ResultsJson.mapper().readValue(json, LoadSummary.class);
            return new Repetition(0, 0, "search", 0, summary, null, null, null, null, 0, true, null);
        } catch (com.fasterxml.jackson.core.JsonProcessingException garbled) {
            throw new UncheckedIOException(garbled);
        }
    }

    /** A target that holds up to {@code capacity} with a p99 of 0.5 ms, and queues beyond it (p99 in seconds). */
    private static DoubleFunction<Repetition> target(double capacity) {
        return rate -> rate <= capacity ? run(true, "none", 0.5, 1.0, null) : run(true, "none", 2_000, 1.0, null);
    }

    private static RateSearch search(DoubleFunction<Repetition> runs, List<Double> asked) {
        return new SustainedRateSearch(PLAN, 5_000, REACH).search((step, rate) -> {
            asked.add(rate);
            return Optional.of(runs.apply(rate));
        });
    }

    @Test
    void itDoublesFromTheFixedRateThenHalvesTheGapUntilItIsWithinTenPercent() {
        List<Double> asked = new ArrayList<>();

        RateSearch search = search(target(27_000), asked);

        assertEquals(List.of(5_000.0, 10_000.0, 20_000.0, 40_000.0, 30_000.0, 25_000.0, 27_500.0), asked);
        assertEquals(25_000.0, search.sustainedRate());
        assertFalse(search.atLeast(), "the target's limit was found");
        assertEquals("sustained at 25,000 req/s, not at 27,500 req/s", search.note());
        assertEquals(List.of(true, true, true, false, false, true, false), search.steps().stream().map(RateSearch.Step::sustained).toList());
        assertTrue(search.steps().get(3).why().contains("p99 2000.00 ms over the 10 ms bound"), search.steps().get(3).why());
        assertTrue(search.steps().get(0).why().contains("p99 0.50 ms, held 100.0%"), search.steps().get(0).why());
    }

    @Test
    void itStopsWhenItsStepsAreSpentAndSaysWhereItGot() {
        RateSearch search = new SustainedRateSearch(new Preset.SearchPlan(10, 0.99, 4, 1), 5_000, REACH)
                .search((step, rate) -> Optional.of(target(27_000).apply(rate)));

        assertEquals(4, search.steps().size());
        assertEquals(20_000.0, search.sustainedRate());
        assertFalse(search.atLeast());
        assertEquals("its 4 steps were spent: sustained at 20,000 req/s, not at 40,000 req/s", search.note());
    }

    @Test
    void itEndsOnceTheGapIsWithinTenPercent() {
        List<Double> asked = new ArrayList<>();

        RateSearch search = search(target(36_000), asked);

        assertEquals(List.of(5_000.0, 10_000.0, 20_000.0, 40_000.0, 30_000.0, 35_000.0, 37_500.0), asked);
        assertEquals(35_000.0, search.sustainedRate());
        assertEquals("sustained at 35,000 req/s, not at 37,500 req/s", search.note());
    }

    @Test
    void aTargetThatHoldsThePlacesTheGeneratorReachesIsAtLeastTheReach() {
        List<Double> asked = new ArrayList<>();

        RateSearch search = search(target(1_000_000), asked);

        assertEquals(List.of(5_000.0, 10_000.0, 20_000.0, 40_000.0, 50_000.0), asked, "never past the generator's measured reach");
        assertEquals(50_000.0, search.sustainedRate());
        assertTrue(search.atLeast());
        assertTrue(search.note().contains("the generator's measured reach here: at least that"), search.note());
    }

    @Test
    void theGeneratorsOwnVerdictEndsTheSearchWithAtLeastTheLastSustainedRate() {
        List<Double> asked = new ArrayList<>();

        RateSearch search = search(rate -> rate < 20_000 ? run(true, "none", 0.5, 1.0, null) : run(false, "generator-cpu", 0.5, 1.0, null),
                asked);

        assertEquals(List.of(5_000.0, 10_000.0, 20_000.0), asked);
        assertEquals(10_000.0, search.sustainedRate());
        assertTrue(search.atLeast());
        assertTrue(search.note().contains("invalid: generator-cpu") && search.note().contains("at least 10,000 req/s"), search.note());
    }

    @Test
    void aRateHeldForLessThanItsShareIsNotSustainedWhateverItsLatency() {
        List<Double> asked = new ArrayList<>();

        RateSearch fellBehind = search(rate -> run(true, "none", 0.5, 1.0, rate > 10_000 ? 0.9 : 1.0), asked);
        assertEquals(10_000.0, fellBehind.sustainedRate());
        assertTrue(fellBehind.steps().get(2).why().contains("held 90.0% of the schedule (99% needed)"), fellBehind.steps().get(2).why());

        RateSearch behindByTheVerdict = search(rate -> run(true, "none", 0.5, rate > 10_000 ? 0.95 : 1.0, null), new ArrayList<>());
        assertEquals(10_000.0, behindByTheVerdict.sustainedRate(), "without targetFellBehind, the verdict's achieved fraction");
    }

    @Test
    void aTargetThatDoesNotHoldTheFixedRateIsSearchedDownward() {
        List<Double> asked = new ArrayList<>();

        RateSearch search = search(target(1_500), asked);

        assertEquals(List.of(5_000.0, 2_500.0, 1_300.0, 1_900.0, 1_600.0, 1_500.0), asked);
        assertEquals(1_500.0, search.sustainedRate());
    }

    @Test
    void aRunThatIsInvalidForAnotherReasonIsNotSustainedAndTheSearchGoesOn() {
        RateSearch search = search(rate -> rate > 10_000 ? run(false, "descriptor-limit", 0.5, 1.0, null) : run(true, "none", 0.5, 1.0, null),
                new ArrayList<>());

        assertEquals(10_000.0, search.sustainedRate());
        assertFalse(search.atLeast());
        assertEquals("invalid: descriptor-limit", search.steps().get(2).why());
    }

    @Test
    void aSearchStoppedBeforeItsFirstStepHasNoRate() {
        RateSearch search = new SustainedRateSearch(PLAN, 5_000, REACH).search((step, rate) -> Optional.empty());

        assertNull(search.sustainedRate());
        assertTrue(search.steps().isEmpty());
        assertEquals("stopped before step 1", search.note());
    }
}
