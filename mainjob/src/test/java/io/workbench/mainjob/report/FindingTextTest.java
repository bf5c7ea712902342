package io.workbench.mainjob.report;

import static io.workbench.mainjob.report.RunBuilder.Rep.peak;
import static io.workbench.mainjob.report.RunBuilder.Rep.valid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.report.results.RateSearch;
import io.workbench.mainjob.report.results.RunResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The findings in words, on a run of the quick profile's shape with three rounds: a cell listed twice,
 * a target that falls behind, costs, the overhead scenario's search, a run not warm.
 */
class FindingTextTest {

    private static final String SYNC = "jetty:sync";
    private static final String ASYNC = "iocore:async-complete";
    private static final String COPY = ASYNC + "#2";

    @TempDir
    static Path dir;
    static RunResults results;
    static RunFindings findings;

    @BeforeAll
    static void run() {
        RunBuilder run = RunBuilder.quick();
        run.target(SYNC).run("concurrency-level", peak(9_990, 0, 9_998), peak(9_991, 0, 9_998), peak(9_993, 0, 9_997))
                .run("high-concurrency", valid(380).beyond(280).behind(0.7), valid(380).beyond(270).behind(0.72),
                        valid(380).beyond(290).behind(0.69).errors(12))
                .run("overhead", valid(0.5).cpu(60), valid(0.5).cpu(62), valid(0.5).cpu(61))
                .run("stream", valid(20).beyond(20), valid(20).beyond(21), valid(20).beyond(20.5))
                .search("overhead", new RateSearch(10, 0.99, List.of(), 21_000.0, false, "p99 over the bound at 24,000"));
        run.target(ASYNC).run("concurrency-level", peak(19_850, 0, 19_850), peak(19_850, 0, 19_850), peak(19_850, 0, 19_850))
                .run("high-concurrency", valid(100.5).beyond(2.0), valid(100.5).beyond(2.1), valid(100.5).beyond(2.05))
                .run("overhead", valid(0.5).cpu(20), valid(0.5).cpu(21), valid(0.5).cpu(20.5))
                .run("stream", valid(10).beyond(10), valid(10).beyond(10.1), valid(10).beyond(10.2))
                .search("overhead", new RateSearch(10, 0.99, List.of(), 45_000.0, true, "the generator's reach"));
        run.target(COPY).run("concurrency-level", peak(19_850, 0, 19_850), peak(19_850, 0, 19_850), peak(19_850, 0, 19_850))
                .run("high-concurrency", valid(100.5).beyond(2.05), valid(100.5).beyond(2.0), valid(100.5).beyond(2.1))
                .run("overhead", valid(0.5).cpu(20.4), valid(0.5).cpu(20.6), valid(0.5).cpu(20.2))
                .run("stream", valid(10).beyond(10.1), valid(10).beyond(10.0), valid(10).beyond(10.1).cold());
        results = run.write(dir);
        findings = RunFindings.of(dir, results);
    }

    private static String finding(String scenario) {
        return FindingText.finding(results, findings.scenario(scenario));
    }

    @Test
    void aRankingListsTheTargetsWithTheirIntervalsThenEachNeighbourPairsVerdict() {
        String overhead = finding("overhead");

        assertTrue(overhead.startsWith("Ranked (CPU per request, lower is better): " + COPY + " 20.4 µs (95% CI 20.2–20.6 µs), "
                + ASYNC + " 20.5 µs (20.0–21.0 µs), " + SYNC + " 61.0 µs (60.0–62.0 µs). " + COPY + " and " + ASYNC
                + " are equivalent within ±5.0% (95% CI "), overhead);
        assertTrue(overhead.contains(ASYNC + " leads " + SYNC + " by 197.6% (95% CI +195."), overhead);
        assertTrue(overhead.contains("Rests on rounds 1–3 of every target (17,982 requests in all), every run valid and warm."), overhead);
    }

    @Test
    void theSameCellListedTwiceIsCalledAnAaTestOfTheWholeChain() {
        assertTrue(finding("stream").contains(ASYNC + " and " + COPY + " are the same cell listed twice (an A/A test of the whole chain): "
                + "equivalent, as they should be."), finding("stream"));
    }

    @Test
    void aTargetThatFellBehindIsReportedWithTheShareItHeldAndItsLatencyNotRanked() {
        String highConcurrency = finding("high-concurrency");

        assertTrue(highConcurrency.contains("Fell behind: " + SYNC + " held 70.3% of the schedule (95% CI 69.0%–72.0%) over rounds 1–3, "
                + "its median time beyond the wait 279.78 ms (mostly queueing)."), highConcurrency);
        assertTrue(highConcurrency.contains("Errors (failed and timed out, a share of requests, never folded into the figure): "
                + SYNC + " 0.200% of its requests"), highConcurrency);
        assertTrue(highConcurrency.startsWith("Not ranked (median time beyond the wait, lower is better): " + ASYNC), highConcurrency);
    }

    @Test
    void aRunNotWarmIsLeftOutAndSaidSo() {
        assertTrue(finding("stream").contains("Rests on rounds 1–3 of " + SYNC + ", " + ASYNC + "; rounds 1, 2 of " + COPY
                + " (15,984 requests in all), left out: " + COPY + " round 3: taken before the target was warm."), finding("stream"));
    }

    @Test
    void theOverheadScenarioSaysTheSustainedRateAndWhereOnlyALowerBoundIsKnown() {
        String sustained = FindingText.sustained(results, findings.scenario("overhead"));

        assertTrue(sustained.endsWith(SYNC + " 21,000 req/s; " + ASYNC + " at least 45,000 req/s."), sustained);
    }

    @Test
    void theCostTableHasEveryTargetInRankingOrderWithItsRatioToTheFirst() {
        CostTable table = CostTable.of(dir, results, findings.scenario("overhead"));

        assertEquals(List.of(COPY, ASYNC, SYNC), table.rows().stream().map(row -> row.get(0)).toList());
        assertEquals("61.0 (2.99x)", table.rows().get(2).get(1), "CPU per request, 2.99 times the first's");
        assertEquals("42.7", table.rows().get(2).get(2), "its user CPU");
        assertEquals("18.3", table.rows().get(2).get(3), "its kernel CPU");
        assertEquals("6,000", table.rows().get(2).get(11), "requests over its three runs");
    }

    @Test
    void theHeadlineTalliesTheScenariosAndThePairs() {
        String headline = RunFacts.headline(results, findings);

        assertTrue(headline.contains("35 of 36 measured runs valid and warm (only they feed findings; 36 valid, 35 warm)."), headline);
        assertTrue(headline.contains("Scenarios ranked whole: 3 of 4; pairs: 6 lead, 3 equivalent, 1 cannot tell;"), headline);
        assertTrue(headline.contains("1 target fell behind a schedule."), headline);
    }
}
