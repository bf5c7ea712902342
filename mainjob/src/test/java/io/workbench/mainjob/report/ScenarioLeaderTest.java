package io.workbench.mainjob.report;

import static io.workbench.mainjob.report.RunBuilder.Rep.invalid;
import static io.workbench.mainjob.report.RunBuilder.Rep.old;
import static io.workbench.mainjob.report.RunBuilder.Rep.peak;
import static io.workbench.mainjob.report.RunBuilder.Rep.valid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.Limit;
import io.workbench.mainjob.report.results.RunResults;
import io.workbench.mainjob.report.results.ScenarioPreset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Who leads a scenario: only targets with valid runs are ranked, and a target leads only when its
 * median is further from the next one's than the measurement's resolution (the spread of their
 * repetitions, the generator's lag in them, for concurrency-level the two peak counts' disagreement).
 */
class ScenarioLeaderTest {

    private static final String A = "iocore:async-complete";
    private static final String B = "jetty:sync";
    private static final String C = "netty:async-complete";

    private static ScenarioLeader leader(RunResults results, String scenario) {
        ScenarioPreset preset = results.presets().stream().filter(p -> p.scenario().equals(scenario)).findFirst().orElseThrow();
        return ScenarioLeader.of(results, preset);
    }

    private static String sentence(RunResults results, String scenario) {
        return leader(results, scenario).sentence().orElseThrow();
    }

    @Test
    void aTargetWhoseRunsAreInvalidIsNeverTheLeaderHoweverLowItsFigures() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("high-concurrency", invalid(Limit.GENERATOR_CPU, 50), invalid(Limit.GENERATOR_CPU, 51));
        run.target(B).run("high-concurrency", valid(100.0), valid(100.2));
        run.target(C).run("high-concurrency", valid(110.0), valid(110.1));
        RunResults results = run.results();

        ScenarioLeader leader = leader(results, "high-concurrency");

        assertEquals(ScenarioLeader.Outcome.LED, leader.outcome());
        assertEquals(B, leader.ranked().get(0).target());
        assertEquals(List.of(A), leader.without().stream().map(ScenarioLeader.Ranked::target).toList());
        String sentence = sentence(results, "high-concurrency");
        assertTrue(sentence.startsWith("Led by " + B + " (100.10 ms median mean, 2 valid runs)"), sentence);
        assertTrue(sentence.contains("below " + C + " (110.05 ms median mean, 2 valid runs)"), sentence);
        assertTrue(sentence.contains("No figure for " + A + " (no valid run of 2: limited by generator-cpu (2))"), sentence);
        // The study's table gives it no figure either, and says why.
        List<String> row = StudyTable.of(results).rows().get(0);
        assertEquals(A, row.get(0));
        int column = StudyTable.of(results).header().indexOf("high-concurrency: mean ms");
        assertEquals(StudyTable.NO_VALID_RUN + "generator-cpu", row.get(column));
    }

    @Test
    void withOneTargetWithValidRunsNoLeaderIsNamed() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("overhead", invalid(Limit.GENERATOR_PACING, 0.3), invalid(Limit.CONNECTION_CAP, 0.3));
        run.target(B).run("overhead", valid(0.9), valid(0.95));
        RunResults results = run.results();

        ScenarioLeader leader = leader(results, "overhead");

        assertEquals(ScenarioLeader.Outcome.NO_LEADER, leader.outcome());
        String sentence = sentence(results, "overhead");
        assertTrue(sentence.startsWith("No leader: only " + B), sentence);
        assertTrue(sentence.contains("limited by generator-pacing (1), connection-cap (1)"), sentence);
        assertFalse(sentence.contains("Led by"), sentence);
    }

    @Test
    void withNoValidRunAtAllNoLeaderIsNamedAndEveryTargetSaysWhy() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("overhead", invalid(Limit.GENERATOR_CPU, 0.3));
        run.target(B).run("overhead", old(false, 0.2));
        RunResults results = run.results();

        String sentence = sentence(results, "overhead");

        assertTrue(sentence.startsWith("No leader: no target has a valid run."), sentence);
        assertTrue(sentence.contains(A + " (no valid run of 1: limited by generator-cpu (1))"), sentence);
        assertTrue(sentence.contains(B + " (no valid run of 1: limited by not-judged (1))"), sentence);
    }

    @Test
    void aDifferenceWithinTheSpreadOfTheRepetitionsIsATie() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("slow-requests", valid(1_001.7), valid(1_002.5));
        run.target(B).run("slow-requests", valid(1_002.2), valid(1_002.0));
        RunResults results = run.results();

        ScenarioLeader leader = leader(results, "slow-requests");

        assertEquals(ScenarioLeader.Outcome.TIED, leader.outcome());
        Resolution resolution = leader.resolution().orElseThrow();
        assertEquals(Resolution.SPREAD, resolution.source());
        assertEquals(0.8, resolution.resolution(), 1e-9, "A's repetitions lie 0.8 ms apart");
        assertEquals(0.0, resolution.difference(), 1e-9, "both medians are 1,002.1 ms");
        String sentence = sentence(results, "slow-requests");
        assertTrue(sentence.startsWith("Tied within the measurement's resolution: " + A), sentence);
        assertTrue(sentence.contains("within the resolution of 0.800 ms (the spread of their repetitions)"), sentence);
    }

    @Test
    void aDifferenceWithinTheGeneratorsLagIsATieEvenWithOneRepetitionEach() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("high-concurrency", valid(100.0).lag(0.9));
        run.target(B).run("high-concurrency", valid(100.5).lag(0.2));
        RunResults results = run.results();

        ScenarioLeader leader = leader(results, "high-concurrency");

        assertEquals(ScenarioLeader.Outcome.TIED, leader.outcome());
        assertEquals(Resolution.LAG, leader.resolution().orElseThrow().source());
        assertEquals(0.9, leader.resolution().orElseThrow().resolution(), 0.001, "A's lag p99");
    }

    @Test
    void aDifferenceBeyondBothSpreadAndLagNamesTheLeaderAndTheResolution() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("high-concurrency", valid(100.0).lag(0.9), valid(100.4).lag(0.5));
        run.target(B).run("high-concurrency", valid(101.6), valid(101.5));
        RunResults results = run.results();

        ScenarioLeader leader = leader(results, "high-concurrency");

        assertEquals(ScenarioLeader.Outcome.LED, leader.outcome());
        assertEquals(A, leader.ranked().get(0).target());
        String sentence = sentence(results, "high-concurrency");
        assertTrue(sentence.contains("1.350 ms (1.3%) below " + B), sentence);
        assertTrue(sentence.contains("more than the measurement's resolution of 0.900 ms (the generator's lag p99 in their runs)"), sentence);
    }

    @Test
    void aTargetWithoutErrorsLeadsOneWithErrorsWhateverTheirMeans() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("high-concurrency", valid(105.0), valid(105.1));
        run.target(B).run("high-concurrency", valid(100.0).errors(3), valid(100.1).errors(3));
        RunResults results = run.results();

        ScenarioLeader leader = leader(results, "high-concurrency");

        assertEquals(ScenarioLeader.Outcome.LED, leader.outcome());
        assertEquals(A, leader.ranked().get(0).target());
        assertTrue(sentence(results, "high-concurrency").contains("the only one without errors"));
    }

    @Test
    void theConcurrencyLevelPeakIsTheLargerOfThePolledAndTheCountedAndTheirDisagreementIsItsResolution() {
        RunBuilder run = RunBuilder.quick();
        // The sync target's /stats answered late while its pool was exhausted: polled 9,993, counted 9,998.
        run.target(B).run("concurrency-level", peak(9_993, 0, 9_998));
        run.target(A).run("concurrency-level", peak(10_000, 0, 10_000));
        RunResults results = run.results();

        ScenarioLeader leader = leader(results, "concurrency-level");

        assertEquals(9_998, leader.ranked().get(1).figures().medianFigure(), "the counted peak, not the polled one");
        assertEquals(ScenarioLeader.Outcome.TIED, leader.outcome(), "2 apart, within the 5 the two counts disagree by");
        assertEquals(Resolution.PEAK_COUNTS, leader.resolution().orElseThrow().source());

        RunBuilder wider = RunBuilder.quick();
        wider.target(B).run("concurrency-level", peak(9_993, 0, 9_998));
        wider.target(A).run("concurrency-level", peak(10_000, 0, 10_050));
        assertEquals(ScenarioLeader.Outcome.LED, leader(wider.results(), "concurrency-level").outcome(), "52 apart, beyond 50");
    }

    @Test
    void aMaximumReachedBeforeTheRepetitionIsNotItsPeak() {
        RunBuilder run = RunBuilder.quick();
        // maxInFlight was 12,000 before this repetition and still is: the repetition's own peak is the polled 8,000.
        run.target(B).run("concurrency-level", peak(8_000, 12_000, 12_000));
        var figures = ScenarioFigures.of(run.results().targets().get(0).scenarios().get(0));

        assertEquals(8_000, ScenarioFigures.peakInFlight(figures.best().orElseThrow()));
    }

    @Test
    void theHeadlineCountsValidRunsLeadersAndTies() {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("slow-requests", valid(1_001.7), valid(1_002.5))
                .run("high-concurrency", valid(100.0), valid(100.1))
                .run("overhead", invalid(Limit.GENERATOR_CPU, 0.3), invalid(Limit.GENERATOR_CPU, 0.3));
        run.target(B).run("slow-requests", valid(1_002.2), valid(1_002.0))
                .run("high-concurrency", valid(120.0), valid(121.0))
                .run("overhead", invalid(Limit.GENERATOR_CPU, 0.3), valid(0.5));
        RunResults results = run.results();

        String headline = RunFacts.headline(results);

        assertTrue(headline.contains("9 of 12 measured runs valid"), headline);
        assertTrue(headline.contains("Leaders named: 1; ties declared: 1; scenarios with no leader: 1."), headline);
        assertTrue(headline.contains("The commonest limit of a run that is not valid: generator-cpu"), headline);
    }
}
