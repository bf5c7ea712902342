package io.workbench.mainjob.report;

import static io.workbench.mainjob.report.RunBuilder.Rep.invalid;
import static io.workbench.mainjob.report.RunBuilder.Rep.peak;
import static io.workbench.mainjob.report.RunBuilder.Rep.valid;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.workbench.loadgen.summary.Limit;
import io.workbench.mainjob.findings.Evidence;
import io.workbench.mainjob.findings.Figure;
import io.workbench.mainjob.findings.PairRule;
import io.workbench.mainjob.findings.Ranking;
import io.workbench.mainjob.findings.RunFindings;
import io.workbench.mainjob.findings.ScenarioFindings;
import io.workbench.mainjob.findings.TargetSamplesCsv;
import io.workbench.mainjob.report.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's findings from its files: what feeds them (valid and warm runs only), the figure each
 * scenario compares, the verdicts and rankings, the targets that fell behind, the fallbacks for
 * older files.
 */
class RunFindingsTest {

    private static final String A = "iocore:async-complete";
    private static final String B = "netty:async-complete";
    private static final String C = "jetty:virtual";

    private static ScenarioFindings findings(RunBuilder run, Path dir, String scenario) {
        RunResults results = run.write(dir);
        return RunFindings.of(dir, results).scenario(scenario);
    }

    private static PairRule.Verdict verdict(ScenarioFindings scenario, String a, String b) {
        return scenario.groups().get(0).verdicts().stream().filter(verdict -> verdict.between(a, b)).findFirst().orElseThrow();
    }

    @Test
    void onlyValidWarmRunsFeedAFindingAndEveryOtherRunSaysWhy(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("stream", valid(12).beyond(12), valid(12).beyond(12).cold(), invalid(Limit.GENERATOR_CPU, 12).beyond(12));

        Evidence evidence = findings(run, dir, "stream").of(A);

        assertEquals(List.of(1), evidence.rounds());
        assertEquals(List.of(new Evidence.Exclusion(2, "taken before the target was warm"), new Evidence.Exclusion(3, "not valid: generator-cpu")),
                evidence.excluded());
        assertEquals(12.0, evidence.sample().figure()[0], 0.01, "the median time beyond the stream's wait of 0");
        assertEquals(1_998, evidence.requests(), "its one feeding run's interval log: 666 a second for three seconds");
        assertNull(evidence.fallback());
    }

    @Test
    void aTwentyPercentDifferenceLeadsAndTheSameFiguresAreEquivalentInAWholeRanking(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("stream", valid(10).beyond(10.0), valid(10).beyond(10.1), valid(10).beyond(9.9));
        run.target(B).run("stream", valid(12).beyond(12.0), valid(12).beyond(12.2), valid(12).beyond(11.9));
        run.target(C).run("stream", valid(12).beyond(12.05), valid(12).beyond(12.1), valid(12).beyond(12.0));

        ScenarioFindings stream = findings(run, dir, "stream");

        assertEquals(Figure.LATENCY_BEYOND_WAIT, stream.figure());
        assertEquals(PairRule.Outcome.A_LEADS, verdict(stream, A, B).outcome());
        assertEquals(PairRule.Outcome.EQUIVALENT, verdict(stream, B, C).outcome());
        Ranking ranking = stream.groups().get(0).keptUp();
        assertEquals(A, ranking.order().get(0).target());
        assertTrue(ranking.whole(), ranking.toString());
        assertTrue(stream.ranked());
        assertEquals(3, stream.family(), "Holm over the three pairs");
    }

    @Test
    void atAOneHundredMillisecondWaitTheLogsResolutionCannotTellAFewTenthsOfAMillisecondApart(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("high-concurrency", valid(100.4).beyond(0.40), valid(100.4).beyond(0.40), valid(100.4).beyond(0.40));
        run.target(B).run("high-concurrency", valid(100.5).beyond(0.46), valid(100.5).beyond(0.46), valid(100.5).beyond(0.46));
        run.target(C).run("high-concurrency", valid(103).beyond(3.0), valid(103).beyond(3.0), valid(103).beyond(3.0));

        ScenarioFindings highConcurrency = findings(run, dir, "high-concurrency");

        PairRule.Verdict close = verdict(highConcurrency, A, B);
        assertEquals(PairRule.Outcome.CANNOT_TELL, close.outcome(), "15% apart, but the log records 100.4 ms to 64 us");
        assertTrue(close.statistics().high() - close.statistics().low() > 0.2, close.statistics().toString());
        assertEquals(PairRule.Outcome.A_LEADS, verdict(highConcurrency, A, C).outcome(), "0.4 ms against 3 ms is told");
    }

    @Test
    void recordedBeyondTheWaitAsItsFloorTheSameFewTenthsOfAMillisecondAreTold(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("high-concurrency", valid(100.4).beyond(0.40).floor(), valid(100.4).beyond(0.40).floor(),
                valid(100.4).beyond(0.40).floor());
        run.target(B).run("high-concurrency", valid(100.5).beyond(0.46).floor(), valid(100.5).beyond(0.46).floor(),
                valid(100.5).beyond(0.46).floor());

        ScenarioFindings highConcurrency = findings(run, dir, "high-concurrency");

        assertEquals(PairRule.Outcome.A_LEADS, verdict(highConcurrency, A, B).outcome(), "15% apart, each recorded to the microsecond");
        Evidence evidence = highConcurrency.of(A);
        assertEquals(0.40, evidence.sample().figure()[0], 0.005);
        assertTrue(evidence.source().startsWith("beyond-floor intervals"), evidence.source());
    }

    @Test
    void aTargetThatFellBehindIsRankedByTheShareItHeldBesideThoseThatKeptUp(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("stream", valid(10).beyond(10), valid(10).beyond(10));
        run.target(B).run("stream", valid(900).beyond(900).behind(0.62), valid(900).beyond(900).behind(0.64));
        run.target(C).run("stream", valid(900).beyond(900).behind(0.40), valid(900).beyond(900).behind(0.41));

        ScenarioFindings stream = findings(run, dir, "stream");
        ScenarioFindings.Group group = stream.groups().get(0);

        assertEquals(List.of(A), group.keptUp().order().stream().map(Ranking.Ranked::target).toList());
        assertEquals(List.of(B, C), group.fellBehind().order().stream().map(Ranking.Ranked::target).toList());
        assertEquals(Figure.HELD_SHARE, group.fellBehind().figure());
        assertEquals(0.63, group.held().get(B)[0], 1e-9);
        assertEquals(PairRule.Outcome.A_LEADS, verdict(stream, B, C).outcome(), "63% held against 40%");
        assertTrue(group.verdicts().stream().noneMatch(verdict -> verdict.between(A, B)), "a latency is never set against a queue");
        assertEquals(List.of(1, 2), stream.of(B).fellBehind());
        assertNotNull(stream.of(B).behindWhy());
    }

    @Test
    void aLogWithoutTriedToEndFallsBackToIntendedToEndAndSaysSo(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("stream", valid(10).legacy(), valid(10).legacy());

        Evidence evidence = findings(run, dir, "stream").of(A);

        assertTrue(evidence.source().startsWith("intended-to-end"), evidence.source());
        assertTrue(evidence.fallback().contains("no tried-to-end"), evidence.fallback());
        assertEquals(10.0, evidence.sample().figure()[0], 0.5, "the fixture's intended->end spreads 5-15 ms around its mean");
    }

    @Test
    void theOverheadScenarioComparesCpuPerRequestFromTheTargetsSamplesOrElseItsCost(@TempDir Path dir) throws IOException {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("overhead", valid(0.5).cpu(20), valid(0.5).cpu(20), valid(0.5).cpu(20));
        run.target(B).run("overhead", valid(0.5).cpu(30), valid(0.5).cpu(30), valid(0.5).cpu(30));
        RunResults results = run.write(dir);
        ScenarioFindings overhead = RunFindings.of(dir, results).scenario("overhead");

        assertEquals(Figure.CPU_PER_REQUEST, overhead.figure());
        assertEquals(20.0, overhead.of(A).sample().figure()[0], 1e-6);
        assertEquals(3, overhead.of(A).sample().rounds().get(1).length, "three one-second intervals of samples in round 1");
        assertEquals(PairRule.Outcome.A_LEADS, verdict(overhead, A, B).outcome());

        try (var files = Files.walk(dir)) {
            for (Path csv : files.filter(file -> file.getFileName().toString().equals(TargetSamplesCsv.FILE_NAME)).toList()) {
                Files.delete(csv);
            }
        }
        Evidence fromCost = RunFindings.of(dir, results).scenario("overhead").of(A);
        assertEquals(20.0, fromCost.sample().figure()[0], 1e-6);
        assertEquals(1, fromCost.sample().rounds().get(1).length, "each run one unit");
        assertTrue(fromCost.fallback().contains("no target-samples.csv"), fromCost.fallback());
    }

    @Test
    void concurrencyLevelRanksTheMostInFlightFirst(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target("jetty:sync").run("concurrency-level", peak(9_990, 0, 9_998), peak(9_991, 0, 9_998), peak(9_993, 0, 9_997));
        run.target(A).run("concurrency-level", peak(19_850, 0, 19_850), peak(19_850, 0, 19_850), peak(19_850, 0, 19_850));

        ScenarioFindings level = findings(run, dir, "concurrency-level");

        assertEquals(Figure.IN_FLIGHT, level.figure());
        assertEquals(A, level.groups().get(0).keptUp().order().get(0).target());
        assertEquals(PairRule.Outcome.B_LEADS, verdict(level, "jetty:sync", A).outcome());
    }

    @Test
    void theSameCellListedTwiceIsEquivalentNeverALeader(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("stream", valid(10).beyond(10.0), valid(10).beyond(10.2), valid(10).beyond(9.9));
        run.target(A + "#2").run("stream", valid(10).beyond(10.1), valid(10).beyond(10.0), valid(10).beyond(10.05));

        ScenarioFindings stream = findings(run, dir, "stream");

        assertEquals(PairRule.Outcome.EQUIVALENT, verdict(stream, A, A + "#2").outcome());
    }

    @Test
    void withOneRoundEachAPairCannotBeTold(@TempDir Path dir) {
        RunBuilder run = RunBuilder.quick();
        run.target(A).run("stream", valid(10).beyond(10));
        run.target(B).run("stream", valid(20).beyond(20));

        PairRule.Verdict verdict = verdict(findings(run, dir, "stream"), A, B);

        assertEquals(PairRule.Outcome.CANNOT_TELL, verdict.outcome());
        assertTrue(verdict.why().contains("at least 2"), verdict.why());
    }
}
